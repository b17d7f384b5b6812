import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { displayNameOf } from '../../../common/rules/display-name';
import { moneyParams } from '../../../common/rules/money';
import {
  TIP_MAX_CENTS,
  TIP_MIN_CENTS,
  tipAmountProblem,
  tipMessageOf,
} from '../../../common/rules/tips';
import { WALLET_CURRENCY } from '../../../common/schemas/billing';
import type {
  BalanceTipRequest,
  BalanceTipResponse,
  CreatorTip,
  CreatorTipsPage,
  PublicTip,
  PublicTipsPage,
  TipsQuery,
} from '../../../common/schemas/tips';
import { authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/guard';
import type { Database, Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { isCreatorNow } from '../access/index';
import { accountState } from '../users/index';
import { creditEarnings, creditWallet } from './ledger';
import { paymentRefunds } from './refund-tables';
import { creatorSummaries } from './stats';
import { ledgerEntries, tips, wallets, type CheckoutSessionRow, type TipRow } from './tables';

/*
 * Tips (issue 43, common/rules/tips.ts): a fan pays a creator a chosen amount, by card (a
 * checkout of kind `tip`, fulfilled by fulfilment.ts) or from the balance (below). Either way the
 * creator's earnings get a `tip` entry net of the platform fee, the `tips` row keeps the message,
 * and `tip.received` goes to both (audit, realtime, the creator's mail notice), all in the
 * payment's one transaction and once per payment ref.
 */

/** The amount and the creator of a tip, checked as the server decides them (both payment ways). */
export async function assertTippable(
  db: Db,
  fan: Viewer,
  creatorId: string,
  amountCents: number,
): Promise<{ id: string; username: string }> {
  const problem = tipAmountProblem(amountCents);
  if (problem) {
    throw fail(problem, moneyParams({ min: TIP_MIN_CENTS, max: TIP_MAX_CENTS }, WALLET_CURRENCY), {
      field: 'amount',
    });
  }
  const creator = await accountState(db, { id: creatorId });
  // Only a creator (the access layer's one rule) with an active account can be tipped.
  if (!creator || creator.status !== 'active' || !(await isCreatorNow(db, creator))) {
    throw fail('creator_not_found');
  }
  if (creator.id === fan.id) throw fail('cannot_tip_self');
  return creator;
}

interface TipBooking {
  fanId: string;
  creatorId: string;
  amountCents: number;
  message: string | null;
  showPublicly: boolean;
  via: 'card' | 'balance';
  /** Names the payment: `checkout:<session>` or `balance:<fan>:<key>`. */
  ref: string;
  checkoutSessionId: string | null;
  feePercent: number;
}

/**
 * Books a paid tip in the caller's transaction: the creator's earnings entry, the tip row and
 * `tip.received`. Null, with nothing written, when the payment's ref was booked already.
 */
async function bookTip(tx: Db, tip: TipBooking, meta: EventMeta): Promise<TipRow | null> {
  const [row] = await tx
    .insert(tips)
    .values({
      fanId: tip.fanId,
      creatorId: tip.creatorId,
      amountCents: tip.amountCents,
      netCents: 0,
      currency: WALLET_CURRENCY,
      message: tip.message,
      showPublicly: tip.showPublicly,
      via: tip.via,
      ref: tip.ref,
      checkoutSessionId: tip.checkoutSessionId,
      createdAt: meta.at,
    })
    .onConflictDoNothing({ target: tips.ref })
    .returning();
  if (!row) return null;
  const netCents =
    (await creditEarnings(tx, {
      creatorId: tip.creatorId,
      grossCents: tip.amountCents,
      currency: WALLET_CURRENCY,
      feePercent: tip.feePercent,
      kind: 'tip',
      buyerId: tip.fanId,
      ref: `tip:${tip.ref}`,
      checkoutSessionId: tip.checkoutSessionId,
      at: meta.at,
    })) ?? 0;
  await tx.update(tips).set({ netCents }).where(eq(tips.id, row.id));
  await recordEvent(
    tx,
    { id: tip.fanId },
    {
      type: 'tip.received',
      subjectId: String(row.id),
      data: {
        tipId: row.id,
        fanId: tip.fanId,
        creatorId: tip.creatorId,
        amountCents: tip.amountCents,
        currency: WALLET_CURRENCY,
        netCents,
        via: tip.via,
        showPublicly: tip.showPublicly,
      },
    },
    meta,
    { audience: [tip.fanId, tip.creatorId] },
  );
  return { ...row, netCents };
}

/**
 * The card way, from fulfilCheckout (the session row locked and marked paid there). A creator
 * whose account is gone since the checkout opened gets nothing: the fan's money goes to their
 * balance instead.
 */
export async function grantTip(
  tx: Db,
  feePercent: number,
  row: CheckoutSessionRow,
  meta: EventMeta,
): Promise<void> {
  if (row.creatorId !== null) {
    await bookTip(
      tx,
      {
        fanId: row.userId,
        creatorId: row.creatorId,
        amountCents: row.amountCents,
        message: tipMessageOf(row.tipMessage),
        showPublicly: row.tipPublic === true,
        via: 'card',
        ref: `checkout:${row.id}`,
        checkoutSessionId: row.id,
        feePercent,
      },
      meta,
    );
    return;
  }
  await creditWallet(tx, {
    userId: row.userId,
    amountCents: row.amountCents,
    kind: 'refund',
    ref: `refund:${row.id}`,
    checkoutSessionId: row.id,
    at: meta.at,
  });
}

export interface TipDeps {
  db: Database;
  feePercent: number;
}

/**
 * POST /api/v1/tips/balance: a tip from the balance, once per Idempotency-Key. One transaction
 * books the spend (its ref unique per fan and key: a concurrent request with the same key waits
 * on it and then writes nothing), takes the amount from the balance only while it covers it
 * (the wallet's row lock serialises spends), and books the tip. A repeated key is answered with
 * the tip it paid.
 */
export async function tipFromBalance(
  deps: TipDeps,
  viewer: Viewer,
  body: BalanceTipRequest,
  idempotencyKey: string,
  meta: EventMeta,
): Promise<BalanceTipResponse> {
  authorize(viewer, 'wallet.use');
  const refs = {
    spend: `spend:${viewer.id}:${idempotencyKey}`,
    tip: `balance:${viewer.id}:${idempotencyKey}`,
  };
  const earlier = await replayOf(deps.db, viewer.id, refs, body);
  if (earlier) return earlier;
  await assertTippable(deps.db, viewer, body.creatorId, body.amountCents);
  const message = tipMessageOf(body.message);
  const booked = await deps.db.transaction(async (tx) => {
    const [spent] = await tx
      .insert(ledgerEntries)
      .values({
        account: 'wallet',
        userId: viewer.id,
        // Its own kind, so the fan's wallet history names it a tip, not an unlock.
        kind: 'tip',
        amountCents: -body.amountCents,
        currency: WALLET_CURRENCY,
        ref: refs.spend,
        createdAt: meta.at,
      })
      .onConflictDoNothing({ target: ledgerEntries.ref })
      .returning({ id: ledgerEntries.id });
    // A request with the same key committed first: answered from what it booked, below.
    if (!spent) return null;
    const [debited] = await tx
      .update(wallets)
      .set({ balanceCents: sqlMinus(body.amountCents), updatedAt: meta.at })
      .where(and(eq(wallets.userId, viewer.id), balanceCovers(body.amountCents)))
      .returning({ balanceCents: wallets.balanceCents });
    if (!debited) throw short(body.amountCents, await balanceOf(tx, viewer.id));
    const tip = await bookTip(
      tx,
      {
        fanId: viewer.id,
        creatorId: body.creatorId,
        amountCents: body.amountCents,
        message,
        showPublicly: body.showPublicly,
        via: 'balance',
        ref: refs.tip,
        checkoutSessionId: null,
        feePercent: deps.feePercent,
      },
      meta,
    );
    if (!tip) throw new Error(`tip ${refs.tip} booked without its spend`);
    return { tipId: tip.id, chargedCents: body.amountCents, balanceCents: debited.balanceCents };
  });
  if (booked) return { ...booked, replayed: false };
  const replayed = await replayOf(deps.db, viewer.id, refs, body);
  if (!replayed) throw fail('idempotency_key_reused');
  return replayed;
}

const sqlMinus = (cents: number): SQL<number> =>
  sql<number>`${wallets.balanceCents} - ${cents}::integer`;
const balanceCovers = (cents: number): SQL => sql`${wallets.balanceCents} >= ${cents}::integer`;

function short(priceCents: number, balance: number) {
  return fail(
    'tip_insufficient_balance',
    moneyParams({ price: priceCents, balance }, WALLET_CURRENCY),
    { balanceCents: balance, priceCents },
  );
}

async function balanceOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ balanceCents: wallets.balanceCents })
    .from(wallets)
    .where(eq(wallets.userId, userId));
  return row?.balanceCents ?? 0;
}

/**
 * The answer to a key already used: the tip it paid (to the same creator), or a refusal when it
 * paid something else (an item unlock, another creator's tip); null when it is unused.
 */
async function replayOf(
  db: Db,
  fanId: string,
  refs: { spend: string; tip: string },
  body: BalanceTipRequest,
): Promise<BalanceTipResponse | null> {
  const [spend] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.ref, refs.spend));
  if (!spend) return null;
  const [tip] = await db.select().from(tips).where(eq(tips.ref, refs.tip));
  if (!tip || tip.creatorId !== body.creatorId || tip.amountCents !== body.amountCents) {
    throw fail('idempotency_key_reused');
  }
  return {
    tipId: tip.id,
    chargedCents: tip.amountCents,
    balanceCents: await balanceOf(db, fanId),
    replayed: true,
  };
}

/** A page of tips, newest first, with the fans' names. */
async function tipsPage(
  db: Database,
  where: SQL | undefined,
  query: TipsQuery,
): Promise<{ rows: (TipRow & { fan: PublicTip['fan'] })[]; nextBefore: number | null }> {
  const rows = await db
    .select()
    .from(tips)
    .where(and(where, query.before !== undefined ? lt(tips.id, query.before) : undefined))
    .orderBy(desc(tips.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const fans = await creatorSummaries(db, [
    ...new Set(page.map((r) => r.fanId).filter((id): id is string => id !== null)),
  ]);
  return {
    rows: page.map((r) => {
      const fan = r.fanId ? fans.get(r.fanId) : undefined;
      return {
        ...r,
        fan:
          fan && fan.status === 'active'
            ? { username: fan.username, displayName: displayNameOf(fan), image: fan.image }
            : null,
      };
    }),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

const presentPublic = (r: TipRow & { fan: PublicTip['fan'] }): PublicTip => ({
  id: r.id,
  fan: r.fan,
  amountCents: r.amountCents,
  currency: r.currency,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
});

/** A tip given back in full (refunds.ts) is no longer shown on the creator's page. */
const notRefunded = sql`not exists (select 1 from ${ledgerEntries} e
  where e.ref = 'tip:' || ${tips.ref} and e.account = 'earnings'
    and (select coalesce(sum(r.amount_cents), 0) from ${paymentRefunds} r
      where r.transaction_id = e.id) >= ${tips.amountCents})`;

/** GET /api/v1/creators/{username}/tips: the tips whose fans let the page show them. */
export async function publicTipsOf(
  db: Database,
  username: string,
  query: TipsQuery,
): Promise<PublicTipsPage> {
  const creator = await accountState(db, { username });
  if (!creator || creator.status !== 'active') throw fail('creator_not_found');
  const page = await tipsPage(
    db,
    and(eq(tips.creatorId, creator.id), eq(tips.showPublicly, true), notRefunded),
    query,
  );
  return { tips: page.rows.map(presentPublic), nextBefore: page.nextBefore };
}

/** GET /api/v1/creator/tips: every tip of the signed-in creator, the private ones too. */
export async function ownTips(
  db: Database,
  viewer: Viewer,
  query: TipsQuery,
): Promise<CreatorTipsPage> {
  authorize(viewer, 'sales.read');
  const page = await tipsPage(db, eq(tips.creatorId, viewer.id), query);
  return {
    tips: page.rows.map((r): CreatorTip => ({
      ...presentPublic(r),
      showPublicly: r.showPublicly,
      netCents: r.netCents,
      via: r.via,
    })),
    nextBefore: page.nextBefore,
  };
}
