import { useState } from 'react';
import { Alert, Button, Form, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NEW_ITEMS_CHOICES, type NewItemsChoice } from '../../../../../common/schemas/newsletter';
import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../../mail/api/newsletter';
import { RequestError } from '../../../shared/api/request';

/**
 * New-post e-mails (issue 42): per creator the person follows or belongs to, whether a new item
 * is mailed at once, in the weekly mail or not at all. A choice is saved as it is made; until
 * the server answers the select shows it, then the server's state (a refused one goes back).
 */
export function NewPostMailForm() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
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
    <section
      className="card shadow-sm"
      aria-labelledby="account-new-posts-title"
      data-testid="account-new-posts"
    >
      <div className="card-body">
        <h2 id="account-new-posts-title" className="h5">
          {t('accountSettings.newPosts.title')}
        </h2>
        <p className="small aura-muted">{t('accountSettings.newPosts.hint')}</p>
        {preferences.isPending ? (
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">{t('accountSettings.loading')}</span>
          </Spinner>
        ) : preferences.isError ? (
          <Alert variant="danger" role="alert" className="d-flex align-items-center gap-3 mb-0">
            <span>{t('accountSettings.newPosts.loadFailed')}</span>
            <Button size="sm" variant="outline-danger" onClick={() => void preferences.refetch()}>
              {t('profile.retry')}
            </Button>
          </Alert>
        ) : preferences.data.creators.length === 0 ? (
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
              {preferences.data.creators.map((c) => (
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
        )}
        {notice && (
          <Alert
            variant={notice.ok ? 'success' : 'danger'}
            role={notice.ok ? 'status' : 'alert'}
            className="mt-3 mb-0"
            data-testid="account-new-posts-notice"
          >
            {notice.ok ? notice.text : t('accountSettings.saveFailed', { reason: notice.text })}
          </Alert>
        )}
      </div>
    </section>
  );
}
