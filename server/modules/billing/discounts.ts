import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  discountedCents,
  DISCOUNTS_PER_CREATOR,
  normalizeDiscountCode,
  type DiscountAmount,
} from '../../../common/rules/discounts';
import type { Currency } from '../../../common/rules/money';
import { TIER_CURRENCY, type PaidTier } from '../../../common/rules/tiers';
import type {
  CreateDiscountRequest,
  DiscountCode,
  DiscountList,
} from '../../../common/schemas/discounts';
import { authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/guard';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { itemCreatorsOf } from '../items/index';
import type { BillingDeps } from './deps';
import {
  checkoutSessions,
  discountCodes,
  type DiscountCodeRow,
  type DiscountScope,
} from './tables';

/*
 * Discount codes (issue 43, rules in common/rules/discounts.ts). A creator manages their own
 * codes; a checkout of their item or membership may name one. The checkout holds one redemption
 * from the moment its session is stored (a conditional update in the same transaction, so at
 * most `maxRedemptions` are held however many buyers race), keeps it when paid, and gives it back
 * when it expires or is cancelled unpaid (`releaseDiscounts`).
 */

function present(row: DiscountCodeRow): DiscountCode {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    currency: row.currency,
    appliesTo: row.appliesTo,
    maxRedemptions: row.maxRedemptions,
    redemptions: row.redemptions,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    firstPeriodOnly: row.firstPeriodOnly,
    createdAt: row.createdAt.toISOString(),
  };
}

const coversMemberships = (scope: DiscountScope) => scope === 'all' || scope.tiers.length > 0;

/** POST /api/v1/creator/discounts. */
export async function createDiscount(
  deps: BillingDeps,
  viewer: Viewer,
  body: CreateDiscountRequest,
  meta: EventMeta,
): Promise<DiscountCode> {
  authorize(viewer, 'membership.offer', { ownerId: viewer.id });
  const percent = body.percentOff ?? null;
  const amountOff = body.amountOffCents ?? null;
  if ((percent === null) === (amountOff === null) || (percent !== null && body.currency)) {
    throw fail('discount_amount_invalid', undefined, { field: 'percentOff' });
  }
  const now = meta.at;
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt <= now) {
    throw fail('discount_expiry_past', undefined, { field: 'expiresAt' });
  }
  const scope: DiscountScope =
    body.appliesTo === 'all'
      ? 'all'
      : {
          items: [...new Set(body.appliesTo.items ?? [])],
          tiers: [...new Set(body.appliesTo.tiers ?? [])],
        };
  if (scope !== 'all') {
    if (scope.items.length === 0 && scope.tiers.length === 0) {
      throw fail('discount_scope_empty', undefined, { field: 'appliesTo' });
    }
    const owners = await itemCreatorsOf(deps.db, scope.items);
    const foreign = scope.items.filter((id) => owners.get(id) !== viewer.id);
    if (foreign.length > 0) {
      throw fail('discount_items_invalid', { ids: foreign.join(', ') }, { field: 'appliesTo' });
    }
  }
  const firstPeriodOnly = body.firstPeriodOnly ?? true;
  if (!firstPeriodOnly && coversMemberships(scope)) {
    throw fail('discount_every_period_unsupported', undefined, { field: 'firstPeriodOnly' });
  }
  const code = normalizeDiscountCode(body.code);
  return deps.db.transaction(async (tx) => {
    // One creator's codes are counted under a lock on their own rows: two creates in a race
    // cannot both pass the limit (the unique index answers a repeated code).
    const [held] = await tx
      .select({ n: count() })
      .from(discountCodes)
      .where(eq(discountCodes.creatorId, viewer.id));
    if ((held?.n ?? 0) >= DISCOUNTS_PER_CREATOR) {
      throw fail('discount_limit_reached', { max: DISCOUNTS_PER_CREATOR });
    }
    const [row] = await tx
      .insert(discountCodes)
      .values({
        creatorId: viewer.id,
        code,
        percentOff: percent,
        amountOffCents: amountOff,
        currency: amountOff === null ? null : (body.currency ?? 'eur'),
        appliesTo: scope,
        maxRedemptions: body.maxRedemptions ?? null,
        expiresAt,
        firstPeriodOnly,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fail('discount_code_taken', { code }, { field: 'code' });
    await recordEvent(
      tx,
      viewer,
      { type: 'discount.created', subjectId: row.id, data: { code } },
      meta,
    );
    return present(row);
  });
}

/** GET /api/v1/creator/discounts: the caller's codes, oldest first. */
export async function listDiscounts(deps: BillingDeps, viewer: Viewer): Promise<DiscountList> {
  authorize(viewer, 'membership.offer', { ownerId: viewer.id });
  // Held redemptions of checkouts that ran out are given back first, so the counts are current.
  await releaseDiscounts(deps.db, deps.clock.now(), { creatorId: viewer.id });
  const rows = await deps.db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.creatorId, viewer.id))
    .orderBy(asc(discountCodes.createdAt), asc(discountCodes.code));
  return { discounts: rows.map(present) };
}

/** DELETE /api/v1/creator/discounts/{id}: another creator's code is not found (404). */
export async function deleteDiscount(
  deps: BillingDeps,
  viewer: Viewer,
  id: string,
  meta: EventMeta,
): Promise<void> {
  authorize(viewer, 'membership.offer', { ownerId: viewer.id });
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(discountCodes)
      .where(and(eq(discountCodes.id, id), eq(discountCodes.creatorId, viewer.id)))
      .returning({ id: discountCodes.id, code: discountCodes.code });
    if (!gone) throw fail('discount_not_found');
    await recordEvent(
      tx,
      viewer,
      { type: 'discount.deleted', subjectId: gone.id, data: { code: gone.code } },
      meta,
    );
  });
}

/** What a checkout's discount is: the code row, the code and the cents it takes off. */
export interface PricedDiscount {
  codeId: string;
  code: string;
  discountCents: number;
  /** What is charged instead of the price. */
  amountCents: number;
}

export type DiscountTarget =
  | { kind: 'item'; itemId: number; payWhatYouWant: boolean }
  | { kind: 'subscription'; tier: PaidTier }
  | { kind: 'topup' };

const applies = (scope: DiscountScope, target: DiscountTarget) =>
  scope === 'all' ||
  (target.kind === 'item' && scope.items.includes(target.itemId)) ||
  (target.kind === 'subscription' && scope.tiers.includes(target.tier));

/**
 * Prices a checkout's discount code from the seller's own code row, or refuses it: unknown,
 * expired, used up (after giving back what expired checkouts held), or not for this purchase.
 * The redemption itself is taken by `reserveDiscount` when the session is stored.
 */
export async function priceDiscount(
  db: Db,
  now: Date,
  input: {
    text: string;
    sellerId: string | null;
    target: DiscountTarget;
    priceCents: number;
    currency: Currency;
  },
): Promise<PricedDiscount> {
  const code = normalizeDiscountCode(input.text);
  const field = { field: 'discountCode' };
  if (input.target.kind === 'topup' || input.sellerId === null) {
    throw fail('discount_not_applicable', { code }, field);
  }
  if (input.target.kind === 'item' && input.target.payWhatYouWant) {
    throw fail('discount_not_for_pwyw', { code }, field);
  }
  const find = () =>
    db
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.creatorId, input.sellerId ?? ''), eq(discountCodes.code, code)));
  let [row] = await find();
  if (!row) throw fail('discount_code_unknown', { code }, field);
  if (row.expiresAt && row.expiresAt <= now) throw fail('discount_code_expired', { code }, field);
  if (!applies(row.appliesTo, input.target)) throw fail('discount_not_applicable', { code }, field);
  if (row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions) {
    await releaseDiscounts(db, now, { codeId: row.id });
    [row] = await find();
    if (!row || (row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions)) {
      throw fail('discount_code_used_up', { code }, field);
    }
  }
  const amount: DiscountAmount =
    row.percentOff !== null
      ? { percentOff: row.percentOff, amountOffCents: null, currency: null }
      : {
          percentOff: null,
          amountOffCents: row.amountOffCents ?? 0,
          currency: row.currency ?? 'eur',
        };
  const amountCents = discountedCents(input.priceCents, input.currency, amount);
  if (amountCents === null) throw fail('discount_not_applicable', { code }, field);
  return { codeId: row.id, code, discountCents: input.priceCents - amountCents, amountCents };
}

/**
 * An item checkout's discount (a card purchase or a gift of it): none without a code, else the
 * code priced for this item at the amount the buyer pays (`priceDiscount`'s rules).
 */
export async function itemDiscount(
  db: Db,
  now: Date,
  text: string | null,
  item: { id: number; creatorId: string; minPriceCents: number | null; currency: Currency },
  priceCents: number,
): Promise<PricedDiscount | null> {
  if (text === null) return null;
  return priceDiscount(db, now, {
    text,
    sellerId: item.creatorId,
    target: { kind: 'item', itemId: item.id, payWhatYouWant: item.minPriceCents !== null },
    priceCents,
    currency: item.currency,
  });
}

/**
 * A membership checkout's discount (a subscription's first period or a gift of months): none
 * without a code, else the code priced for the creator's tier (`priceDiscount`'s rules).
 */
export async function membershipDiscount(
  db: Db,
  now: Date,
  text: string | null,
  membership: { creatorId: string; tier: PaidTier },
  priceCents: number,
): Promise<PricedDiscount | null> {
  if (text === null) return null;
  return priceDiscount(db, now, {
    text,
    sellerId: membership.creatorId,
    target: { kind: 'subscription', tier: membership.tier },
    priceCents,
    currency: TIER_CURRENCY,
  });
}

/**
 * Takes one redemption of the code inside the checkout's transaction: a conditional update, so
 * when many buyers race for the last ones each waits on the row and sees the count the one
 * before it left (PostgreSQL re-checks the condition on the updated row; PGlite runs one
 * statement at a time). False when none is left or the code has since expired or been deleted.
 */
export async function reserveDiscount(tx: Db, codeId: string, now: Date): Promise<boolean> {
  const taken = await tx
    .update(discountCodes)
    .set({ redemptions: sql`${discountCodes.redemptions} + 1` })
    .where(
      and(
        eq(discountCodes.id, codeId),
        sql`(${discountCodes.maxRedemptions} is null or ${discountCodes.redemptions} < ${discountCodes.maxRedemptions})`,
        sql`(${discountCodes.expiresAt} is null or ${discountCodes.expiresAt} > ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: discountCodes.id });
  return taken.length === 1;
}

/**
 * Gives back the redemptions held by checkouts that ended unpaid (expired by time, expired at the
 * provider, or cancelled), once each: the session is marked in the same statement that lowers
 * the code's count, and a session already marked is skipped by a concurrent run. Narrowed to one
 * code, one creator's codes or one session. Resolves with how many were given back.
 */
export async function releaseDiscounts(
  db: Db,
  now: Date,
  only: { codeId?: string; creatorId?: string; sessionId?: string } = {},
): Promise<number> {
  const at = now.toISOString();
  const narrow = only.codeId
    ? sql`and s.discount_code_id = ${only.codeId}::uuid`
    : only.sessionId
      ? sql`and s.id = ${only.sessionId}`
      : only.creatorId
        ? sql`and s.discount_code_id in (select id from ${discountCodes} where creator_id = ${only.creatorId}::uuid)`
        : sql``;
  const result = await db.execute(sql`
    with freed as (
      update ${checkoutSessions} s set discount_released_at = ${at}::timestamptz
      where s.discount_code_id is not null and s.discount_released_at is null
        and s.fulfilled_at is null and s.payment_status = 'unpaid'
        and (s.status = 'expired' or s.expires_at <= ${at}::timestamptz)
        ${narrow}
      returning s.discount_code_id),
    counts as (select discount_code_id as id, count(*)::int as n from freed group by 1),
    given as (
      update ${discountCodes} d set redemptions = greatest(d.redemptions - counts.n, 0)
      from counts where d.id = counts.id
      returning counts.n)
    select coalesce(sum(n), 0)::int as count from given`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}
