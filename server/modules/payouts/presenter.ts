import type { NameParts } from '../../../common/rules/display-name';
import { maskNumber } from '../../../common/rules/payouts';
import type { PayoutSetting } from '../../../common/schemas/payouts';
import { personName } from '../hub/index';
import { openIfReadable, type PayoutCipher } from './cipher';
import type { PayoutSettingsRow } from './tables';

export type PayoutPerson = NameParts & { id: string };

/**
 * SPEC §3 payout setting as every answer shows it: the account and routing numbers opened only
 * to be masked (the last 4 characters). A creator without stored settings shows as pending with
 * nothing on file; a number that cannot be opened is null and the row marked `unreadable`.
 */
export function presentPayoutSetting(
  cipher: PayoutCipher,
  person: PayoutPerson,
  row: PayoutSettingsRow | null,
): PayoutSetting {
  let unreadable = false;
  // One number sealed with a key this server lacks must not fail every answer that lists it
  // (the Control Hub's whole table): it is marked and left out.
  const masked = (sealed: string | null | undefined, field: 'accountNumber' | 'routingNumber') => {
    if (!sealed) return null;
    const plain = openIfReadable(cipher, sealed, person.id, field);
    if (plain === null) unreadable = true;
    return plain === null ? null : maskNumber(plain);
  };
  const accountNumber = masked(row?.accountNumberSealed, 'accountNumber');
  const routingNumber = masked(row?.routingNumberSealed, 'routingNumber');
  return {
    id: person.id,
    creatorId: person.id,
    creator: personName(person),
    username: person.username,
    paymentMethod: row?.paymentMethod ?? '',
    bankName: row?.bankName ?? '',
    accountNumber,
    routingNumber,
    currency: row?.currency ?? 'usd',
    status: row?.status ?? 'pending',
    autoPayout: row?.autoPayout ?? false,
    configured: row !== null,
    unreadable,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}
