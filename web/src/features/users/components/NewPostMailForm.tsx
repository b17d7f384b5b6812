import { useState } from 'react';
import { Form, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NEW_ITEMS_CHOICES, type NewItemsChoice } from '../../../../../common/schemas/newsletter';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../../mail/api/newsletter';
import { RequestError } from '../../../shared/api/request';
import { SettingsCard, type SaveNotice } from './SettingsCard';

/**
 * New-post e-mails (issue 42): per creator the person follows or belongs to, whether a new item
 * is mailed at once, in the weekly mail or not at all. A choice is saved as it is made; until
 * the server answers the select shows it, then the server's state (a refused one goes back).
 */
export function NewPostMailForm() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  const [chosen, setChosen] = useState<Record<string, NewItemsChoice>>({});

  const choose = (creatorId: string, newItems: NewItemsChoice) => {
    setNotice(null);
    setChosen((current) => ({ ...current, [creatorId]: newItems }));
    update.mutate(
      { creators: [{ creatorId, newItems }] },
      {
        onSettled: () => setChosen(({ [creatorId]: _settled, ...rest }) => rest),
        onSuccess: () => setNotice({ ok: true, text: t('accountSettings.newPosts.saved') }),
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
      name="new-posts"
      title={t('accountSettings.newPosts.title')}
      hint={t('accountSettings.newPosts.hint')}
      loadFailed={t('accountSettings.newPosts.loadFailed')}
      state={preferences}
      notice={notice}
    >
      {(data) =>
        data.creators.length === 0 ? (
          <p className="mb-0" data-testid="account-new-posts-empty">
            {t('accountSettings.newPosts.empty')}
          </p>
        ) : (
          <Table size="sm" responsive className="align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">{t('accountSettings.newPosts.creator')}</th>
                <th scope="col">{t('accountSettings.newPosts.mails')}</th>
              </tr>
            </thead>
            <tbody>
              {data.creators.map((c) => (
                <tr key={c.creatorId} data-testid="account-new-posts-creator">
                  <td>
                    <Link to={`/creator/${encodeURIComponent(c.username)}`}>{c.displayName}</Link>
                    <div className="small aura-muted">
                      {t(`accountSettings.newPosts.relation.${c.relation}`)}
                      {c.isDefault && ` · ${t('accountSettings.newPosts.isDefault')}`}
                    </div>
                  </td>
                  <td style={{ minWidth: 180 }}>
                    <Form.Select
                      size="sm"
                      aria-label={t('accountSettings.newPosts.choiceFor', {
                        name: c.displayName,
                      })}
                      value={chosen[c.creatorId] ?? c.newItems}
                      disabled={update.isPending}
                      onChange={(event) =>
                        choose(c.creatorId, event.target.value as NewItemsChoice)
                      }
                    >
                      {NEW_ITEMS_CHOICES.map((choice) => (
                        <option key={choice} value={choice}>
                          {t(`accountSettings.newPosts.choices.${choice}`)}
                        </option>
                      ))}
                    </Form.Select>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )
      }
    </SettingsCard>
  );
}
