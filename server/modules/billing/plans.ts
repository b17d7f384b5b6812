import { eq, inArray } from 'drizzle-orm';
import {
  defaultYearlyPriceCents,
  monthlyPriceCents,
  type BillingInterval,
} from '../../../common/rules/plans';
import { roleHolds } from '../../../common/rules/permissions';
import { TIER_CURRENCY, type PaidTier } from '../../../common/rules/tiers';
import type { MembershipPlans, SetMembershipPlansRequest } from '../../../common/schemas/plans';
import { authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/guard';
import type { Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { accountState } from '../users/index';
import { membershipPlanPrices } from './tables';

/*
 * Yearly plans (issue 43, common/rules/plans.ts). Each paid tier is sold by the month at its
 * SPEC §9 price or by the year at the creator's yearly price (ten months unless they set one,
 * within one to twelve months). A membership keeps the price and interval it was bought at.
 */

/** The monthly and yearly price of each of a creator's paid tiers. */
export async function plansOf(db: Db, creatorId: string): Promise<MembershipPlans> {
  const rows = await db
    .select({ tier: membershipPlanPrices.tier, yearlyCents: membershipPlanPrices.yearlyCents })
    .from(membershipPlanPrices)
    .where(eq(membershipPlanPrices.creatorId, creatorId));
  const plan = (tier: PaidTier) => {
    const own = rows.find((row) => row.tier === tier);
    return {
      monthlyCents: monthlyPriceCents(tier),
      yearlyCents: own?.yearlyCents ?? defaultYearlyPriceCents(tier),
      isYearlyCustom: own !== undefined,
    };
  };
  return { currency: TIER_CURRENCY, Hypr: plan('Hypr'), HyprSoul: plan('HyprSoul') };
}

/** The yearly prices of each of these creators' paid tiers (the defaults without a setting). */
export async function yearlyPricesOf(
  db: Db,
  creatorIds: string[],
): Promise<Map<string, Record<PaidTier, number>>> {
  const ids = [...new Set(creatorIds)];
  const out = new Map<string, Record<PaidTier, number>>(
    ids.map((id) => [
      id,
      { Hypr: defaultYearlyPriceCents('Hypr'), HyprSoul: defaultYearlyPriceCents('HyprSoul') },
    ]),
  );
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(membershipPlanPrices)
    .where(inArray(membershipPlanPrices.creatorId, ids));
  for (const row of rows) {
    const prices = out.get(row.creatorId);
    if (prices) prices[row.tier] = row.yearlyCents;
  }
  return out;
}

/** What one period of `tier` costs at `interval`, from the creator's plans (server prices only). */
export async function periodPriceCents(
  db: Db,
  creatorId: string,
  tier: PaidTier,
  interval: BillingInterval,
): Promise<number> {
  if (interval === 'month') return monthlyPriceCents(tier);
  return (await plansOf(db, creatorId))[tier].yearlyCents;
}

/** GET /api/v1/creator/plans. */
export async function ownPlans(db: Db, viewer: Viewer): Promise<MembershipPlans> {
  authorize(viewer, 'membership.offer', { ownerId: viewer.id });
  return plansOf(db, viewer.id);
}

/**
 * PUT /api/v1/creator/plans: sets both tiers' yearly prices (bounds: the request schema). New
 * memberships are sold at them; running ones keep the price they were bought at. The same
 * settings again change nothing.
 */
export async function setPlans(
  db: Db,
  viewer: Viewer,
  body: SetMembershipPlansRequest,
  meta: EventMeta,
): Promise<MembershipPlans> {
  authorize(viewer, 'membership.offer', { ownerId: viewer.id });
  await db.transaction(async (tx) => {
    // The creator's rows locked first: two saves at once apply one after the other.
    const before = await tx
      .select()
      .from(membershipPlanPrices)
      .where(eq(membershipPlanPrices.creatorId, viewer.id))
      .for('update');
    const was = (tier: PaidTier) => before.find((row) => row.tier === tier)?.yearlyCents;
    if (was('Hypr') === body.Hypr && was('HyprSoul') === body.HyprSoul) return;
    await tx.delete(membershipPlanPrices).where(eq(membershipPlanPrices.creatorId, viewer.id));
    await tx.insert(membershipPlanPrices).values(
      (['Hypr', 'HyprSoul'] as const).map((tier) => ({
        creatorId: viewer.id,
        tier,
        yearlyCents: body[tier],
        updatedAt: meta.at,
      })),
    );
    await recordEvent(
      tx,
      viewer,
      {
        type: 'membership.plans_set',
        subjectId: viewer.id,
        data: {
          Hypr: { amountCents: body.Hypr, currency: TIER_CURRENCY },
          HyprSoul: { amountCents: body.HyprSoul, currency: TIER_CURRENCY },
        },
      },
      meta,
    );
  });
  return plansOf(db, viewer.id);
}

/** GET /api/v1/creators/{username}/plans: what the creator's tier cards show. */
export async function publicPlans(db: Db, username: string): Promise<MembershipPlans> {
  const creator = await accountState(db, { username });
  if (!creator || creator.status !== 'active' || !roleHolds(creator.role, 'membership.offer')) {
    throw fail('creator_not_found');
  }
  return plansOf(db, creator.id);
}
