import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../../common/rules/money';
import type { SentGift } from '../../../../../common/schemas/gifts';
import { formatDate } from '../../billing/components/format-date';
import { useGiftAction, useSentGifts } from '../api/gifts';
import { giftText } from './gift-text';

/**
 * "Gifts you sent" in the wallet (issue 43): each gift's recipient, what it is, whether its mail
 * went out and whether it was redeemed, with Resend and Refund when the server allows them.
 */
export function SentGiftsPanel() {
  const { t } = useTranslation();
  const sent = useSentGifts();
  const resend = useGiftAction('resend');
  const refund = useGiftAction('refund');
  if (sent.isPending || sent.isError || sent.data.gifts.length === 0) return null;
  const failure = resend.error ?? refund.error;
  return (
    <section className="card shadow-sm" data-testid="sent-gifts">
      <div className="card-body">
        <h2 className="h5">{t('gifts.sentTitle')}</h2>
        {failure && (
          <Alert variant="danger" role="alert" data-testid="gift-action-error">
            {failure.message}
          </Alert>
        )}
        <ul className="list-unstyled mb-0 d-flex flex-column gap-3">
          {sent.data.gifts.map((gift) => (
            <SentGiftLine
              key={gift.id}
              gift={gift}
              isBusy={resend.isPending || refund.isPending}
              onResend={() => resend.mutate(gift.id)}
              onRefund={() => refund.mutate(gift.id)}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}

function SentGiftLine({
  gift,
  isBusy,
  onResend,
  onRefund,
}: {
  gift: SentGift;
  isBusy: boolean;
  onResend: () => void;
  onRefund: () => void;
}) {
  const { t, i18n } = useTranslation();
  const state = gift.refundedAt
    ? t('gifts.state.refunded')
    : gift.redeemedAt
      ? t('gifts.state.redeemed')
      : gift.sentAt
        ? t('gifts.state.sent')
        : t('gifts.state.scheduled', { date: formatDate(gift.sendAt ?? '', i18n.language) });
  return (
    <li className="d-flex flex-wrap align-items-center gap-2" data-testid="sent-gift">
      <div className="me-auto">
        <div className="fw-semibold">{giftText(t, gift)}</div>
        <div className="small aura-muted">
          {t('gifts.forWhom', {
            email: gift.recipientEmail,
            amount: formatMoney(gift.amountCents, gift.currency, i18n.language),
          })}
        </div>
        <div className="small" data-testid="sent-gift-state">
          {state}
        </div>
      </div>
      {gift.isResendable && (
        <Button size="sm" variant="outline-secondary" onClick={onResend} disabled={isBusy}>
          {t('gifts.resend')}
        </Button>
      )}
      {gift.isRefundable && (
        <Button size="sm" variant="outline-danger" onClick={onRefund} disabled={isBusy}>
          {t('gifts.refund')}
        </Button>
      )}
    </li>
  );
}
