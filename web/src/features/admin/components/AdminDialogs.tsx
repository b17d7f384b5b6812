import { Alert } from 'react-bootstrap';
import { ConfirmDialog } from './ConfirmDialog';
import type { AdminActions } from './useAdminActions';

/** The open confirmation, if any, and the notice of the last action. */
export function AdminDialogs({ actions }: { actions: AdminActions }) {
  return (
    <>
      {actions.notice && (
        <Alert
          variant="success"
          dismissible
          onClose={actions.dismissNotice}
          role="status"
          data-testid="admin-notice"
        >
          {actions.notice}
        </Alert>
      )}
      {actions.confirming && (
        <ConfirmDialog request={actions.confirming} onClose={actions.closeConfirm} />
      )}
    </>
  );
}
