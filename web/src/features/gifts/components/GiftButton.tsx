import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  GIFT_MESSAGE_MAX,
  GIFT_MONTHS,
  giftSendAtProblem,
  membershipGiftCents,
  type GiftMonths,
} from '../../../../../common/rules/gifts';
import { formatMoney } from '../../../../../common/rules/money';
import { PAID_TIERS, TIER_CURRENCY, type PaidTier } from '../../../../../common/rules/tiers';
import { GiftOrder } from '../../../../../common/schemas/gifts';
import { goTo } from '../../billing/components/go-to';
import { useStartGiftCheckout, type GiftTarget } from '../api/gifts';

/**
 * "Give as a gift" (issue 43): a dialog with the recipient's address, an optional message and
 * send time, and for a membership its tier and months; then the normal checkout. The server
 * prices it; the dialog shows what a membership gift costs.
 */
export function GiftButton({ target, size }: { target: GiftTarget; size?: 'sm' }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline-secondary"
        size={size}
        onClick={() => setOpen(true)}
        data-testid="gift-button"
      >
        {t('gifts.button')}
      </Button>
      {isOpen && <GiftDialog target={target} onClose={() => setOpen(false)} />}
    </>
  );
}

function GiftDialog({ target, onClose }: { target: GiftTarget; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const ids = { email: useId(), message: useId(), sendAt: useId(), tier: useId(), months: useId() };
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [sendAt, setSendAt] = useState('');
  const [tier, setTier] = useState<PaidTier>('Hypr');
  const [months, setMonths] = useState<GiftMonths>(1);
  const [error, setError] = useState<string | null>(null);
  const start = useStartGiftCheckout();
  const isMembership = target.kind === 'membership';

  const sendAtIso = sendAt ? new Date(sendAt).toISOString() : null;
  const sendAtProblem = sendAt ? giftSendAtProblem(new Date(sendAt), new Date()) : null;
  const order = GiftOrder.safeParse({
    email,
    message: message.trim() || null,
    sendAt: sendAtIso,
    ...(isMembership ? { months } : {}),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!order.success || sendAtProblem) return;
    setError(null);
    start.mutate(
      { target, tier, gift: order.data },
      {
        onSuccess: (session) => goTo(navigate, session.url),
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Modal show onHide={onClose} centered data-testid="gift-dialog">
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {target.kind === 'item'
              ? t('gifts.titleItem', { title: target.title })
              : t('gifts.titleMembership', { name: target.creatorName })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-flex flex-column gap-3">
          {isMembership && (
            <div className="d-flex flex-wrap gap-3">
              <Form.Group controlId={ids.tier}>
                <Form.Label>{t('gifts.tier')}</Form.Label>
                <Form.Select value={tier} onChange={(e) => setTier(e.target.value as PaidTier)}>
                  {PAID_TIERS.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Form.Group controlId={ids.months}>
                <Form.Label>{t('gifts.months')}</Form.Label>
                <Form.Select
                  value={months}
                  onChange={(e) => setMonths(Number(e.target.value) as GiftMonths)}
                >
                  {GIFT_MONTHS.map((value) => (
                    <option key={value} value={value}>
                      {t('gifts.monthsOption', { count: value })}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <p className="align-self-end fw-semibold mb-2" data-testid="gift-price">
                {formatMoney(membershipGiftCents(tier, months), TIER_CURRENCY, i18n.language)}
              </p>
            </div>
          )}
          <Form.Group controlId={ids.email}>
            <Form.Label>{t('gifts.email')}</Form.Label>
            <Form.Control
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              isInvalid={email !== '' && !order.success}
              required
            />
          </Form.Group>
          <Form.Group controlId={ids.message}>
            <Form.Label>{t('gifts.message')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              maxLength={GIFT_MESSAGE_MAX}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
            <Form.Text muted>
              {t('gifts.messageLeft', { count: GIFT_MESSAGE_MAX - message.length })}
            </Form.Text>
          </Form.Group>
          <Form.Group controlId={ids.sendAt}>
            <Form.Label>{t('gifts.sendAt')}</Form.Label>
            <Form.Control
              type="datetime-local"
              value={sendAt}
              onChange={(e) => setSendAt(e.target.value)}
              isInvalid={sendAtProblem !== null}
            />
            <Form.Text muted>{t('gifts.sendAtHint')}</Form.Text>
            {sendAtProblem && (
              <Form.Control.Feedback type="invalid">
                {t(`errors.${sendAtProblem}`)}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          {error && (
            <Alert variant="danger" role="alert" className="mb-0" data-testid="gift-error">
              {error}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose}>
            {t('gifts.cancel')}
          </Button>
          <Button
            type="submit"
            variant="success"
            disabled={start.isPending || !order.success || sendAtProblem !== null}
            data-testid="gift-pay"
          >
            {t('gifts.pay')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
