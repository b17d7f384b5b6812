import { Alert, Badge, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useAdminOutbox } from '../../mail/api/mail';
import { useNewsletterOutbox } from '../../mail/api/newsletter';

/**
 * The outbox (issue 16, admins): with the embedded outbox adapter, every mail the platform
 * sent, readable here with the secrets of its links hidden (issue 19); with any adapter, the
 * mails waiting for a try and those it gave up on, with their tries and last error; and the
 * latest newsletters (issue 42) with how many of their mails were sent and clicked.
 */
export default function AdminOutboxPage() {
  const { t, i18n } = useTranslation();
  const outbox = useAdminOutbox();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  if (outbox.isError) return <Alert variant="danger">{outbox.error.message}</Alert>;
  if (!outbox.data) return <p role="status">{t('app.loading')}</p>;
  const { mails, failed, pending, waiting, transport, notDelivered } = outbox.data;
  return (
    <div className="d-flex flex-column gap-3">
      <h1 className="h3 mb-0">{t('admin.outbox.title')}</h1>
      {notDelivered && (
        <Alert variant="warning" className="mb-0" data-testid="outbox-not-delivered">
          {t('admin.outbox.notDelivered')}
        </Alert>
      )}
      <p className="mb-0">
        {t('admin.outbox.transport', { transport })} ·{' '}
        {t('admin.outbox.pending', { count: pending })}
      </p>
      <NewsletterCounts />
      {waiting.length > 0 && (
        <section aria-labelledby="outbox-waiting">
          <h2 className="h5" id="outbox-waiting">
            {t('admin.outbox.waiting')}
          </h2>
          <Table size="sm" responsive data-testid="outbox-waiting">
            <thead>
              <tr>
                <th>{t('admin.outbox.to')}</th>
                <th>{t('admin.outbox.template')}</th>
                <th>{t('admin.outbox.attempts')}</th>
                <th>{t('admin.outbox.error')}</th>
                <th>{t('admin.outbox.nextAttempt')}</th>
              </tr>
            </thead>
            <tbody>
              {waiting.map((w) => (
                <tr key={w.id}>
                  <td>{w.to}</td>
                  <td>{w.template}</td>
                  <td>{w.attempts}</td>
                  <td>{w.lastError}</td>
                  <td>{time.format(new Date(w.nextAttemptAt))}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}
      {failed.length > 0 && (
        <section aria-labelledby="outbox-failed">
          <h2 className="h5" id="outbox-failed">
            {t('admin.outbox.failed')}
          </h2>
          <Table size="sm" responsive>
            <thead>
              <tr>
                <th>{t('admin.outbox.to')}</th>
                <th>{t('admin.outbox.template')}</th>
                <th>{t('admin.outbox.attempts')}</th>
                <th>{t('admin.outbox.error')}</th>
              </tr>
            </thead>
            <tbody>
              {failed.map((f) => (
                <tr key={f.id}>
                  <td>{f.to}</td>
                  <td>{f.template}</td>
                  <td>{f.attempts}</td>
                  <td>{f.lastError}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}
      {transport === 'outbox' && mails.length === 0 && <p>{t('admin.outbox.empty')}</p>}
      {mails.length > 0 && <p className="mb-0 small">{t('admin.outbox.hiddenLinks')}</p>}
      <ul className="list-unstyled d-flex flex-column gap-3" data-testid="outbox-mails">
        {mails.map((mail) => (
          <li key={mail.id} className="border rounded p-3" data-testid="outbox-mail">
            <div className="d-flex flex-wrap gap-2 align-items-baseline">
              <strong>{mail.subject}</strong>
              <Badge bg="secondary">{mail.template}</Badge>
              <span className="small">
                {t('admin.outbox.to')}: {mail.to}
              </span>
              <span className="small ms-auto">{time.format(new Date(mail.sentAt))}</span>
            </div>
            <pre className="mt-2 mb-0" style={{ whiteSpace: 'pre-wrap' }}>
              {mail.text}
            </pre>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The latest new-post e-mails and creator updates, one row each, with their counts. */
function NewsletterCounts() {
  const { t, i18n } = useTranslation();
  const newsletters = useNewsletterOutbox();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-labelledby="outbox-newsletters">
      <h2 className="h5" id="outbox-newsletters">
        {t('admin.outbox.newsletters.title')}
      </h2>
      {newsletters.isError ? (
        <Alert variant="danger">{newsletters.error.message}</Alert>
      ) : !newsletters.data ? (
        <p role="status">{t('app.loading')}</p>
      ) : newsletters.data.newsletters.length === 0 ? (
        <p className="mb-0">{t('admin.outbox.newsletters.empty')}</p>
      ) : (
        <Table size="sm" responsive data-testid="outbox-newsletters">
          <thead>
            <tr>
              <th>{t('admin.outbox.newsletters.what')}</th>
              <th>{t('admin.outbox.newsletters.creator')}</th>
              <th>{t('admin.outbox.newsletters.queuedAt')}</th>
              <th className="text-end">{t('admin.outbox.newsletters.sent')}</th>
              <th className="text-end">{t('admin.outbox.newsletters.queued')}</th>
              <th className="text-end">{t('admin.outbox.newsletters.clicked')}</th>
            </tr>
          </thead>
          <tbody>
            {newsletters.data.newsletters.map((n) => (
              <tr key={n.source} data-testid="outbox-newsletter">
                <td>
                  {n.itemId === null ? (
                    <Badge bg="info" className="me-2">
                      {t('admin.outbox.newsletters.update')}
                    </Badge>
                  ) : (
                    <Badge bg="secondary" className="me-2">
                      {t('admin.outbox.newsletters.item', { id: n.itemId })}
                    </Badge>
                  )}
                  {n.title}
                </td>
                <td>{n.creator}</td>
                <td>{time.format(new Date(n.queuedAt))}</td>
                <td className="text-end">{number.format(n.sent)}</td>
                <td className="text-end">{number.format(n.queued)}</td>
                <td className="text-end">{number.format(n.clicked)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
