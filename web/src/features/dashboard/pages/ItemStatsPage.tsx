import { lazy, Suspense } from 'react';
import { Alert, Card, Col, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ItemStatsResponse } from '../../../../../common/schemas/item-stats';
import type { ItemMailStats } from '../../../../../common/schemas/newsletter';
import { useItemMailStats } from '../../mail/api/newsletter';
import { useItemStats } from '../api/dashboard';

// recharts is large: it loads only when this page shows its charts.
const ItemStatsChart = lazy(() => import('../components/ItemStatsChart'));
const ItemMailChart = lazy(() => import('../components/ItemMailChart'));

const parseId = (raw: string | undefined) => (raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null);

/**
 * Issue 42: /dashboard/items/{id}, an item's first 7 days per day and its new-post e-mails
 * (sent, and opened by a click on their link), for its creator.
 */
export default function ItemStatsPage() {
  const { t } = useTranslation();
  const id = parseId(useParams().itemId);
  const stats = useItemStats(id);
  const mail = useItemMailStats(id);
  return (
    <main className="container py-4" style={{ maxWidth: 960 }}>
      <Link to="/dashboard">{t('upload.backToDashboard')}</Link>
      <h1 className="h3 mt-2">{t('itemStats.title')}</h1>
      <p className="text-muted">{t('itemStats.intro')}</p>
      {id === null || stats.isError ? (
        <Alert variant="warning" role="alert">
          {t('itemStats.unavailable')}
        </Alert>
      ) : stats.isPending ? (
        <Spinner animation="border" role="status" aria-label={t('product.loading')} />
      ) : (
        <StatsView stats={stats.data} />
      )}
      {id !== null && !stats.isError && (
        <section aria-labelledby="item-mail-title" className="mt-4" data-testid="item-mail-stats">
          <h2 id="item-mail-title" className="h5">
            {t('itemStats.mail.title')}
          </h2>
          <p className="text-muted small">{t('itemStats.mail.intro')}</p>
          {mail.isError ? (
            <Alert variant="warning" role="alert">
              {t('itemStats.mail.unavailable')}
            </Alert>
          ) : mail.isPending ? (
            <Spinner animation="border" size="sm" role="status" aria-label={t('product.loading')} />
          ) : (
            <MailView stats={mail.data} />
          )}
        </section>
      )}
    </main>
  );
}

function StatsView({ stats }: { stats: ItemStatsResponse }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const label = (metric: string) => t(`itemStats.metrics.${metric}`, { defaultValue: metric });
  const rows = stats.days.map((day, i) => ({
    day: new Date(`${day}T00:00:00Z`).toLocaleDateString(i18n.language, {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    }),
    ...Object.fromEntries(stats.series.map((s) => [s.metric, s.values[i] ?? 0])),
  }));
  return (
    <>
      <Row xs={2} md={4} className="g-3 mb-3">
        {stats.series.map((s) => (
          <Col key={s.metric}>
            <Card className="text-center h-100" data-testid={`item-stat-${s.metric}`}>
              <Card.Body>
                <div className="text-muted small">{label(s.metric)}</div>
                <div className="fs-3 fw-bold">{number.format(s.total)}</div>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <Card>
        <Card.Body>
          <Suspense fallback={<Spinner animation="border" size="sm" role="status" />}>
            <ItemStatsChart
              label={t('itemStats.chart')}
              rows={rows}
              lines={stats.series.map((s) => ({ key: s.metric, label: label(s.metric) }))}
            />
          </Suspense>
        </Card.Body>
      </Card>
    </>
  );
}

function MailView({ stats }: { stats: ItemMailStats }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const figures: { key: 'sent' | 'clicked' | 'queued'; value: number }[] = [
    { key: 'sent', value: stats.sent },
    { key: 'clicked', value: stats.clicked },
    ...(stats.queued > 0 ? [{ key: 'queued' as const, value: stats.queued }] : []),
  ];
  const label = (key: 'sent' | 'clicked' | 'queued') => t(`itemStats.mail.${key}`);
  return (
    <>
      <Row xs={2} md={4} className="g-3 mb-3">
        {figures.map((f) => (
          <Col key={f.key}>
            <Card className="text-center h-100" data-testid={`item-mail-${f.key}`}>
              <Card.Body>
                <div className="text-muted small">{label(f.key)}</div>
                <div className="fs-3 fw-bold">{number.format(f.value)}</div>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      {stats.sent + stats.queued === 0 ? (
        <p className="text-muted mb-0">{t('itemStats.mail.none')}</p>
      ) : (
        <Card>
          <Card.Body>
            <Suspense fallback={<Spinner animation="border" size="sm" role="status" />}>
              <ItemMailChart
                label={t('itemStats.mail.chart')}
                bars={figures.map((f) => ({ key: f.key, label: label(f.key), value: f.value }))}
              />
            </Suspense>
          </Card.Body>
        </Card>
      )}
    </>
  );
}
