import { Card, Col, Row, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CURRENCIES, formatMoney } from '../../../../../common/rules/money';
import { useAdminSales } from '../api/admin';
import { ListStatus } from '../components/ListStatus';
import { SalesChart } from '../components/SalesChart';

/**
 * SPEC §2 /admin/sales: id, product, sales count and revenue (each in its own currency), and
 * the last 30 days per day as a chart per currency.
 */
export default function AdminSalesPage() {
  const { t, i18n } = useTranslation();
  const sales = useAdminSales();
  const data = sales.data;
  const formatDay = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`));

  return (
    <div className="d-flex flex-column gap-4">
      <div className="d-flex flex-wrap align-items-baseline gap-3">
        <h1 className="h3 mb-0">{t('admin.sales.title')}</h1>
        <Link to="/admin/transactions" data-testid="admin-sales-transactions">
          {t('admin.sales.transactions')}
        </Link>
      </div>
      <ListStatus
        query={sales}
        isEmpty={!data || (data.sales.length === 0 && data.totals.length === 0)}
        emptyText={t('admin.sales.empty')}
        testId="admin-sales"
      >
        {data && (
          <>
            <section aria-labelledby="admin-sales-chart-title">
              <h2 className="h5" id="admin-sales-chart-title">
                {t('admin.sales.last30')}
              </h2>
              <p className="aura-muted small">{t('admin.sales.netOfRefunds')}</p>
              {data.totals.length === 0 ? (
                <p className="aura-muted">{t('admin.sales.noRecent')}</p>
              ) : (
                <Row className="g-3">
                  {CURRENCIES.flatMap((currency) => {
                    const total = data.totals.find((x) => x.currency === currency);
                    if (!total) return [];
                    const label = t('admin.sales.chartLabel', { currency: currency.toUpperCase() });
                    return [
                      <Col lg={6} key={currency}>
                        <Card className="h-100">
                          <Card.Body>
                            <Card.Title as="h3" className="h6">
                              {label}
                            </Card.Title>
                            <p className="mb-2" data-testid={`admin-sales-total-${currency}`}>
                              {t('admin.sales.totalLine', {
                                count: total.sales,
                                revenue: formatMoney(total.revenueCents, currency, i18n.language),
                              })}
                            </p>
                            <SalesChart
                              days={data.daily.filter((d) => d.currency === currency)}
                              label={label}
                              formatDay={formatDay}
                              formatAmount={(cents) => formatMoney(cents, currency, i18n.language)}
                              testId={`admin-sales-chart-${currency}`}
                            />
                          </Card.Body>
                        </Card>
                      </Col>,
                    ];
                  })}
                </Row>
              )}
            </section>
            <section aria-labelledby="admin-sales-table-title">
              <h2 className="h5" id="admin-sales-table-title">
                {t('admin.sales.bestSellers')}
              </h2>
              {data.sales.length === 0 ? (
                <p className="aura-muted">{t('admin.sales.empty')}</p>
              ) : (
                <Table
                  responsive
                  size="sm"
                  className="align-middle"
                  data-testid="admin-sales-table"
                >
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.sales.columns.id')}</th>
                      <th scope="col">{t('admin.sales.columns.product')}</th>
                      <th scope="col" className="text-end">
                        {t('admin.sales.columns.sales')}
                      </th>
                      <th scope="col" className="text-end">
                        {t('admin.sales.columns.revenue')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.sales.map((row) => (
                      <tr key={row.id}>
                        <td>{row.id}</td>
                        <td>
                          <Link to={`/product/${row.id}`}>{row.product}</Link>{' '}
                          <Link
                            to={`/admin/transactions?itemId=${row.id}`}
                            className="small"
                            aria-label={t('admin.sales.paymentsOf', { product: row.product })}
                          >
                            {t('admin.sales.payments')}
                          </Link>
                        </td>
                        <td className="text-end">{row.sales}</td>
                        <td className="text-end">
                          {formatMoney(row.revenueCents, row.currency, i18n.language)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </section>
          </>
        )}
      </ListStatus>
    </div>
  );
}
