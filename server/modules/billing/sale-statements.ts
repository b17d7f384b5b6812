import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refuseSql } from '../../db/refusal';
import { recordChangeAnswering, type EventMeta, type EventWrite } from '../../events/record';
import { countSaleSql } from '../items/index';
import { creditExpressions, netOf, spendExpressions, type WalletSpend } from './ledger';
import { creditOf, grantSql, saleEvent, type Sale } from './sales';
import { checkoutSessions } from './tables';

/*
 * Purchases in one statement (issue 17), each a transaction of its own: the payment's own
 * writes, then the sale (the entitlement, the creator's credit, the item's sales count and the
 * `sale.recorded` event with its mails). Each part runs only after the one before it wrote, so
 * every purchase takes its locks in the same order (the payment's row, the creator's month
 * total, the item's counter), and when one did not, the statement refuses (`refuseSql`) and
 * nothing is written; `refusalOf` then gives the reason.
 */

interface Payment<T> {
  /** Common table expressions of the payment's own writes, ahead of the sale's. */
  before: SQL;
  /** The expression whose row the sale waits for (the payment went through). */
  gate: string;
  /** In order: an expression that must have written, and the refusal when it did not. */
  checks: readonly (readonly [string, string])[];
  /** What the statement answers, a column over the expressions. */
  answer: SQL<T>;
  /** The payment's own events. */
  events?: readonly EventWrite[];
}

/** The sale after `payment`, refused as `unsold` when the entitlement could not be written. */
async function sellAfter<T>(db: Db, sale: Sale, meta: EventMeta, payment: Payment<T>) {
  const credit = creditOf(sale, meta);
  const netCents = netOf(credit);
  const checks = [...payment.checks, ['granted', 'unsold'] as const].map(
    ([cte, reason]) =>
      sql`when not exists (select 1 from ${sql.raw(cte)}) then ${refuseSql(reason)}`,
  );
  // The statement's answer reads `outcome`, which runs every part above it in order, before
  // the event's change: the item's counter row is locked last.
  const before = sql`${payment.before},
    granted as (${grantSql(sale, meta, sql.raw(payment.gate))}),
    ${creditExpressions(credit, netCents, sql.raw('granted'))},
    outcome as materialized (
      select case ${sql.join(checks, sql` `)} end as refused,
        (select count(*) from totalled) as credited,
        ${payment.answer} as answer
    )`;
  return recordChangeAnswering(
    db,
    { id: sale.buyerId },
    saleEvent(sale, netCents),
    meta,
    {
      audience: [sale.item.creatorId, sale.buyerId],
      change: countSaleSql(db, sale.item.id),
      prepared: true,
    },
    {
      before,
      answer: sql<T>`(select answer from outcome)`,
      ...(payment.events ? { events: payment.events } : {}),
    },
  );
}

/** Why sellForBalance wrote nothing (the reasons its statement refuses with). */
export type BalanceSaleRefusal = 'replayed' | 'short' | 'unsold';

/**
 * A purchase with the wallet's balance: the spend and the debit, then the sale. Refuses with
 * `replayed` when a request with the same key booked the spend meanwhile, `short` when the
 * balance no longer covers the price, `unsold` when the buyer came to own the item or it was
 * deleted since the read. The new balance.
 */
export async function sellForBalance(
  db: Db,
  sale: Sale & { via: 'balance' },
  spend: WalletSpend,
  meta: EventMeta,
): Promise<number> {
  const balance = await sellAfter(db, sale, meta, {
    before: spendExpressions(spend),
    gate: 'debited',
    checks: [
      ['spent', 'replayed'],
      ['debited', 'short'],
    ],
    answer: sql<number>`(select balance_cents from debited)`,
  });
  return Number(balance);
}

/** Why sellForCard wrote nothing. */
export type CardSaleRefusal = 'already' | 'unsold';

/**
 * A paid card checkout of an item: the session marked paid with its `checkout.fulfilled` event,
 * then the sale. Refuses with `already` when the session was fulfilled or closed meanwhile (a
 * second pay click), `unsold` when the buyer came to own the item or it was deleted (the caller
 * then fulfils the checkout the long way, which refunds the payment to the balance).
 */
export async function sellForCard(
  db: Db,
  sale: Sale & { via: 'card'; checkoutSessionId: string },
  session: { kind: 'item'; customerEmail: string | null },
  meta: EventMeta,
): Promise<void> {
  const id = sale.checkoutSessionId;
  const completed = db
    .update(checkoutSessions)
    .set({
      status: 'complete',
      paymentStatus: 'paid',
      ...(session.customerEmail ? { customerEmail: session.customerEmail } : {}),
      fulfilledAt: meta.at,
    })
    .where(
      and(
        eq(checkoutSessions.id, id),
        isNull(checkoutSessions.fulfilledAt),
        eq(checkoutSessions.status, 'open'),
      ),
    )
    .returning({ id: checkoutSessions.id });
  const fulfilled: EventWrite = {
    actor: { id: sale.buyerId },
    event: {
      type: 'checkout.fulfilled',
      subjectId: id,
      data: { kind: session.kind, amountCents: sale.grossCents, currency: sale.currency },
    },
    options: { audience: [sale.buyerId] },
  };
  await sellAfter(db, sale, meta, {
    before: sql`completed as (${completed.getSQL()})`,
    gate: 'completed',
    checks: [['completed', 'already']],
    answer: sql<null>`null`,
    events: [fulfilled],
  });
}
