import { useTranslation } from 'react-i18next';

/** Rule keys the shared payout schema and the server answer with (common/schemas/payouts.ts). */
export const PAYOUT_ERROR_KEYS = [
  'payoutStatusInvalid',
  'payoutCurrencyUsdOnly',
  'payoutAccountNumberInvalid',
  'payoutRoutingNumberInvalid',
  'payoutRoutingNumberChecksum',
  'payoutPaymentMethodRequired',
  'payoutPaymentMethodTooLong',
  'payoutBankNameTooLong',
  'payoutAutoPayoutInvalid',
  'payoutActiveNeedsAccount',
] as const;
export type PayoutErrorKey = (typeof PAYOUT_ERROR_KEYS)[number];

export const isPayoutErrorKey = (value: string): value is PayoutErrorKey =>
  (PAYOUT_ERROR_KEYS as readonly string[]).includes(value);

/** A rule key in the reader's language; any other text (the server's own) as it is. */
export function usePayoutMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => {
    if (!message) return undefined;
    return isPayoutErrorKey(message) ? t(`payouts.errors.${message}`) : message;
  };
}
