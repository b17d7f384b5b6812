import { and, eq, isNotNull } from 'drizzle-orm';
import { roleHolds } from '../../../common/rules/permissions';
import type { PaidTier } from '../../../common/rules/tiers';
import type { MembershipTrials } from '../../../common/schemas/trials';
import { authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/guard';
import type { Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { accountState } from '../users/index';
import { membershipTrialOffers, subscriptions } from './tables';

/*
 * Free trials (issue 43, common/rules/trials.ts). A creator offers new members of a paid tier up
 * to 30 free days; the membership's first period lasts the trial and costs nothing, the renewal
 * job charges the tier's price at its end (local provider only: Stripe checkouts pay at once).
 * A fan gets one trial per creator ever: the subscription's `trialEndsAt`, unique per fan and
 * creator, records it.
 */

/** The trial days a creator offers per paid tier (0: none). */
export async function trialOffersOf(db: Db, creatorId: string): Promise<MembershipTrials> {
  const rows = await db
    .select({ tier: membershipTrialOffers.tier, days: membershipTrialOffers.trialDays })
    .from(membershipTrialOffers)
    .where(eq(membershipTrialOffers.creatorId, creatorId));
  const trials: MembershipTrials = { Hypr: 0, HyprSoul: 0 };
  for (const row of rows) trials[row.tier] = row.days;
  return trials;
}

/** GET /api/v1/creator/trials. */
export async function ownTrialOffers(db: Db, viewer: Viewer): Promise<MembershipTrials> {
  authorize(viewer, 'membership.offer', { ownerId: viewer.id });
  return trialOffersOf(db, viewer.id);
}

/** PUT /api/v1/creator/trials: sets both tiers' trial days; the same settings again change nothing. */
export async function setTrialOffers(
  db: Db,
  viewer: Viewer,
  body: MembershipTrials,
  meta: EventMeta,
): Promise<MembershipTrials> {
  authorize(viewer, 'membership.offer', { ownerId: viewer.id });
  await db.transaction(async (tx) => {
    // The creator's rows locked first: two saves at once apply one after the other.
    const before = await tx
      .select()
      .from(membershipTrialOffers)
      .where(eq(membershipTrialOffers.creatorId, viewer.id))
      .for('update');
    const was: MembershipTrials = { Hypr: 0, HyprSoul: 0 };
    for (const row of before) was[row.tier] = row.trialDays;
    if (was.Hypr === body.Hypr && was.HyprSoul === body.HyprSoul) return;
    await tx.delete(membershipTrialOffers).where(eq(membershipTrialOffers.creatorId, viewer.id));
    const rows = (['Hypr', 'HyprSoul'] as const)
      .filter((tier) => body[tier] > 0)
      .map((tier) => ({
        creatorId: viewer.id,
        tier,
        trialDays: body[tier],
        updatedAt: meta.at,
      }));
    if (rows.length > 0) await tx.insert(membershipTrialOffers).values(rows);
    await recordEvent(
      tx,
      viewer,
      {
        type: 'membership.trials_set',
        subjectId: viewer.id,
        data: { Hypr: body.Hypr, HyprSoul: body.HyprSoul },
      },
      meta,
    );
  });
  return trialOffersOf(db, viewer.id);
}

/** GET /api/v1/creators/{username}/trials: what the creator's tier cards show. */
export async function publicTrialOffers(db: Db, username: string): Promise<MembershipTrials> {
  const creator = await accountState(db, { username });
  if (!creator || creator.status !== 'active' || !roleHolds(creator.role, 'membership.offer')) {
    throw fail('creator_not_found');
  }
  return trialOffersOf(db, creator.id);
}

/** Whether the fan has had a trial of this creator's (running, ended or cancelled). */
export async function hadTrial(db: Db, fanId: string, creatorId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, fanId),
        eq(subscriptions.creatorId, creatorId),
        isNotNull(subscriptions.trialEndsAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The free days a new membership of `tier` starts with for this fan: 0 after their one trial. */
export async function trialDaysFor(
  db: Db,
  fanId: string,
  creatorId: string,
  tier: PaidTier,
): Promise<number> {
  const days = (await trialOffersOf(db, creatorId))[tier];
  if (days === 0) return 0;
  return (await hadTrial(db, fanId, creatorId)) ? 0 : days;
}
