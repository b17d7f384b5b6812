import { lazy, Suspense } from 'react';
import { Alert, Card, Col, Row, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useHubDashboard } from '../api/hub';
import { formatMoney } from '../../../../../common/rules/money';
import { AdminStatusBadge } from './Badges';
import { formatAmounts } from './money';

// recharts loads only when the hub shows its chart.
const WeeklyRevenueChart = lazy(() => import('./WeeklyRevenueChart'));

/** SPEC §2 dashboard panel: KPI cards, the weekly revenue chart and the aura table. */
export function DashboardPanel() {
  const { t, i18n } = useTranslation();
  const dashboard = useHubDashboard();
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <Card as="section" aria-labelledby="hub-dashboard" data-testid="hub-dashboard">
      <Card.Body>
        <h2 id="hub-dashboard" className="h5">
          {t('masteraxis.dashboard.title')}
        </h2>
        {dashboard.isPending ? (
          <p role="status" className="aura-muted mb-0">
            {t('masteraxis.loading')}
          </p>
        ) : dashboard.isError ? (
          <Alert variant="danger" className="mb-0">
            {t('masteraxis.loadError', { message: dashboard.error.message })}
          </Alert>
        ) : (
          <>
            <Row xs={1} md={2} xl={4} className="g-3 mb-3">
              {[
                {
                  key: 'totalAuras',
                  label: t('masteraxis.dashboard.totalAuras'),
                  value: number.format(dashboard.data.kpis.totalAuras),
                },
                {
                  key: 'activeCreators',
                  label: t('masteraxis.dashboard.activeCreators'),
                  value: number.format(dashboard.data.kpis.activeCreators),
                },
                {
                  key: 'revenueToday',
                  label: t('masteraxis.dashboard.revenueToday'),
                  value:
                    formatAmounts(dashboard.data.kpis.revenueToday, i18n.language) ||
                    t('masteraxis.dashboard.noRevenue'),
                },
                {
                  // Issue 43: a yearly membership counts a twelfth of its price.
                  key: 'membershipMrr',
                  label: t('masteraxis.dashboard.membershipMrr'),
                  value:
                    formatAmounts(dashboard.data.kpis.membershipMrr, i18n.language) ||
                    t('masteraxis.dashboard.noRevenue'),
                  hint: t('masteraxis.dashboard.membershipCounts', {
                    monthly: number.format(dashboard.data.kpis.memberships.monthly),
                    yearly: number.format(dashboard.data.kpis.memberships.yearly),
                  }),
                },
              ].map((kpi) => (
                <Col key={kpi.key}>
                  <Card className="text-center h-100" data-testid={`hub-kpi-${kpi.key}`}>
                    <Card.Body>
                      <div className="aura-muted small">{kpi.label}</div>
                      <div className="fs-4 fw-bold">{kpi.value}</div>
                      {'hint' in kpi && <div className="small aura-muted">{kpi.hint}</div>}
                    </Card.Body>
                  </Card>
                </Col>
              ))}
            </Row>
            <h3 className="h6">{t('masteraxis.dashboard.weeklyRevenue')}</h3>
            <p className="small aura-muted">
              {t('masteraxis.dashboard.weeklyHint', { timeZone: dashboard.data.week.timeZone })}
              {dashboard.data.week.currencies.length === 0 &&
                ` ${t('masteraxis.dashboard.noRevenueThisWeek')}`}
            </p>
            <Suspense
              fallback={
                <Spinner animation="border" size="sm" role="status">
                  <span className="visually-hidden">{t('masteraxis.dashboard.chartLoading')}</span>
                </Spinner>
              }
            >
              <WeeklyRevenueChart
                week={dashboard.data.week}
                label={t('masteraxis.dashboard.weeklyRevenue')}
                locale={i18n.language}
              />
            </Suspense>
            <h3 className="h6 mt-4">{t('masteraxis.dashboard.aurasTitle')}</h3>
            {dashboard.data.auras.length === 0 ? (
              <p className="aura-muted mb-0">{t('masteraxis.dashboard.noAuras')}</p>
            ) : (
              <Table responsive size="sm" className="mb-0" data-testid="hub-auras">
                <thead>
                  <tr>
                    <th scope="col">{t('masteraxis.dashboard.columns.name')}</th>
                    <th scope="col">{t('masteraxis.dashboard.columns.owner')}</th>
                    <th scope="col">{t('masteraxis.dashboard.columns.status')}</th>
                    <th scope="col" className="text-end">
                      {t('masteraxis.dashboard.columns.sales')}
                    </th>
                    <th scope="col" className="text-end">
                      {t('masteraxis.dashboard.columns.earnings')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {dashboard.data.auras.map((aura) => (
                    <tr key={aura.id}>
                      <td>{aura.name}</td>
                      <td>{aura.owner}</td>
                      <td>
                        <AdminStatusBadge status={aura.status} />
                      </td>
                      <td className="text-end">{number.format(aura.sales)}</td>
                      <td className="text-end">
                        {formatMoney(aura.earnings.cents, aura.earnings.currency, i18n.language)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </>
        )}
      </Card.Body>
    </Card>
  );
}
