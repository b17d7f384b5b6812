import { eq } from 'drizzle-orm';
import type { CheckoutSessionResponse } from '../../../common/schemas/billing';
import { can } from '../../../common/rules/permissions';
import type { Viewer } from '../../auth/guard';
import type { EventMeta } from '../../events/record';
import { checkoutSessions, subscriptions, wallets } from '../../db/schema/index';
import { fail } from '../../http/errors';
import { canViewItem } from '../access/index';
import { itemById } from '../items/index';
import { callProvider, fulfilContext, type BillingDeps } from './deps';
import { fulfilCheckout } from './fulfilment';
import { presentCheckoutSession, presentPurchasedProduct } from './presenter';
import { creatorSummaries } from './stats';
import { presentSubscriptionRow, unknownCreator } from './subscription-view';

/**
 * GET /v1/billing/retrieve-checkout-session/{id} (SPEC §7): the buyer's (or an admin's) view;
 * with Stripe an unfulfilled paid session is fulfilled here if the webhook has not come yet.
 */
export async function retrieveCheckoutSession(
  deps: BillingDeps,
  viewer: Viewer,
  sessionId: string,
  meta: EventMeta,
): Promise<CheckoutSessionResponse> {
  const find = () =>
    deps.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  let [row] = await find();
  if (!row) throw fail('checkout_not_found');
  if (!can(viewer, 'checkout.read', { ownerId: row.userId })) {
    throw fail('checkout_not_yours');
  }
  if (!row.fulfilledAt && row.provider === 'stripe' && deps.provider.name === 'stripe') {
    const remote = await callProvider(() => deps.provider.retrieveCheckoutSession(sessionId));
    if (remote && (remote.paymentStatus === 'paid' || remote.status === 'expired')) {
      const sub = remote.subscriptionId
        ? await callProvider(() => deps.provider.retrieveSubscription(remote.subscriptionId ?? ''))
        : null;
      const ctx = fulfilContext(deps, meta);
      await deps.db.transaction((tx) => fulfilCheckout(tx, ctx, remote, sub));
      [row] = await find();
      if (!row) throw fail('checkout_not_found');
    }
  }
  const now = deps.clock.now();
  // A local session past its expiry is shown as expired even before anything touched it.
  const shown =
    row.status === 'open' && row.expiresAt <= now ? { ...row, status: 'expired' as const } : row;

  let product = null;
  if (row.kind === 'item' && row.itemId !== null) {
    const item = await itemById(deps.db, row.itemId);
    if (item) {
      const creator =
        (await creatorSummaries(deps.db, [item.creatorId])).get(item.creatorId) ?? unknownCreator;
      const subject = { ...item, creatorStatus: creator.status };
      const entitled = await canViewItem(deps.db, viewer, subject, now);
      product = presentPurchasedProduct(item, creator, entitled, deps.media);
    }
  }
  let subscription = null;
  if (row.subscriptionId) {
    const [sub] = await deps.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, row.subscriptionId));
    if (sub) subscription = await presentSubscriptionRow(deps, viewer, sub, now);
  }
  let walletBalanceCents = null;
  if (row.kind === 'topup' && row.fulfilledAt) {
    const [wallet] = await deps.db
      .select({ balanceCents: wallets.balanceCents })
      .from(wallets)
      .where(eq(wallets.userId, row.userId));
    walletBalanceCents = wallet?.balanceCents ?? 0;
  }
  return presentCheckoutSession(shown, { product, subscription, walletBalanceCents });
}
