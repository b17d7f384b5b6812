import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Currency } from '../../../common/rules/money';
import type { Db } from '../../db/client';
import { paymentDisputes } from './refund-tables';
import { ledgerEntries } from './tables';

/*
 * Payouts in the earnings ledger (issue 15). A creator's earnings account holds what they were
 * credited (sales and memberships, net of the fee) minus what was paid out (kind `payout`,
 * negative), so its sum per currency is what is still payable. The Control Hub's payout runs
 * book through these; the ledger stays billing's to write.
 */

/**
 * The creator's share of payments under an open card dispute (issue 43), held back from payouts
 * until the dispute closes: released when won, taken back by its refund entry when lost.
 */
const heldSql = sql`coalesce((select sum(round(p.amount_cents::numeric * d.amount_cents
      / nullif(p.gross_cents, 0)))
    from ${paymentDisputes} d join ${ledgerEntries} p on p.id = d.transaction_id
    where d.status = 'open' and p.user_id = ${ledgerEntries.userId}
      and p.currency = ${ledgerEntries.currency}), 0)`;

/**
 * What each creator may be paid now, per currency: earnings minus payouts, less what open
 * disputes hold (positive only: a balance that refunds took below zero pays nothing until later
 * earnings cover it).
 */
export async function payableBalances(
  db: Db,
  creatorIds: readonly string[],
): Promise<{ creatorId: string; currency: Currency; cents: number }[]> {
  if (creatorIds.length === 0) return [];
  const balance = sql<number>`(sum(${ledgerEntries.amountCents}) - ${heldSql})::int`;
  const rows = await db
    .select({
      creatorId: ledgerEntries.userId,
      currency: ledgerEntries.currency,
      cents: balance,
    })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.account, 'earnings'), inArray(ledgerEntries.userId, [...creatorIds])),
    )
    .groupBy(ledgerEntries.userId, ledgerEntries.currency)
    .having(sql`sum(${ledgerEntries.amountCents}) - ${heldSql} > 0`)
    .orderBy(ledgerEntries.userId, ledgerEntries.currency);
  return rows;
}

/**
 * Debits a creator's earnings by a payout, once per `ref` (the run, creator and currency):
 * false, with nothing written, when that ref was booked already.
 */
export async function bookPayout(
  tx: Db,
  payout: { creatorId: string; amountCents: number; currency: Currency; ref: string; at: Date },
): Promise<boolean> {
  if (!Number.isInteger(payout.amountCents) || payout.amountCents <= 0) {
    throw new Error('bookPayout needs a positive amount of cents');
  }
  const inserted = await tx
    .insert(ledgerEntries)
    .values({
      createdAt: payout.at,
      account: 'earnings',
      userId: payout.creatorId,
      kind: 'payout',
      amountCents: -payout.amountCents,
      currency: payout.currency,
      ref: payout.ref,
    })
    .onConflictDoNothing({ target: ledgerEntries.ref })
    .returning({ id: ledgerEntries.id });
  return inserted.length > 0;
}

/**
 * Gives a payout that the provider finally refused back to the creator's earnings (once): the
 * reversal is keyed `<ref>:reversal`. False when there is no such payout or it was reversed.
 */
export async function reversePayout(tx: Db, ref: string, at: Date): Promise<boolean> {
  const [payout] = await tx
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.ref, ref), eq(ledgerEntries.kind, 'payout')));
  if (!payout) return false;
  const inserted = await tx
    .insert(ledgerEntries)
    .values({
      createdAt: at,
      account: 'earnings',
      userId: payout.userId,
      kind: 'payout',
      amountCents: -payout.amountCents,
      currency: payout.currency,
      ref: `${ref}:reversal`,
    })
    .onConflictDoNothing({ target: ledgerEntries.ref })
    .returning({ id: ledgerEntries.id });
  return inserted.length > 0;
}
