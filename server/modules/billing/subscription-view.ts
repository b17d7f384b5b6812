import { eq } from 'drizzle-orm';
import type { Actor } from '../../../common/rules/permissions';
import type { Subscription } from '../../../common/schemas/billing';
import { entitlements, type SubscriptionRow } from '../../db/schema/index';
import type { BillingDeps } from './deps';
import { yearlyPricesOf } from './plans';
import { presentSubscription, type CreatorSummary } from './presenter';
import { creatorSummaries } from './stats';

export const unknownCreator: CreatorSummary = {
  username: 'unknown',
  displayName: null,
  image: null,
  status: 'deleted',
};

export async function presentSubscriptionRow(
  deps: Pick<BillingDeps, 'db' | 'provider'>,
  viewer: Actor,
  row: SubscriptionRow,
  now: Date,
): Promise<Subscription> {
  const { db } = deps;
  const creators = await creatorSummaries(db, [row.creatorId]);
  const access = await db
    .select({ periodEnd: entitlements.periodEnd })
    .from(entitlements)
    .where(eq(entitlements.sourceRef, `sub:${row.id}`));
  return presentSubscription(
    viewer,
    row,
    creators.get(row.creatorId) ?? unknownCreator,
    access[0]?.periodEnd ?? null,
    now,
    {
      yearly:
        row.interval === 'year'
          ? (await yearlyPricesOf(db, [row.creatorId])).get(row.creatorId)
          : undefined,
      serverProvider: deps.provider.name,
    },
  );
}
