import { desc, eq, inArray } from 'drizzle-orm';
import type { Subscription } from '../../../common/schemas/billing';
import type { Viewer } from '../../auth/guard';
import { entitlements, subscriptions } from '../../db/schema/index';
import type { BillingDeps } from './deps';
import { yearlyPricesOf } from './plans';
import { presentSubscription } from './presenter';
import { creatorSummaries } from './stats';
import { unknownCreator } from './subscription-view';

/** GET /api/v1/billing/subscriptions: the fan's memberships, newest first. */
export async function listSubscriptions(
  deps: BillingDeps,
  viewer: Viewer,
): Promise<Subscription[]> {
  const rows = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, viewer.id))
    .orderBy(desc(subscriptions.createdAt))
    .limit(200);
  if (rows.length === 0) return [];
  const now = deps.clock.now();
  const creators = await creatorSummaries(
    deps.db,
    rows.map((r) => r.creatorId),
  );
  const access = await deps.db
    .select({ ref: entitlements.sourceRef, periodEnd: entitlements.periodEnd })
    .from(entitlements)
    .where(
      inArray(
        entitlements.sourceRef,
        rows.map((r) => `sub:${r.id}`),
      ),
    );
  const accessByRef = new Map(access.map((a) => [a.ref, a.periodEnd]));
  // A yearly plan's tier changes are quoted at its creator's yearly prices (issue 43).
  const yearly = await yearlyPricesOf(
    deps.db,
    rows.filter((r) => r.interval === 'year').map((r) => r.creatorId),
  );
  return rows.map((r) =>
    presentSubscription(
      viewer,
      r,
      creators.get(r.creatorId) ?? unknownCreator,
      accessByRef.get(`sub:${r.id}`) ?? null,
      now,
      { yearly: yearly.get(r.creatorId), serverProvider: deps.provider.name },
    ),
  );
}
