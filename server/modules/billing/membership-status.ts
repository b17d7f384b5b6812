import { and, desc, eq } from 'drizzle-orm';
import type { MembershipResponse } from '../../../common/schemas/billing';
import type { Viewer } from '../../auth/guard';
import { subscriptions } from '../../db/schema/index';
import { membershipTier } from '../access/index';
import type { BillingDeps } from './deps';
import { presentSubscriptionRow } from './subscription-view';

/** GET /api/v1/billing/membership/{creatorId}: what the profile's tier card and badge show. */
export async function membershipOf(
  deps: BillingDeps,
  viewer: Viewer | null,
  creatorId: string,
): Promise<MembershipResponse> {
  if (!viewer) return { creatorId, tier: 'Aura', isSubscribed: false, subscription: null };
  const now = deps.clock.now();
  const tier = await membershipTier(deps.db, viewer.id, creatorId, now);
  const [latest] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, viewer.id), eq(subscriptions.creatorId, creatorId)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return {
    creatorId,
    tier,
    isSubscribed: tier !== 'Aura',
    subscription: latest ? await presentSubscriptionRow(deps, viewer, latest, now) : null,
  };
}
