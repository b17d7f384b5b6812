import {
  PaymentErrorResponse,
  type WalletUnlockResponse,
} from '../../../../../common/schemas/billing';
import { RequestError } from '../../../shared/api/request';

/**
 * What a finished "pay with balance" leaves on the post or product. It outlives the control that
 * made it: the control disappears as soon as the item unlocks, the notice stays until dismissed.
 */
export type BalanceUnlockNotice =
  | { kind: 'unlocked'; chargedCents: number; balanceCents: number; currency: string }
  | { kind: 'alreadyOwned' };

export function unlockedNotice(
  answer: WalletUnlockResponse,
  currency: string,
): BalanceUnlockNotice {
  return {
    kind: 'unlocked',
    chargedCents: answer.chargedCents,
    balanceCents: answer.balanceCents,
    currency,
  };
}

/** What the control may offer before paying, from the balance it last read. */
export type BalanceCheck =
  | { kind: 'loading' }
  /** The balance could not be read: the server still refuses a spend it cannot cover. */
  | { kind: 'unknown' }
  | { kind: 'enough' }
  | { kind: 'short'; shortfallCents: number };

export function checkBalance(
  wallet: { balanceCents: number } | undefined,
  priceCents: number,
  hasFailed: boolean,
): BalanceCheck {
  if (!wallet) return hasFailed ? { kind: 'unknown' } : { kind: 'loading' };
  const shortfallCents = priceCents - wallet.balanceCents;
  return shortfallCents > 0 ? { kind: 'short', shortfallCents } : { kind: 'enough' };
}

/** A refused unlock, sorted by what the fan can do about it. */
export type UnlockFailure =
  /** 402: top up. The amounts are the server's, fresher than the balance the page last read. */
  | { kind: 'insufficient'; balanceCents: number | null; priceCents: number | null }
  /**
   * 409: the item is already the fan's (bought by card meanwhile, or in another tab). The wallet
   * API's other 409, a key reused for another item, cannot come from the control: it makes one
   * key per item.
   */
  | { kind: 'alreadyOwned' }
  | { kind: 'failed'; message: string };

export function describeUnlockFailure(error: unknown): UnlockFailure {
  if (error instanceof RequestError && error.status === 402) {
    const body = PaymentErrorResponse.safeParse(error.body);
    return {
      kind: 'insufficient',
      balanceCents: body.success ? (body.data.balanceCents ?? null) : null,
      priceCents: body.success ? (body.data.priceCents ?? null) : null,
    };
  }
  if (error instanceof RequestError && error.status === 409) return { kind: 'alreadyOwned' };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}
