import type { NameParts } from '../../../common/rules/display-name';
import { maskNumber } from '../../../common/rules/payouts';
import type { PayoutSetting } from '../../../common/schemas/payouts';
import { personName } from '../hub/index';
import type { PayoutCipher } from './cipher';
import type { PayoutSettingsRow } from './tables';

export type PayoutPerson = NameParts & { id: string };

/**
 * SPEC §3 payout setting as every answer shows it: the account and routing numbers opened only
 * to be masked (the last 4 characters). A creator without stored settings shows as pending with
 * nothing on file.
 */
export function presentPayoutSetting(
  cipher: PayoutCipher,
  person: PayoutPerson,
  row: PayoutSettingsRow | null,
): PayoutSetting {
  const masked = (sealed: string | null | undefined, field: 'accountNumber' | 'routingNumber') =>
    sealed ? maskNumber(cipher.open(sealed, person.id, field)) : null;
  return {
    id: person.id,
    creatorId: person.id,
    creator: personName(person),
    username: person.username,
    paymentMethod: row?.paymentMethod ?? '',
    bankName: row?.bankName ?? '',
    accountNumber: masked(row?.accountNumberSealed, 'accountNumber'),
    routingNumber: masked(row?.routingNumberSealed, 'routingNumber'),
    currency: row?.currency ?? 'usd',
    status: row?.status ?? 'pending',
    autoPayout: row?.autoPayout ?? false,
    configured: row !== null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}
