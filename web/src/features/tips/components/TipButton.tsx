import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../../../common/rules/money';
import {
  TIP_MAX_CENTS,
  TIP_MESSAGE_MAX,
  TIP_MIN_CENTS,
  tipAmountProblem,
} from '../../../../../common/rules/tips';
import { parsePriceToCents, WALLET_CURRENCY } from '../../../../../common/schemas/billing';
import { newIdempotencyKey } from '../../../shared/api/idempotency-key';
import { useWallet } from '../../billing/api/billing-hooks';
import { goTo } from '../../billing/components/go-to';
import { useStartTipCheckout, useTipFromBalance, type TipInput } from '../api/tips';

/**
 * "Tip" on a creator's page (issue 43): a dialog with the amount, an optional message and
 * whether the page may show the tip; paid by card (the checkout) or from the balance when it
 * covers the amount. The bounds are the server's own (common/rules/tips.ts).
 */
export function TipButton({ creatorId, creatorName }: { creatorId: string; creatorName: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline-primary" onClick={() => setOpen(true)} data-testid="tip-button">
        {t('tips.button')}
      </Button>
      {isOpen && (
        <TipDialog creatorId={creatorId} creatorName={creatorName} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function TipDialog({
  creatorId,
  creatorName,
  onClose,
}: {
  creatorId: string;
  creatorName: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const ids = { amount: useId(), message: useId(), hint: useId() };
  const [amountText, setAmountText] = useState('5.00');
  const [message, setMessage] = useState('');
  const [showPublicly, setShowPublicly] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // One key per tip intent: a double click or a retry after a lost answer pays once.
  const intentKey = useRef(newIdempotencyKey());
  const wallet = useWallet();
  const card = useStartTipCheckout();
  const balance = useTipFromBalance();
  const money = (cents: number) => formatMoney(cents, WALLET_CURRENCY, i18n.language);

  const amountCents = parsePriceToCents(amountText);
  const problem = amountCents === null ? 'tip_below_minimum' : tipAmountProblem(amountCents);
  const input = (): TipInput | null =>
    amountCents === null || problem
      ? null
      : { creatorId, amountCents, note: { message: message.trim() || null, showPublicly } };
  const balanceCents = wallet.data?.balanceCents ?? 0;
  const isBusy = card.isPending || balance.isPending;

  const payByCard = (event: FormEvent) => {
    event.preventDefault();
    const tip = input();
    if (!tip) return;
    setError(null);
    card.mutate(tip, {
      onSuccess: (session) => goTo(navigate, session.url),
      onError: (failure) => setError(failure.message),
    });
  };
  const payFromBalance = () => {
    const tip = input();
    if (!tip || balance.isPending) return;
    setError(null);
    balance.mutate(
      { input: tip, key: intentKey.current },
      {
        onSuccess: (answer) => {
          intentKey.current = newIdempotencyKey();
          setDone(t('tips.sent', { amount: money(answer.chargedCents) }));
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <Modal show onHide={onClose} centered data-testid="tip-dialog">
      <Form onSubmit={payByCard} noValidate>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {t('tips.title', { name: creatorName })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-flex flex-column gap-3">
          {done ? (
            <Alert variant="success" role="status" className="mb-0" data-testid="tip-sent">
              {done}
            </Alert>
          ) : (
            <>
              <Form.Group controlId={ids.amount}>
                <Form.Label>{t('tips.amount')}</Form.Label>
                <Form.Control
                  inputMode="decimal"
                  value={amountText}
                  onChange={(e) => setAmountText(e.target.value)}
                  isInvalid={problem !== null}
                  aria-describedby={ids.hint}
                  data-testid="tip-amount"
                />
                <Form.Text id={ids.hint} muted>
                  {t('tips.bounds', { min: money(TIP_MIN_CENTS), max: money(TIP_MAX_CENTS) })}
                </Form.Text>
              </Form.Group>
              <Form.Group controlId={ids.message}>
                <Form.Label>{t('tips.message')}</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={3}
                  maxLength={TIP_MESSAGE_MAX}
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                  data-testid="tip-message"
                />
                <Form.Text muted>
                  {t('tips.messageLeft', { count: TIP_MESSAGE_MAX - message.length })}
                </Form.Text>
              </Form.Group>
              <Form.Check
                id={`${ids.message}-public`}
                checked={showPublicly}
                onChange={(e) => setShowPublicly(e.target.checked)}
                label={t('tips.showPublicly')}
                data-testid="tip-public"
              />
              {error && (
                <Alert variant="danger" role="alert" className="mb-0" data-testid="tip-error">
                  {error}
                </Alert>
              )}
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          {done ? (
            <Button variant="secondary" onClick={onClose}>
              {t('tips.close')}
            </Button>
          ) : (
            <>
              {wallet.data && (
                <Button
                  variant="outline-primary"
                  onClick={payFromBalance}
                  disabled={isBusy || problem !== null || balanceCents < (amountCents ?? 0)}
                  data-testid="tip-pay-balance"
                >
                  {t('tips.payFromBalance', { balance: money(balanceCents) })}
                </Button>
              )}
              <Button
                type="submit"
                variant="success"
                disabled={isBusy || problem !== null}
                data-testid="tip-pay-card"
              >
                {t('tips.payByCard')}
              </Button>
            </>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
