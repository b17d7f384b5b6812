import { useState } from 'react';
import { Alert, Badge, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { FeedLink } from '../../../../../common/schemas/feeds';
import { RequestError } from '../../../shared/api/request';
import { SettingsCard, type SaveNotice } from '../../users/components/SettingsCard';
import { useFeedLinks, useRotateFeedLink } from '../api/feeds';

/** One creator's private feed link: copy it, make it, or reset it (after a confirmation). */
function FeedLinkRow({ feed }: { feed: FeedLink }) {
  const { t } = useTranslation();
  const rotate = useRotateFeedLink();
  const [isConfirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  const inputId = `feed-link-${feed.creatorId}`;

  const makeOrReset = (isReset: boolean) => {
    setNotice(null);
    setConfirming(false);
    rotate.mutate(feed.creatorId, {
      onSuccess: () =>
        setNotice({
          ok: true,
          text: t(isReset ? 'accountSettings.feeds.resetDone' : 'accountSettings.feeds.made'),
        }),
      onError: (error) =>
        setNotice({
          ok: false,
          text: error instanceof RequestError ? error.message : t('accountSettings.failed'),
        }),
    });
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setNotice({ ok: true, text: t('accountSettings.feeds.copied') });
    } catch {
      setNotice({ ok: false, text: t('accountSettings.feeds.copyFailed') });
    }
  };

  return (
    <li className="border rounded p-3" data-testid="feed-link" data-creator={feed.username}>
      <div className="d-flex align-items-center gap-2 mb-2">
        <strong>{feed.displayName}</strong>
        <Badge
          bg={feed.basis === 'member' ? 'warning' : 'secondary'}
          text={feed.basis === 'member' ? 'dark' : undefined}
        >
          {t(`accountSettings.feeds.${feed.basis}`)}
        </Badge>
        <a className="ms-auto small" href={feed.publicUrl} target="_blank" rel="noreferrer">
          {t('accountSettings.feeds.publicFeed')}
        </a>
      </div>
      {feed.url ? (
        <>
          <Form.Label htmlFor={inputId} className="visually-hidden">
            {t('accountSettings.feeds.linkLabel', { name: feed.displayName })}
          </Form.Label>
          <Form.Control
            id={inputId}
            readOnly
            value={feed.url}
            className="font-monospace small mb-2"
            onFocus={(event) => event.target.select()}
          />
          <div className="d-flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void copy(feed.url!)}>
              {t('accountSettings.feeds.copy')}
            </Button>
            {isConfirming ? (
              <>
                <span className="small align-self-center">
                  {t('accountSettings.feeds.confirmReset', { name: feed.displayName })}
                </span>
                <Button
                  size="sm"
                  variant="danger"
                  disabled={rotate.isPending}
                  onClick={() => makeOrReset(true)}
                >
                  {t('accountSettings.feeds.reset')}
                </Button>
                <Button size="sm" variant="outline-secondary" onClick={() => setConfirming(false)}>
                  {t('admin.actions.cancel')}
                </Button>
              </>
            ) : (
              <Button size="sm" variant="outline-danger" onClick={() => setConfirming(true)}>
                {t('accountSettings.feeds.reset')}
              </Button>
            )}
          </div>
        </>
      ) : (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="small aura-muted">{t('accountSettings.feeds.stopped')}</span>
          <Button size="sm" disabled={rotate.isPending} onClick={() => makeOrReset(false)}>
            {t('accountSettings.feeds.make')}
          </Button>
        </div>
      )}
      {notice && (
        <Alert
          variant={notice.ok ? 'success' : 'danger'}
          role={notice.ok ? 'status' : 'alert'}
          className="mt-2 mb-0 py-2 small"
        >
          {notice.text}
        </Alert>
      )}
    </li>
  );
}

/**
 * Feeds and podcasts (issue 42): the person's private feed link for each creator they follow or
 * are a member of, for a podcast app or a feed reader.
 */
export function FeedLinksSection() {
  const { t } = useTranslation();
  const links = useFeedLinks();
  return (
    <SettingsCard
      name="feeds"
      title={t('accountSettings.feeds.title')}
      hint={t('accountSettings.feeds.hint')}
      loadFailed={t('accountSettings.feeds.loadFailed')}
      state={links}
      notice={null}
    >
      {(data) =>
        data.feeds.length === 0 ? (
          <p className="mb-0">{t('accountSettings.feeds.none')}</p>
        ) : (
          <ul className="list-unstyled mb-0 d-flex flex-column gap-2">
            {data.feeds.map((feed) => (
              <FeedLinkRow key={feed.creatorId} feed={feed} />
            ))}
          </ul>
        )
      }
    </SettingsCard>
  );
}
