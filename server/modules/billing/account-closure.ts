import { and, eq, inArray, or } from 'drizzle-orm';
import type { PaymentsProvider } from '../../adapters/payments/provider';
import type { Database } from '../../db/client';
import { recordEvent, type EventActor, type EventMeta } from '../../events/record';
import { HttpError } from '../../http/errors';
import { accessEndOf } from './fulfilment';
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
  for (const row of renewing) {
    if (row.provider === 'stripe' && deps.provider.name === 'stripe') {
      try {
        await deps.provider.cancelSubscriptionAtPeriodEnd(row.providerSubscriptionId);
      } catch {
        throw new HttpError(502, 'The payment provider could not be reached. Please try again.');
      }
    }
    await deps.db.transaction(async (tx) => {
      const [cancelled] = await tx
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: true, canceledAt: meta.at, updatedAt: meta.at })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.cancelAtPeriodEnd, false)))
        .returning({ id: subscriptions.id });
      if (!cancelled) return;
      await recordEvent(
        tx,
        actor,
        {
          type: 'membership.canceled',
          subjectId: row.id,
          data: {
            fanId: row.userId,
            creatorId: row.creatorId,
            accessUntil: (await accessEndOf(tx, row.id))?.toISOString() ?? null,
          },
        },
        meta,
        { audience: [row.userId, row.creatorId] },
      );
    });
  }
  return renewing.length;
}
