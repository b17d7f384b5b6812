import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Opens the conversation with a person on /messages (issue 11: the profile's 'message' button). */
export function MessageButton({ personId }: { personId: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/messages/${encodeURIComponent(personId)}`}
      className="btn btn-outline-primary align-self-start"
      data-testid="message-button"
    >
      {t('profile.message')}
    </Link>
  );
}
