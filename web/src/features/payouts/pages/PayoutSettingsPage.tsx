import { useState } from 'react';
import { Alert, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOwnPayout, useUpdateOwnPayout } from '../api/payouts';
import { PayoutForm } from '../components/PayoutForm';
import { PayoutStatusBadge } from '../../hub/components/Badges';

/**
 * /wallet/payouts (issue 15): a creator's own payout routing. Numbers are shown masked; the
 * status is the admins' (a new or changed number waits as pending).
 */
export default function PayoutSettingsPage() {
  const { t } = useTranslation();
  const own = useOwnPayout();
  const update = useUpdateOwnPayout();
  const [savedAt, setSavedAt] = useState<number | null>(null);

  return (
    <main className="container py-4" style={{ maxWidth: 640 }}>
      <p className="mb-2">
        <Link to="/wallet">{t('wallet.title')}</Link>
      </p>
      <h1 className="h3">{t('payouts.title')}</h1>
      <p className="aura-muted">{t('payouts.intro')}</p>
      {own.isPending ? (
        <p role="status" className="aura-muted">
          {t('payouts.loading')}
        </p>
      ) : own.isError ? (
        <Alert variant="danger">{t('payouts.loadError', { message: own.error.message })}</Alert>
      ) : (
        <Card>
          <Card.Body>
            <p className="d-flex align-items-center gap-2" data-testid="own-payout-status">
              <span>{t('payouts.fields.status')}</span>
              <PayoutStatusBadge status={own.data.status} />
            </p>
            {savedAt && (
              <Alert variant="success" role="status" data-testid="own-payout-saved">
                {t('payouts.saved')}
              </Alert>
            )}
            <PayoutForm
              // A fresh form after each save: the number fields empty again, the new masks shown.
              key={own.data.updatedAt ?? 'new'}
              setting={own.data}
              mode="own"
              onSave={async ({ status: _status, ...body }) => {
                await update.mutateAsync(body);
                setSavedAt(Date.now());
              }}
            />
          </Card.Body>
        </Card>
      )}
    </main>
  );
}
