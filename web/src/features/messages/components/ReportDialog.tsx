import { useId, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { DirectMessage } from '../../../../../common/schemas/messages';
import {
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  type ReportReason,
} from '../../../../../common/schemas/reports';
import { useReportMessage } from '../api/messages';
import { MessageText } from './MessageText';

/** Reports a received message to the moderators, with a reason and optional words. */
export function ReportDialog({ message, onClose }: { message: DirectMessage; onClose(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const report = useReportMessage();
  const [reason, setReason] = useState<ReportReason>('spam');
  const [text, setText] = useState('');

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={t('messages.reportCancel')}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {t('messages.reportTitle')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <blockquote className="border-start ps-2 aura-muted">
          <MessageText text={message.text} />
        </blockquote>
        {report.isSuccess ? (
          <Alert variant="success" className="mb-0" role="status">
            {t('messages.reported')}
          </Alert>
        ) : (
          <Form
            id={`${id}-form`}
            onSubmit={(event) => {
              event.preventDefault();
              report.mutate({ messageId: message.id, reason, text: text.trim() || undefined });
            }}
          >
            <fieldset className="mb-3">
              <legend className="h6">{t('messages.reportReason')}</legend>
              {REPORT_REASONS.map((value) => (
                <Form.Check
                  key={value}
                  type="radio"
                  id={`${id}-${value}`}
                  name={`${id}-reason`}
                  label={t(`report.reasons.${value}`)}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                />
              ))}
            </fieldset>
            <Form.Label htmlFor={`${id}-text`}>{t('messages.reportDetails')}</Form.Label>
            <Form.Control
              as="textarea"
              id={`${id}-text`}
              rows={3}
              maxLength={REPORT_TEXT_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            {report.isError && (
              <Alert variant="danger" className="mt-3 mb-0">
                {t('messages.reportError', { message: report.error.message })}
              </Alert>
            )}
          </Form>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {report.isSuccess ? t('messages.close') : t('messages.reportCancel')}
        </Button>
        {!report.isSuccess && (
          <Button type="submit" form={`${id}-form`} disabled={report.isPending}>
            {t('messages.reportSubmit')}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
