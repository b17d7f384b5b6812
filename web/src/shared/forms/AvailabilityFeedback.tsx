import { useTranslation } from 'react-i18next';
import type { AvailabilityStatus } from './availability';

/** The live result of an availability check, announced politely as it changes (SPEC §5). */
export function AvailabilityFeedback({
  id,
  field,
  status,
}: {
  id: string;
  field: 'username' | 'email';
  status: AvailabilityStatus;
}) {
  const { t } = useTranslation();
  const text = {
    idle: '',
    checking: t('register.checking'),
    available: t(`register.messages.${field}Available`),
    taken: t(`register.messages.${field}Taken`),
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
