import { useId, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
} from '../../../../../common/schemas/reports';
import { useCreateReport } from '../api/reports';

export interface ReportSubject {
  targetType: 'item' | 'comment' | 'user';
  targetId: string;
}

/**
 * The report form (issue 14): a reason from the list plus text (required for "other"). After
 * sending it thanks the reporter; a second report of the same thing says it is already queued.
 */
export function ReportDialog({ subject, onClose }: { subject: ReportSubject; onClose(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const send = useCreateReport();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const needsText = reason === 'other' && text.trim() === '';
  const canSend = reason !== '' && !needsText && !send.isPending;

  const submit = () => {
    if (reason === '') return;
    send.mutate({ ...subject, reason, text: text.trim() });
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={t('report.cancel')}>
        <Modal.Title id={`${id}-title`} className="h5">
          {t(`report.title.${subject.targetType}`)}
        </Modal.Title>
      </Modal.Header>
      {send.isSuccess ? (
        <>
          <Modal.Body>
            <Alert variant="success" className="mb-0" role="status" data-testid="report-sent">
              {send.data.created ? t('report.sent') : t('report.alreadySent')}
            </Alert>
          </Modal.Body>
          <Modal.Footer>
            <Button onClick={onClose}>{t('report.close')}</Button>
          </Modal.Footer>
        </>
      ) : (
        <Form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (canSend) submit();
          }}
        >
          <Modal.Body>
            <Form.Group controlId={`${id}-reason`} className="mb-3">
              <Form.Label>{t('report.reason')}</Form.Label>
              <Form.Select
                value={reason}
                required
                onChange={(event) => setReason(event.target.value as ReportReason | '')}
              >
                <option value="">{t('report.chooseReason')}</option>
                {REPORT_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {t(`report.reasons.${r}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group controlId={`${id}-text`}>
              <Form.Label>
                {reason === 'other' ? t('report.textRequiredLabel') : t('report.text')}
              </Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                maxLength={REPORT_TEXT_MAX}
                value={text}
                onChange={(event) => setText(event.target.value)}
                isInvalid={reason === 'other' && needsText && text.length > 0}
              />
            </Form.Group>
            {send.isError && (
              <Alert variant="danger" className="mt-3 mb-0" role="alert">
                {t('report.error', { message: send.error.message })}
              </Alert>
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="outline-secondary" onClick={onClose}>
              {t('report.cancel')}
            </Button>
            <Button type="submit" variant="danger" disabled={!canSend}>
              {send.isPending ? t('report.sending') : t('report.submit')}
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}
