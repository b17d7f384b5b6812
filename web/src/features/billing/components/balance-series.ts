import type { WalletEntry } from '../../../../../common/schemas/billing';

export interface BalancePoint {
  at: string;
  balanceCents: number;
}

/**
 * The balance after each entry, oldest first, from the current balance and the history (newest
 * first). Walking back from the balance keeps the line right even when only the latest page of
 * the history is loaded; with the whole history the line starts from the balance before the
 * first entry, so a single top-up still draws a step.
 */
export function balanceSeries(
  balanceCents: number,
  entriesNewestFirst: WalletEntry[],
  isComplete: boolean,
): BalancePoint[] {
  const points: BalancePoint[] = [];
  let balance = balanceCents;
  for (const entry of entriesNewestFirst) {
    points.push({ at: entry.createdAt, balanceCents: balance });
    balance -= entry.amountCents;
  }
  const oldest = entriesNewestFirst.at(-1);
  if (isComplete && oldest) points.push({ at: oldest.createdAt, balanceCents: balance });
  return points.reverse();
}
