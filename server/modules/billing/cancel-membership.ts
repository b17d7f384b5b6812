import { eq } from 'drizzle-orm';
import { can } from '../../../common/rules/permissions';
import type { Subscription } from '../../../common/schemas/billing';
import type { Viewer } from '../../auth/guard';
import { subscriptions } from '../../db/schema/index';
import type { EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { cancelAtPeriodEnd } from './cancellation';
import type { BillingDeps } from './deps';
import { presentSubscriptionRow } from './subscription-view';

/** POST /api/v1/billing/subscriptions/{id}/cancel: no more renewals, access until the period ends. */
export async function cancelSubscription(
  deps: BillingDeps,
  viewer: Viewer,
  subscriptionId: string,
  meta: EventMeta,
): Promise<Subscription> {
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!row || !can(viewer, 'membership.cancel', { ownerId: row.userId })) {
    throw fail('subscription_not_found');
  }
  if (row.status === 'canceled') throw fail('membership_ended');
  await cancelAtPeriodEnd(deps, row, viewer, meta);
  const [updated] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!updated) throw fail('subscription_not_found');
  return presentSubscriptionRow(deps, viewer, updated, meta.at);
}
