import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { NOTICE_KINDS, type NoticeKind } from '../../../../../common/rules/locales';
import { useNoticeSettings, useUpdateNoticeSettings } from '../../mail/api/mail';
import { RequestError } from '../../../shared/api/request';
import { SettingsCard, type SaveNotice } from './SettingsCard';

/**
 * E-mail notices (issue 16): one switch per kind, saved as it is flipped. A flipped switch shows
 * its new position while the change is on its way, then the server's state, so a refused change
 * flips back by itself.
 */
export function NoticeSettingsForm() {
  const { t } = useTranslation();
  const settings = useNoticeSettings();
  const update = useUpdateNoticeSettings();
  const [notice, setNotice] = useState<SaveNotice | null>(null);
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
    <SettingsCard
      name="notices"
      title={t('accountSettings.notices.title')}
      hint={t('accountSettings.notices.hint')}
      loadFailed={t('accountSettings.notices.loadFailed')}
      state={settings}
      notice={notice}
    >
      {(data) => (
        <ul className="list-unstyled mb-0 d-flex flex-column gap-2">
          {NOTICE_KINDS.map((kind) => (
            <li key={kind}>
              <Form.Check
                type="switch"
                role="switch"
                id={`account-notice-${kind}`}
                checked={flipped[kind] ?? data[kind]}
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
    </SettingsCard>
  );
}
