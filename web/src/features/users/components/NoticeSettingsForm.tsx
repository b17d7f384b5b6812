import { useState } from 'react';
import { Alert, Button, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NOTICE_KINDS, type NoticeKind } from '../../../../../common/rules/locales';
import { useNoticeSettings, useUpdateNoticeSettings } from '../../mail/api/mail';
import { RequestError } from '../../../shared/api/request';

/**
 * E-mail notices (issue 16): one switch per kind, saved as it is flipped. A flipped switch shows
 * its new position while the change is on its way, then the server's state, so a refused change
 * flips back by itself.
 */
export function NoticeSettingsForm() {
  const { t } = useTranslation();
  const settings = useNoticeSettings();
  const update = useUpdateNoticeSettings();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [flipped, setFlipped] = useState<Partial<Record<NoticeKind, boolean>>>({});

  const toggle = (kind: NoticeKind, on: boolean) => {
    setNotice(null);
    setFlipped((current) => ({ ...current, [kind]: on }));
    update.mutate(
      { [kind]: on },
      {
        onSettled: () =>
          setFlipped(
            ({ [kind]: _settled, ...rest }) => rest as Partial<Record<NoticeKind, boolean>>,
          ),
        onSuccess: () => setNotice({ ok: true, text: t('accountSettings.notices.saved') }),
        onError: (error) =>
          setNotice({
            ok: false,
            text: error instanceof RequestError ? error.message : t('accountSettings.failed'),
          }),
      },
    );
  };

  return (
    <section
      className="card shadow-sm"
      aria-labelledby="account-notices-title"
      data-testid="account-notices"
    >
      <div className="card-body">
        <h2 id="account-notices-title" className="h5">
          {t('accountSettings.notices.title')}
        </h2>
        <p className="small aura-muted">{t('accountSettings.notices.hint')}</p>
        {settings.isPending ? (
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">{t('accountSettings.loading')}</span>
          </Spinner>
        ) : settings.isError ? (
          <Alert variant="danger" role="alert" className="d-flex align-items-center gap-3 mb-0">
            <span>{t('accountSettings.notices.loadFailed')}</span>
            <Button size="sm" variant="outline-danger" onClick={() => void settings.refetch()}>
              {t('profile.retry')}
            </Button>
          </Alert>
        ) : (
          <ul className="list-unstyled mb-0 d-flex flex-column gap-2">
            {NOTICE_KINDS.map((kind) => (
              <li key={kind}>
                <Form.Check
                  type="switch"
                  role="switch"
                  id={`account-notice-${kind}`}
                  checked={flipped[kind] ?? settings.data[kind]}
                  disabled={update.isPending}
                  onChange={(event) => toggle(kind, event.target.checked)}
                  label={t(`accountSettings.notices.kinds.${kind}.label`)}
                  aria-describedby={`account-notice-${kind}-help`}
                />
                <Form.Text id={`account-notice-${kind}-help`} className="ms-5 d-block">
                  {t(`accountSettings.notices.kinds.${kind}.description`)}
                </Form.Text>
              </li>
            ))}
          </ul>
        )}
        {notice && (
          <Alert
            variant={notice.ok ? 'success' : 'danger'}
            role={notice.ok ? 'status' : 'alert'}
            className="mt-3 mb-0"
            data-testid="account-notices-notice"
          >
            {notice.ok ? notice.text : t('accountSettings.saveFailed', { reason: notice.text })}
          </Alert>
        )}
      </div>
    </section>
  );
}
