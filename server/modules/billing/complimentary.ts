import { and, eq, gt, sql } from 'drizzle-orm';
import { TIER_CURRENCY, type PaidTier } from '../../../common/rules/tiers';
import type { Db } from '../../db/client';
import { recordEvent, type EventActor, type EventMeta } from '../../events/record';
import { membershipTier } from '../access/index';
import { setSubscriptionAccess } from './fulfilment';
import { addMonth } from './periods';
import { subscriptions, type SubscriptionRow } from './tables';

export interface ComplimentaryGrant {
  fanId: string;
  creatorId: string;
  tier: PaidTier;
  months: number;
  /** Who gave it: the creator's own call, an import, or an invitation accepted at sign-up. */
  via: 'creator' | 'import' | 'invitation' | 'gift';
}

/**
 * Gives a complimentary membership (issue 42): a subscription row of provider `comp` at price 0,
 * with the access entitlement every membership has, in the caller's transaction. No ledger entry
 * and no earnings: nothing is paid. The renewal job ends it at its period end and never charges
 * it (renewals.ts). Null, with nothing written, when the fan already holds a membership of this
 * creator: a free one never replaces or shortens one they have. A paused paid membership is held
 * too (issue 43): it gives no access while paused but renews by itself at the pause's end, and
 * two memberships of one creator would then run side by side.
 */
export async function grantComplimentary(
  tx: Db,
  grant: ComplimentaryGrant,
  actor: EventActor,
  meta: EventMeta,
): Promise<SubscriptionRow | null> {
  // Two grants for one fan and creator at once would both find no membership: one waits here.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`comp:${grant.fanId}:${grant.creatorId}`}))`,
  );
  if ((await membershipTier(tx, grant.fanId, grant.creatorId, meta.at)) !== 'Aura') return null;
  if (await holdsPausedMembership(tx, grant.fanId, grant.creatorId, meta.at)) return null;
  let periodEnd = meta.at;
  for (let i = 0; i < grant.months; i += 1) periodEnd = addMonth(periodEnd);
  const [row] = await tx
    .insert(subscriptions)
    .values({
      provider: 'comp',
      providerSubscriptionId: `comp_${crypto.randomUUID()}`,
      userId: grant.fanId,
      creatorId: grant.creatorId,
      tier: grant.tier,
      status: 'active',
      priceCents: 0,
      currency: TIER_CURRENCY,
      currentPeriodStart: meta.at,
      currentPeriodEnd: periodEnd,
      // It never renews: the period end is where it stops.
      cancelAtPeriodEnd: true,
      createdAt: meta.at,
      updatedAt: meta.at,
    })
    .returning();
  if (!row) throw new Error('complimentary membership not stored');
  await setSubscriptionAccess(tx, row, periodEnd, meta.at);
  await recordEvent(
    tx,
    actor,
    {
      type: 'membership.comp_granted',
      subjectId: row.id,
      data: {
        fanId: grant.fanId,
        creatorId: grant.creatorId,
        tier: grant.tier,
        months: grant.months,
        periodEnd: periodEnd.toISOString(),
        via: grant.via,
      },
    },
    meta,
    { audience: [grant.fanId, grant.creatorId] },
  );
  return row;
}

/** Whether the fan's paid membership of this creator is paused now (pause-membership.ts). */
async function holdsPausedMembership(
  tx: Db,
  fanId: string,
  creatorId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, fanId),
        eq(subscriptions.creatorId, creatorId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.pausedUntil, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}
