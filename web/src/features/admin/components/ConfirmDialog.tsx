import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MODERATION_REASON_MAX } from '../../../../../common/schemas/admin';

export interface ConfirmRequest {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  variant?: 'primary' | 'danger' | 'warning';
  /** The reason box: shown when the action takes one; its hint names the default. */
  reasonHint?: string;
  run(reason: string): Promise<unknown>;
}

/**
 * SPEC §5: the warn action (and every other moderation action) needs a confirmation. The dialog
 * stays open with the server's message when the call fails, so nothing is lost.
 */
export function ConfirmDialog({
  request,
  onClose,
}: {
  request: ConfirmRequest;
  onClose: (done: boolean) => void;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [isRunning, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setRunning(true);
    setFailure(null);
    try {
      await request.run(reason);
      onClose(true);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setRunning(false);
    }
  };

  return (
    <Modal show onHide={() => onClose(false)} centered aria-labelledby={`${reasonId}-title`}>
      <Modal.Header closeButton closeLabel={t('admin.actions.cancel')}>
        <Modal.Title id={`${reasonId}-title`} className="h5">
          {request.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="mb-3">{request.body}</div>
        {request.reasonHint !== undefined && (
          <Form.Group controlId={reasonId}>
            <Form.Label>{t('admin.actions.reason')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              maxLength={MODERATION_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-describedby={`${reasonId}-hint`}
            />
            <Form.Text id={`${reasonId}-hint`}>{request.reasonHint}</Form.Text>
          </Form.Group>
        )}
        {failure && (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {t('admin.actionError', { message: failure })}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => onClose(false)}>
          {t('admin.actions.cancel')}
        </Button>
        <Button
          variant={request.variant ?? 'primary'}
          disabled={isRunning}
          onClick={() => void confirm()}
        >
          {isRunning ? t('admin.actions.working') : request.confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
