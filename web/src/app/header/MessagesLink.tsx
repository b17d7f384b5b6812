import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadTotal } from '../../features/messages/api/messages';
import { useMessagesLive } from '../../features/messages/api/messages-live';
import { EnvelopeIcon } from '../shell/icons';

/** Counts above this show as "99+". */
const BADGE_MAX = 99;

/**
 * SPEC §2 header messages icon, with the unread badge (issue 11). Mounted while signed in, it
 * also keeps the tab's live connection open, so the badge and any open conversation update as
 * messages arrive.
 */
export default function MessagesLink() {
  const { t } = useTranslation();
  useMessagesLive();
  const unread = useUnreadTotal().data ?? 0;
  const label =
    unread > 0 ? t('shell.header.messagesUnread', { count: unread }) : t('shell.header.messages');
  return (
    <Link
      to="/messages"
      className="btn aura-icon-button position-relative"
      aria-label={label}
      title={label}
      data-testid="header-messages"
    >
      <EnvelopeIcon />
      {unread > 0 && (
        <span
          className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger"
          aria-hidden="true"
          data-testid="messages-badge"
        >
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      )}
    </Link>
  );
}
