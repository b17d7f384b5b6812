import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
} from '../../../../../common/schemas/reports';
import { useSendReport, type ReportSubject } from '../api/reports';

export type { ReportSubject };

/**
 * The one report form (issues 11 and 14), for posts, comments, people and received messages: a
 * reason from the list plus text (required for "other"). After sending it thanks the reporter;
 * a second report of the same thing says it is already queued.
 */
export function ReportDialog({
  subject,
  quote,
  onClose,
}: {
  subject: ReportSubject;
  /** What is reported, shown above the form (a message's text). */
  quote?: ReactNode;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const send = useSendReport();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const needsText = reason === 'other' && text.trim() === '';
  const canSend = reason !== '' && !needsText && !send.isPending;

  const submit = () => {
    if (reason === '') return;
    send.mutate({ subject, reason, text: text.trim() });
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={t('report.cancel')}>
        <Modal.Title id={`${id}-title`} className="h5">
          {t(`report.title.${subject.targetType}`)}
        </Modal.Title>
      </Modal.Header>
      {quote && (
        <Modal.Body className="pb-0">
          <blockquote className="border-start ps-2 mb-0 aura-muted">{quote}</blockquote>
        </Modal.Body>
      )}
      {send.isSuccess ? (
        <>
          <Modal.Body>
            <Alert variant="success" className="mb-0" role="status" data-testid="report-sent">
              {send.data.created
                ? t('report.sent', { context: subject.targetType })
                : t('report.alreadySent')}
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
