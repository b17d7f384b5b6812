import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  UPDATE_SUBJECT_MAX,
  UPDATE_TEXT_MAX,
  UPDATES_PER_DAY,
} from '../../../../../common/schemas/newsletter';
import { usePostCreatorUpdate } from '../api/newsletter';

/**
 * A creator's short update to their members (issue 42): a subject and a text, mailed to every
 * member who did not switch this creator's mails off. The server's refusals (the daily limit,
 * a field too long) show in the reader's language; a sent update says how many it goes to.
 */
export function CreatorUpdateForm() {
  const { t } = useTranslation();
  const send = usePostCreatorUpdate();
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { subject: subject.trim(), text: text.trim() },
      {
        onSuccess: () => {
          setSubject('');
          setText('');
        },
      },
    );
  };

  return (
    <section aria-labelledby="dashboard-update" className="mb-4" data-testid="creator-update">
      <Form onSubmit={submit} className="card card-body">
        <h2 id="dashboard-update" className="h5">
          {t('creatorUpdate.title')}
        </h2>
        <p className="small text-muted">{t('creatorUpdate.help', { count: UPDATES_PER_DAY })}</p>
        <Form.Group className="mb-2" controlId="creator-update-subject">
          <Form.Label>{t('creatorUpdate.subject')}</Form.Label>
          <Form.Control
            required
            maxLength={UPDATE_SUBJECT_MAX}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
          />
        </Form.Group>
        <Form.Group className="mb-2" controlId="creator-update-text">
          <Form.Label>{t('creatorUpdate.text')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={5}
            required
            maxLength={UPDATE_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby="creator-update-text-count"
          />
          <Form.Text id="creator-update-text-count">
            {t('creatorUpdate.length', { length: text.length, max: UPDATE_TEXT_MAX })}
          </Form.Text>
        </Form.Group>
        <div>
          <Button
            type="submit"
            disabled={send.isPending || subject.trim() === '' || text.trim() === ''}
          >
            {send.isPending ? t('creatorUpdate.sending') : t('creatorUpdate.send')}
          </Button>
        </div>
        {send.isError && (
          <Alert
            variant="danger"
            role="alert"
            className="mt-3 mb-0"
            data-testid="creator-update-error"
          >
            {t('creatorUpdate.failed', { reason: send.error.message })}
          </Alert>
        )}
        {send.isSuccess && (
          <Alert
            variant="success"
            role="status"
            className="mt-3 mb-0"
            data-testid="creator-update-sent"
          >
            {t('creatorUpdate.sent', { count: send.data.recipients })}
          </Alert>
        )}
      </Form>
    </section>
  );
}
