import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Currency } from '../../../common/rules/money';
import { WALLET_CURRENCY } from '../../../common/schemas/billing';
import type { Db } from '../../db/client';
import {
  earningsShard,
  earningsMonths,
  ledgerEntries,
  wallets,
  type LedgerEntryKind,
} from '../../db/schema/index';
import { rowsOf } from '../../db/rows';
import { startOfUtcMonth } from './periods';

/**
 * The money ledger (issue 5): signed cent entries, each keyed by a unique `ref` naming what caused
 * it, so repeating a cause (replayed webhook, double click, racing success page) moves no money.
 * All functions run inside the caller's transaction.
 */

/** Platform fee of a gross amount, rounded to the cent; the creator is credited the rest. */
export function platformFee(grossCents: number, feePercent: number): number {
  return Math.round((grossCents * feePercent) / 100);
}

/** Adds to a fan's wallet; false (and nothing written) when `ref` was already booked. */
export async function creditWallet(
  tx: Db,
  entry: {
    userId: string;
    amountCents: number;
    kind: Extract<LedgerEntryKind, 'topup' | 'refund'>;
    ref: string;
    itemId?: number | null;
    checkoutSessionId?: string | null;
    at: Date;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(ledgerEntries)
    .values({
      createdAt: entry.at,
      account: 'wallet',
      userId: entry.userId,
      kind: entry.kind,
      amountCents: entry.amountCents,
      currency: WALLET_CURRENCY,
      ref: entry.ref,
      itemId: entry.itemId ?? null,
      checkoutSessionId: entry.checkoutSessionId ?? null,
    })
    .onConflictDoNothing({ target: ledgerEntries.ref })
    .returning({ id: ledgerEntries.id });
  if (inserted.length === 0) return false;
  await tx
    .insert(wallets)
    .values({ userId: entry.userId, balanceCents: entry.amountCents, currency: WALLET_CURRENCY })
    .onConflictDoUpdate({
      target: wallets.userId,
      set: {
        balanceCents: sql`${wallets.balanceCents} + ${entry.amountCents}`,
        updatedAt: entry.at,
      },
    });
  return true;
}

/** A spend already booked under a ref: what it bought and what it took (negative cents). */
export interface EarlierSpend {
  itemId: number | null;
  amountCents: number;
}

/**
 * The spend booked under `spendRef` (a repeated request), as a column of a larger select. A
 * statement sees the rows committed when it began: a request that finds no spend here may still
 * meet one of a concurrent request in its spend (`spendExpressions`), which then books nothing.
 */
export const earlierSpendSql = (spendRef: string | Placeholder): SQL<EarlierSpend | null> =>
  sql<EarlierSpend | null>`(select json_build_object('itemId', spent.item_id,
      'amountCents', spent.amount_cents)
    from ledger_entries spent where spent.ref = ${spendRef})`;

/** earlierSpendSql on its own (for a request whose item was not found). */
export async function earlierSpend(db: Db, spendRef: string): Promise<EarlierSpend | null> {
  const [row] = await db
    .select({ itemId: ledgerEntries.itemId, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.ref, spendRef));
  return row ?? null;
}

/** The fan's wallet balance as a column of a larger select: null when they have no wallet. */
export const walletBalanceSql = (userId: string | Placeholder): SQL<number | null> =>
  sql<number | null>`(select w.balance_cents from ${wallets} w where w.user_id = ${userId})`;

/** A spend of a fan's wallet: what spendExpressions books. */
export interface WalletSpend {
  userId: string;
  amountCents: number;
  ref: string;
  itemId: number;
  at: Date;
}

/**
 * The common table expressions that take from a wallet: `spent` books the spend entry (no row
 * when `ref` was booked already), and `debited` takes the amount from the balance (answering the
 * new balance) only after it, and only while the balance covers the amount. The update takes the
 * wallet's row lock, so concurrent spends of one wallet run one after another, and one that
 * waited re-checks the balance it finds. A spend with the same ref in flight is waited for on
 * the ref's unique index; once it commits, `spent` writes nothing. When either returns no row
 * the statement must refuse (`refuseSql`), so the spend entry is undone with it; the CHECK
 * (balance >= 0) stays the last line of defence.
 */
export function spendExpressions(entry: WalletSpend): SQL {
  return sql`spent as (
      insert into ${ledgerEntries} (account, user_id, kind, amount_cents, currency, ref, item_id,
        created_at)
      values ('wallet', ${entry.userId}::uuid, 'spend', ${-entry.amountCents}::integer,
        ${WALLET_CURRENCY}::text, ${entry.ref}::text, ${entry.itemId}::bigint,
        ${entry.at.toISOString()}::timestamptz)
      on conflict (ref) do nothing
      returning 1
    ),
    debited as (
      update ${wallets} set balance_cents = balance_cents - ${entry.amountCents}::integer,
        updated_at = ${entry.at.toISOString()}::timestamptz
      where user_id = ${entry.userId}::uuid and balance_cents >= ${entry.amountCents}::integer
        and exists (select 1 from spent)
      returning balance_cents
    )`;
}

/** What creditEarnings books: a sale or membership payment of a creator, before the fee. */
export interface EarningsCredit {
  creatorId: string;
  grossCents: number;
  currency: Currency;
  feePercent: number;
  kind: Extract<LedgerEntryKind, 'sale' | 'membership' | 'tip'>;
  /** Who paid (the transactions list and refunds name them); every payment names them. */
  buyerId?: string | null;
  ref: string;
  itemId?: number | null;
  subscriptionId?: string | null;
  checkoutSessionId?: string | null;
  at: Date;
}

/**
 * The common table expressions that book a credit (`booked`: the ledger entry, none when its ref
 * was booked already) and add it to one shard of its month's total (`totalled`), chosen by the
 * booking transaction's id (`earningsShard`). With `gate`, the name of an earlier expression,
 * only when that returned a row.
 */
export function creditExpressions(entry: EarningsCredit, netCents: number, gate: SQL | null): SQL {
  const month = startOfUtcMonth(entry.at).toISOString();
  return sql`booked as (
      insert into ${ledgerEntries} (account, user_id, kind, amount_cents, gross_cents, currency,
        ref, item_id, subscription_id, checkout_session_id, buyer_id, created_at)
      select 'earnings', ${entry.creatorId}::uuid, ${entry.kind}::text, ${netCents}::integer,
        ${entry.grossCents}::integer, ${entry.currency}::text, ${entry.ref}::text,
        ${entry.itemId ?? null}::bigint, ${entry.subscriptionId ?? null}::uuid,
        ${entry.checkoutSessionId ?? null}::text, ${entry.buyerId ?? null}::uuid,
        ${entry.at.toISOString()}::timestamptz
      ${gate ? sql`where exists (select 1 from ${gate})` : sql``}
      on conflict (ref) do nothing
      returning ${earningsShard} as shard
    ),
    totalled as (
      insert into ${earningsMonths} (user_id, currency, month, shard, net_cents)
      select ${entry.creatorId}::uuid, ${entry.currency}::text, ${month}::timestamptz, shard,
        ${netCents}::bigint
      from booked
      on conflict (user_id, currency, month, shard)
        do update set net_cents = ${earningsMonths}.net_cents + excluded.net_cents
      returning 1
    )`;
}

const firstRow = (result: unknown) => rowsOf<Record<string, number | string>>(result)[0] ?? {};

/** The creator's part of a payment: the gross less the platform fee. */
export const netOf = (entry: Pick<EarningsCredit, 'grossCents' | 'feePercent'>): number =>
  entry.grossCents - platformFee(entry.grossCents, entry.feePercent);

/**
 * Credits a creator for a sale or membership payment, net of the platform fee, once per ref:
 * the net cents credited, or null when `ref` was already booked. One statement books the entry
 * and adds it to one shard of the creator's running total of its month (`earnings_months`, what
 * the dashboard reads), chosen by the transaction's id; that row stays locked until the caller
 * commits.
 */
export async function creditEarnings(tx: Db, entry: EarningsCredit): Promise<number | null> {
  const netCents = netOf(entry);
  const result = await tx.execute(
    sql`with ${creditExpressions(entry, netCents, null)}
      select count(*)::int as credited from totalled`,
  );
  return Number(firstRow(result).credited) > 0 ? netCents : null;
}

/**
 * creditEarnings after another write, in the same statement: `first` (one data-modifying
 * statement, e.g. a sale's entitlement) runs, and the credit is booked only when it returned a
 * row. Whether `first` wrote, and the net cents credited (null when it did not, or the ref was
 * booked already).
 */
export async function creditEarningsAfter(
  tx: Db,
  first: SQL,
  entry: EarningsCredit,
): Promise<{ first: boolean; netCents: number | null }> {
  const netCents = netOf(entry);
  const result = await tx.execute(
    sql`with first_write as (${first}), ${creditExpressions(entry, netCents, sql.raw('first_write'))}
      select (select count(*) from first_write)::int as first,
        (select count(*) from totalled)::int as credited`,
  );
  const row = firstRow(result);
  return {
    first: Number(row.first) > 0,
    netCents: Number(row.credited) > 0 ? netCents : null,
  };
}
