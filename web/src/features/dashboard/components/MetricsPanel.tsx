import { lazy, Suspense } from 'react';
import { Card, Col, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { DashboardMetrics } from '../../../../../common/schemas/dashboard';

// recharts is large: it loads only when a dashboard shows its chart, never with the landing page.
const MetricsChart = lazy(() => import('./MetricsChart'));

/** SPEC §2 metrics as stat cards, plus a bar chart because these are numbers people compare. */
export function MetricsPanel({ metrics }: { metrics: DashboardMetrics }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const stats = [
    { key: 'views', label: t('dashboard.views'), value: metrics.views },
    { key: 'subscribers', label: t('dashboard.subscribers'), value: metrics.subscribers },
    { key: 'likes', label: t('dashboard.likes'), value: metrics.likes },
  ];
  return (
    <section aria-labelledby="dashboard-metrics">
      <h2 id="dashboard-metrics" className="h5">
        {t('dashboard.metrics')}
      </h2>
      <Row xs={1} sm={3} className="g-3 mb-3">
        {stats.map((stat) => (
          <Col key={stat.key}>
            <Card className="text-center h-100" data-testid={`metric-${stat.key}`}>
              <Card.Body>
                <div className="text-muted small">{stat.label}</div>
                <div className="fs-3 fw-bold" data-testid={`metric-${stat.key}-value`}>
                  {number.format(stat.value)}
                </div>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <Card>
        <Card.Body>
          <Suspense fallback={<Spinner animation="border" size="sm" role="status" />}>
            <MetricsChart
              label={t('dashboard.metricsChart')}
              data={stats.map((s) => ({ name: s.label, value: s.value }))}
            />
          </Suspense>
        </Card.Body>
      </Card>
    </section>
  );
}
