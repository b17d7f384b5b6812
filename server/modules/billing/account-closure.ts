import { and, eq, inArray, or } from 'drizzle-orm';
import type { PaymentsProvider } from '../../adapters/payments/provider';
import type { Database } from '../../db/client';
import type { EventActor, EventMeta } from '../../events/record';
import { cancelAtPeriodEnd } from './cancellation';
import { subscriptions } from './tables';

/** Memberships that may still renew. */
const RENEWING_STATUSES = ['active', 'past_due', 'incomplete'] as const;

/**
 * Account deletion (issue 12): nobody is charged again for a membership the closed account holds
 * or sells. Each membership that may still renew is cancelled at its period end (at Stripe too,
 * first, so a provider failure changes nothing here); access already paid for runs out as usual.
 * Safe to repeat. Answers how many were cancelled.
 */
export async function cancelMembershipsOfClosedAccount(
  deps: { db: Database; provider: PaymentsProvider },
  userId: string,
  actor: EventActor,
  meta: EventMeta,
): Promise<number> {
  const renewing = await deps.db
    .select()
    .from(subscriptions)
    .where(
      and(
        or(eq(subscriptions.userId, userId), eq(subscriptions.creatorId, userId)),
        inArray(subscriptions.status, [...RENEWING_STATUSES]),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    );
  for (const row of renewing) await cancelAtPeriodEnd(deps, row, actor, meta);
  return renewing.length;
}
