import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  centsToDecimalString,
  formatMoney,
  type Currency,
} from '../../../../../common/rules/money';
import {
  pwywAmountProblem,
  type PwywAmountProblem,
} from '../../../../../common/rules/pay-what-you-want';
import { parsePriceToCents } from '../../../../../common/schemas/billing';
import type { PwywOffer } from '../../../../../common/schemas/items';

/** The text of a suggested amount as the field starts with it ("5.00"). */
export const suggestedAmountText = (offer: PwywOffer): string =>
  centsToDecimalString(offer.suggestedPriceCents);

/**
 * What a typed amount pays (issue 43): its cents, or the translated reason it cannot be paid,
 * by the server's own rule (common/rules/pay-what-you-want.ts).
 */
export function readPwywAmount(
  text: string,
  offer: PwywOffer,
): { cents: number; problem: null } | { cents: null; problem: PwywAmountProblem } {
  const cents = parsePriceToCents(text);
  if (cents === null) return { cents: null, problem: 'amount_below_minimum' };
  const problem = pwywAmountProblem(cents, offer.minPriceCents);
  return problem ? { cents: null, problem } : { cents, problem: null };
}

/** "Pay what you want (minimum X)" with the amount field, prefilled with the suggested price. */
export function PwywAmountField({
  offer,
  currency,
  value,
  onChange,
  showProblem,
}: {
  offer: PwywOffer;
  currency: Currency;
  value: string;
  onChange(text: string): void;
  showProblem: boolean;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  const read = readPwywAmount(value, offer);
  const isInvalid = showProblem && read.problem !== null;
  return (
    <Form.Group className="mb-3" controlId="product-pwyw-amount" style={{ maxWidth: 320 }}>
      <Form.Label>{t('product.pwywAmountLabel', { currency: currency.toUpperCase() })}</Form.Label>
      <Form.Control
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        isInvalid={isInvalid}
        aria-describedby="product-pwyw-amount-help"
        data-testid="product-pwyw-amount"
      />
      <Form.Text id="product-pwyw-amount-help">
        {t('product.pwywAmountHelp', {
          suggested: money(offer.suggestedPriceCents),
          max: money(offer.maxCents),
        })}
      </Form.Text>
      {isInvalid && (
        <Form.Control.Feedback type="invalid" role="alert">
          {t(`errors.${read.problem}`, {
            min: money(offer.minCents),
            max: money(offer.maxCents),
          })}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
