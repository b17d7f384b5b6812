import { useTranslation } from 'react-i18next';

/**
 * Issue 18: wherever the built-in test-card provider takes a payment (checkout, its payment page,
 * the receipt), the page says plainly that it is a test payment and no money moves.
 */
export function TestPaymentNotice({ isDone = false }: { isDone?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning mb-0" role="note" data-testid="test-payment-notice">
      {isDone ? t('pay.testNoticeDone') : t('pay.testNotice')}
    </div>
  );
}
