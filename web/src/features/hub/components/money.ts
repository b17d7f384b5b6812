import type { CurrencyAmount } from '../../../../../common/schemas/hub';
import { formatMoney } from '../../../../../common/rules/money';

/** Amounts of several currencies side by side, never added ("€12.50 · $5.00"); '' for none. */
export const formatAmounts = (amounts: CurrencyAmount[], locale: string): string =>
  amounts.map((a) => formatMoney(a.cents, a.currency, locale)).join(' · ');
