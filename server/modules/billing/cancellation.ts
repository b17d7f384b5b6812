import { and, eq } from 'drizzle-orm';
import type { PaymentsProvider } from '../../adapters/payments/provider';
import type { Database } from '../../db/client';
import { recordEvent, type EventActor, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { accessEndOf } from './fulfilment';
import { subscriptions, type SubscriptionRow } from './tables';

/**
 * The one way a membership stops renewing (the fan's cancel, an account closing): the provider
 * is told first (Stripe), so a provider failure changes nothing here; then, in one transaction,
 * the row is marked and `membership.canceled` recorded. Access already paid for runs out as
 * usual. Repeating it changes nothing.
 */
export async function cancelAtPeriodEnd(
  deps: { db: Database; provider: PaymentsProvider },
  row: SubscriptionRow,
  actor: EventActor,
  meta: EventMeta,
): Promise<void> {
  if (row.cancelAtPeriodEnd) return;
  if (row.provider === 'stripe' && deps.provider.name === 'stripe') {
    try {
      await deps.provider.cancelSubscriptionAtPeriodEnd(row.providerSubscriptionId);
    } catch {
      throw fail('payment_provider_unreachable');
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
