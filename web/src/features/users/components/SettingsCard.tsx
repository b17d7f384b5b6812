import type { ReactNode } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** What a setting saved as it is changed says afterwards: the success text or the refusal. */
export interface SaveNotice {
  ok: boolean;
  text: string;
}

/**
 * A card of account settings that loads its state from the server: its title and hint, a
 * spinner while loading, a retry when loading failed, then `children` of the answer, and below them the notice
 * of the last save. `name` makes its ids and test ids (`account-{name}`).
 */
export function SettingsCard<T>({
  name,
  title,
  hint,
  loadFailed,
  state,
  notice,
  children,
}: {
  name: string;
  title: string;
  hint: string;
  loadFailed: string;
  state: { isPending: boolean; isError: boolean; refetch: () => unknown; data: T | undefined };
  notice: SaveNotice | null;
  /** The loaded settings, drawn from the server's answer. */
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = `account-${name}`;
  return (
    <section className="card shadow-sm" aria-labelledby={`${id}-title`} data-testid={id}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="h5">
          {title}
        </h2>
        <p className="small aura-muted">{hint}</p>
        {state.isPending ? (
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">{t('accountSettings.loading')}</span>
          </Spinner>
        ) : state.isError ? (
          <Alert variant="danger" role="alert" className="d-flex align-items-center gap-3 mb-0">
            <span>{loadFailed}</span>
            <Button size="sm" variant="outline-danger" onClick={() => void state.refetch()}>
              {t('profile.retry')}
            </Button>
          </Alert>
        ) : (
          state.data !== undefined && children(state.data)
        )}
        {notice && (
          <Alert
            variant={notice.ok ? 'success' : 'danger'}
            role={notice.ok ? 'status' : 'alert'}
            className="mt-3 mb-0"
            data-testid={`${id}-notice`}
          >
            {notice.ok ? notice.text : t('accountSettings.saveFailed', { reason: notice.text })}
          </Alert>
        )}
      </div>
    </section>
  );
}
