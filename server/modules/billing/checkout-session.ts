import {
  TOPUP_TIER,
  type CreateCheckoutSessionRequest,
  type CreateCheckoutSessionResponse,
} from '../../../common/schemas/billing';
import { authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/guard';
import type { Db } from '../../db/client';
import { checkoutSessions } from '../../db/schema/index';
import { recordChange, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { accountContact } from '../users/index';
import { planCheckout } from './checkout-plan';
import { callProvider, type BillingDeps } from './deps';

/** Hosted checkouts stay open this long (Stripe allows 30 minutes to 24 hours). */
const CHECKOUT_LIFETIME_MS = 23 * 3600 * 1000;

async function emailOf(db: Db, userId: string): Promise<string | null> {
  return (await accountContact(db, userId))?.email ?? null;
}

/** POST /v1/billing/create-checkout-session (SPEC §7). */
export async function createCheckoutSession(
  deps: BillingDeps,
  viewer: Viewer,
  body: CreateCheckoutSessionRequest,
  meta: EventMeta,
): Promise<CreateCheckoutSessionResponse> {
  authorize(viewer, body.tier === TOPUP_TIER ? 'wallet.use' : 'item.buy');
  const provider = deps.provider.name;
  if (provider === 'none') throw fail('payments_not_configured');
  const plan = await planCheckout(deps, viewer, body);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + CHECKOUT_LIFETIME_MS);
  const buyerEmail =
    plan.buyerEmail !== undefined ? plan.buyerEmail : await emailOf(deps.db, viewer.id);
  // The local page is served by this app (relative links keep the browser on its origin);
  // Stripe needs absolute return addresses.
  const base = provider === 'stripe' ? deps.config.publicUrl : '';
  const metadata: Record<string, string> = {
    userId: viewer.id,
    kind: plan.kind,
    itemId: plan.itemId === null ? '' : String(plan.itemId),
    creatorId: plan.creatorId ?? '',
    tier: plan.tier ?? '',
    label: body.tier.slice(0, 200),
  };
  const created = await callProvider(() =>
    deps.provider.createCheckoutSession({
      line: {
        name: plan.name,
        amountCents: plan.amountCents,
        currency: plan.currency,
        interval: plan.interval,
      },
      customerEmail: buyerEmail,
      metadata,
      successUrl: `${base}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/cancel`,
      expiresAt,
    }),
  );
  // A very fast webhook may already have stored it from the metadata: then nothing is written.
  const store = deps.db
    .insert(checkoutSessions)
    .values({
      id: created.id,
      provider,
      kind: plan.kind,
      userId: viewer.id,
      itemId: plan.itemId,
      creatorId: plan.creatorId,
      tier: plan.tier,
      label: metadata.label ?? '',
      amountCents: plan.amountCents,
      currency: plan.currency,
      customerEmail: buyerEmail,
      expiresAt,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: checkoutSessions.id });
  await recordChange(
    deps.db,
    viewer,
    {
      type: 'checkout.created',
      subjectId: created.id,
      data: {
        kind: plan.kind,
        provider: deps.provider.name,
        amountCents: plan.amountCents,
        currency: plan.currency,
      },
    },
    meta,
    { change: store.getSQL(), onlyIfChanged: true, prepared: true },
  );
  return { id: created.id, url: created.url, provider };
}
