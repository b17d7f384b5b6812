import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { DashboardEarnings } from '../../../../common/schemas/dashboard';
import { LabelledProgress } from '../../components/content/LabelledProgress';

/**
 * SPEC §2 earnings preview in dollars: the current month and the total, with a bar comparing
 * the two (how much of everything earned came in this month).
 */
export function EarningsCard({ earnings }: { earnings: DashboardEarnings }) {
  const { t, i18n } = useTranslation();
  const dollars = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  const share = earnings.total > 0 ? Math.round((earnings.currentMonth / earnings.total) * 100) : 0;
  return (
    <Card className="h-100" data-testid="dashboard-earnings">
      <Card.Body>
        <h2 className="h5">{t('dashboard.earnings')}</h2>
        <dl className="row mb-2">
          <dt className="col-7 fw-normal text-muted">{t('dashboard.currentMonth')}</dt>
          <dd className="col-5 text-end fw-bold" data-testid="earnings-current-month">
            {dollars.format(earnings.currentMonth)}
          </dd>
          <dt className="col-7 fw-normal text-muted">{t('dashboard.total')}</dt>
          <dd className="col-5 text-end fw-bold mb-0" data-testid="earnings-total">
            {dollars.format(earnings.total)}
          </dd>
        </dl>
        <div className="small text-muted mb-1" id="earnings-share-label">
          {t('dashboard.monthShare', { percent: share })}
        </div>
        <LabelledProgress now={share} variant="success" labelledBy="earnings-share-label" />
        <p className="small text-muted mt-2 mb-0">{t('dashboard.earningsNote')}</p>
      </Card.Body>
    </Card>
  );
}
