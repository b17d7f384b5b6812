import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Currency } from '../../../../../common/rules/money';
import type { DashboardEarnings } from '../../../../../common/schemas/dashboard';
import { LabelledProgress } from '../../items/components/LabelledProgress';

/**
 * SPEC §2 earnings preview: the current month and the total per currency (euro sales and
 * dollar memberships are never added together), each labelled with its currency, and a bar
 * comparing the two for the main one (SPEC §3's currentMonth and total).
 */
export function EarningsCard({ earnings }: { earnings: DashboardEarnings }) {
  const { t, i18n } = useTranslation();
  const currencyName = (currency: Currency) => t(`dashboard.currencyName.${currency}`);
  const rows =
    earnings.byCurrency.length > 0
      ? earnings.byCurrency
      : [{ currency: earnings.currency, currentMonthCents: 0, totalCents: 0 }];
  const share = earnings.total > 0 ? Math.round((earnings.currentMonth / earnings.total) * 100) : 0;
  return (
    <Card className="h-100" data-testid="dashboard-earnings">
      <Card.Body>
        <h2 className="h5">{t('dashboard.earnings')}</h2>
        {rows.map((row) => (
          <dl className="row mb-2" key={row.currency} data-testid={`earnings-${row.currency}`}>
            <dt className="col-12 small text-uppercase aura-muted">
              {t('dashboard.earningsIn', { currency: currencyName(row.currency) })}
            </dt>
            <dt className="col-7 fw-normal text-muted">{t('dashboard.currentMonth')}</dt>
            <dd className="col-5 text-end fw-bold" data-testid="earnings-current-month">
              {formatMoney(row.currentMonthCents, row.currency, i18n.language)}
            </dd>
            <dt className="col-7 fw-normal text-muted">{t('dashboard.total')}</dt>
            <dd className="col-5 text-end fw-bold mb-0" data-testid="earnings-total">
              {formatMoney(row.totalCents, row.currency, i18n.language)}
            </dd>
          </dl>
        ))}
        <div className="small text-muted mb-1" id="earnings-share-label">
          {t('dashboard.monthShare', { percent: share, currency: currencyName(earnings.currency) })}
        </div>
        <LabelledProgress now={share} variant="success" labelledBy="earnings-share-label" />
        <p className="small text-muted mt-2 mb-0">{t('dashboard.earningsNote')}</p>
      </Card.Body>
    </Card>
  );
}
