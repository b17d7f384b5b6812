import { useTranslation } from 'react-i18next';
import type { AvailabilityStatus } from '../../components/account/availability';

/** The live result of an availability check, announced politely as it changes (SPEC §5). */
export function AvailabilityFeedback({
  id,
  status,
  available,
  taken,
}: {
  id: string;
  status: AvailabilityStatus;
  available: 'usernameAvailable' | 'emailAvailable';
  taken: 'usernameTaken' | 'emailTaken';
}) {
  const { t } = useTranslation();
  const text = {
    idle: '',
    checking: t('register.checking'),
    available: t(`register.messages.${available}`),
    taken: t(`register.messages.${taken}`),
    failed: t('register.checkFailed'),
  }[status];
  const tone =
    status === 'available' ? 'text-success' : status === 'taken' ? 'text-danger' : 'aura-muted';
  return (
    <div
      id={id}
      className={`small mt-1 ${tone}`}
      aria-live="polite"
      data-testid={id}
      data-status={status}
    >
      {text}
    </div>
  );
}
