import { lazy, Suspense, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../app/auth';
import type { ReportSubject } from '../api/reports';

// The form loads when someone opens it: the feed does not carry it for every post.
const ReportDialog = lazy(() =>
  import('./ReportDialog').then((module) => ({ default: module.ReportDialog })),
);

/**
 * The report button (issue 14) on posts and comments: for signed-in people, never on their
 * own content (the server refuses that too).
 */
export function ReportButton({
  subject,
  ownerId,
  label,
  className,
}: {
  subject: ReportSubject;
  /** Whose content it is: its owner gets no button. */
  ownerId: string;
  /** The accessible name, saying what is reported. */
  label: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [isOpen, setOpen] = useState(false);
  if (!user || user.id === ownerId) return null;
  return (
    <>
      <Button
        variant="link"
        size="sm"
        className={`p-0 ${className ?? ''}`}
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {t('report.button')}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <ReportDialog subject={subject} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
