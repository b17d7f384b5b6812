import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { roleHolds } from '../../../common/rules/permissions';
import { isTier, TIER_CURRENCY, TIER_PRICE_CENTS } from '../../../common/rules/tiers';
import {
  parsePriceToCents,
  TOPUP_MAX_CENTS,
  TOPUP_MIN_CENTS,
  TOPUP_TIER,
  WALLET_CURRENCY,
  type CheckoutSessionResponse,
  type CreateCheckoutSessionRequest,
  type CreateCheckoutSessionResponse,
  type MembershipResponse,
  type Subscription,
} from '../../../common/schemas/billing';
import type { PaymentsProvider, ProviderSubscription } from '../../adapters/payments/provider';
import { WebhookSignatureError } from '../../adapters/payments/provider';
import { can } from '../../../common/rules/permissions';
import { moneyParams, type Currency } from '../../../common/rules/money';
import { authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/guard';
import { recordChange, type EventMeta } from '../../events/record';
import type { Config } from '../../config';
import type { Clock } from '../../context';
import type { Database, Db } from '../../db/client';
import { preparedPerShape } from '../../db/prepared';
import {
  billingEvents,
  checkoutSessions,
  entitlements,
  items,
  subscriptions,
  users,
  wallets,
  type CheckoutKind,
  type SubscriptionRow,
} from '../../db/schema/index';
import { fail, HttpError } from '../../http/errors';
import { isUuid } from '../../http/ids';
import type { MediaUrls } from '../media/index';
import { cancelAtPeriodEnd } from './cancellation';
import { canViewItem, membershipTier, viewerEntitlementsSql } from '../access/index';
import { assertPurchasable } from './sales';
import {
  fulfilCheckout,
  recordInvoicePaid,
  syncSubscription,
  type FulfilContext,
} from './fulfilment';
import {
  presentCheckoutSession,
  presentPurchasedProduct,
  presentSubscription,
  type CreatorSummary,
} from './presenter';
import { creatorSummaries, liveSubscriptionsOf } from './stats';

export interface BillingDeps {
  db: Database;
  config: Config;
  clock: Clock;
  provider: PaymentsProvider;
  media: MediaUrls;
}

/** Hosted checkouts stay open this long (Stripe allows 30 minutes to 24 hours). */
const CHECKOUT_LIFETIME_MS = 23 * 3600 * 1000;

export function fulfilContext(deps: BillingDeps, meta: EventMeta): FulfilContext {
  const provider = deps.provider.name;
  if (provider === 'none') throw fail('payments_not_configured');
  return { provider, feePercent: deps.config.PLATFORM_FEE_PERCENT, meta };
}

/** Provider outages are answered 502, not 500: the request was fine, the provider was not. */
async function callProvider<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw fail('payment_provider_unreachable');
  }
}

function priceMismatch(serverCents: number, currency: string) {
  return fail('priceMismatch', moneyParams({ price: serverCents }, currency), { field: 'price' });
}

interface CheckoutPlan {
  kind: CheckoutKind;
  itemId: number | null;
  creatorId: string | null;
  tier: 'Hypr' | 'HyprSoul' | null;
  name: string;
  amountCents: number;
  currency: Currency;
  interval: 'month' | null;
  /** The buyer's address when the plan's own query read it (an item's); else read apart. */
  buyerEmail?: string | null;
}

/**
 * What an item checkout decides on, in one prepared statement: the item, its creator's status,
 * the buyer's entitlement rows that may cover it and the buyer's address for the provider.
 */
const itemCheckoutStatement = preparedPerShape((db: Database, _shape: 'card') =>
  db
    .select({
      item: items,
      creatorStatus: users.status,
      entitlementRows: viewerEntitlementsSql(
        sql.placeholder('buyer'),
        items.id,
        items.creatorId,
        sql.placeholder('now'),
      ),
      buyerEmail: sql<string | null>`(select buyer.email from users buyer
        where buyer.id = ${sql.placeholder('buyer')})`,
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(eq(items.id, sql.placeholder('id')))
    .prepare('item_checkout'),
);

/**
 * The amount the request names, if any: `priceCents`, else SPEC §7's `price` as typed. An
 * unreadable price is refused even where the server's own price is charged: it is bad input.
 */
function requestedCents(body: CreateCheckoutSessionRequest): number | undefined {
  if (body.priceCents !== undefined) {
    if (body.priceCents < 0) throw fail('invalid_price', undefined, { field: 'priceCents' });
    return body.priceCents;
  }
  if (body.price === undefined) return undefined;
  const cents = parsePriceToCents(body.price);
  if (cents === null) throw fail('invalid_price', undefined, { field: 'price' });
  return cents;
}

/** Decides what is bought and for how much, from our own prices only (issue 5). */
async function planCheckout(
  deps: BillingDeps,
  viewer: Viewer,
  body: CreateCheckoutSessionRequest,
): Promise<CheckoutPlan> {
  const cents = requestedCents(body);
  const now = deps.clock.now();

  if (body.tier === TOPUP_TIER) {
    if (cents === undefined) throw fail('invalid_price', undefined, { field: 'price' });
    if (cents < TOPUP_MIN_CENTS || cents > TOPUP_MAX_CENTS) {
      throw fail(
        'topup_out_of_range',
        moneyParams({ min: TOPUP_MIN_CENTS, max: TOPUP_MAX_CENTS }, WALLET_CURRENCY),
        { field: 'price' },
      );
    }
    return {
      kind: 'topup',
      itemId: null,
      creatorId: null,
      tier: null,
      name: 'Aura balance top-up',
      amountCents: cents,
      currency: WALLET_CURRENCY,
      interval: null,
    };
  }

  if (isTier(body.tier)) {
    if (body.tier === 'Aura') throw fail('tier_is_free', undefined, { field: 'tier' });
    const creatorId = body.creatorId ?? (typeof body.productId === 'string' ? body.productId : '');
    if (!isUuid(creatorId)) {
      throw fail('membership_needs_creator', undefined, { field: 'creatorId' });
    }
    const [creator] = await deps.db
      .select({ id: users.id, username: users.username, role: users.role, status: users.status })
      .from(users)
      .where(eq(users.id, creatorId));
    if (!creator || creator.status !== 'active' || !roleHolds(creator.role, 'membership.offer')) {
      throw fail('creator_not_found');
    }
    if (creator.id === viewer.id) throw fail('cannot_subscribe_self');
    const price = TIER_PRICE_CENTS[body.tier];
    if (cents !== undefined && cents !== price) throw priceMismatch(price, TIER_CURRENCY);
    const live = await liveSubscriptionsOf(deps.db, viewer.id, creator.id);
    const current = live.find(
      (s) => s.status !== 'incomplete' && !s.cancelAtPeriodEnd && s.currentPeriodEnd > now,
    );
    if (current) {
      throw fail('membership_running', { tier: current.tier, creator: creator.username });
    }
    return {
      kind: 'subscription',
      itemId: null,
      creatorId: creator.id,
      tier: body.tier,
      name: `${body.tier} membership: ${creator.username}`,
      amountCents: price,
      currency: TIER_CURRENCY,
      interval: 'month',
    };
  }

  const productId =
    typeof body.productId === 'number'
      ? body.productId
      : typeof body.productId === 'string' && /^\d{1,15}$/.test(body.productId)
        ? Number(body.productId)
        : NaN;
  if (!Number.isSafeInteger(productId) || productId <= 0) {
    throw fail('product_id_invalid', undefined, { field: 'productId' });
  }
  const [found] = await itemCheckoutStatement(deps.db, 'card').execute({
    id: productId,
    buyer: viewer.id,
    now: now.toISOString(),
  });
  if (!found) throw fail('item_not_found');
  const { item } = found;
  assertPurchasable(viewer, item, { status: found.creatorStatus }, found.entitlementRows, 'card');
  if (cents !== undefined && cents !== item.priceCents) {
    throw priceMismatch(item.priceCents, item.currency);
  }
  return {
    kind: 'item',
    itemId: item.id,
    creatorId: item.creatorId,
    tier: null,
    name: item.title,
    amountCents: item.priceCents,
    currency: item.currency,
    interval: null,
    buyerEmail: found.buyerEmail,
  };
}

async function emailOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
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

async function presentSubscriptionRow(
  db: Db,
  row: SubscriptionRow,
  now: Date,
): Promise<Subscription> {
  const creators = await creatorSummaries(db, [row.creatorId]);
  const access = await db
    .select({ periodEnd: entitlements.periodEnd })
    .from(entitlements)
    .where(eq(entitlements.sourceRef, `sub:${row.id}`));
  return presentSubscription(
    row,
    creators.get(row.creatorId) ?? unknownCreator,
    access[0]?.periodEnd ?? null,
    now,
  );
}

const unknownCreator: CreatorSummary = {
  username: 'unknown',
  displayName: null,
  image: null,
  status: 'deleted',
};

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
    const [item] = await deps.db.select().from(items).where(eq(items.id, row.itemId));
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
    if (sub) subscription = await presentSubscriptionRow(deps.db, sub, now);
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

/**
 * POST /v1/billing/webhook: verified over the raw body; the event id is stored in the same
 * transaction as its effects, so a replayed event is answered without doing anything again.
 * State is re-read from the provider's API first, which makes the arrival order irrelevant.
 */
export async function handleWebhook(
  deps: BillingDeps,
  rawBody: Buffer,
  signature: string | undefined,
  meta: EventMeta,
): Promise<{ received: true; duplicate: boolean }> {
  if (deps.provider.name !== 'stripe') {
    throw fail('webhooks_not_used');
  }
  let event;
  try {
    event = deps.provider.parseWebhook(rawBody, signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      throw fail('webhook_signature_invalid', { reason: err.message });
    }
    throw err;
  }
  const provider = deps.provider;
  let remoteSession = null;
  let remoteSub: ProviderSubscription | null = null;
  if (event.type === 'checkout.completed' || event.type === 'checkout.expired') {
    const id = event.sessionId;
    remoteSession = await callProvider(() => provider.retrieveCheckoutSession(id));
    const subId = remoteSession?.subscriptionId;
    if (subId) remoteSub = await callProvider(() => provider.retrieveSubscription(subId));
  } else if (
    event.type === 'subscription.changed' ||
    event.type === 'invoice.paid' ||
    event.type === 'invoice.payment_failed'
  ) {
    const id = event.subscriptionId;
    remoteSub = await callProvider(() => provider.retrieveSubscription(id));
  }

  const ctx = fulfilContext(deps, meta);
  return deps.db.transaction(async (tx) => {
    const stored = await tx
      .insert(billingEvents)
      .values({ id: event.id, provider: 'stripe', type: event.type, receivedAt: meta.at })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (stored.length === 0) return { received: true as const, duplicate: true };
    if (remoteSession) await fulfilCheckout(tx, ctx, remoteSession, remoteSub);
    else if (event.type === 'invoice.paid' && remoteSub) {
      await recordInvoicePaid(tx, ctx, event, remoteSub);
    } else if (remoteSub) await syncSubscription(tx, ctx, remoteSub);
    return { received: true as const, duplicate: false };
  });
}

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
  return rows.map((r) =>
    presentSubscription(
      r,
      creators.get(r.creatorId) ?? unknownCreator,
      accessByRef.get(`sub:${r.id}`) ?? null,
      now,
    ),
  );
}

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
  return presentSubscriptionRow(deps.db, updated, meta.at);
}

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
    subscription: latest ? await presentSubscriptionRow(deps.db, latest, now) : null,
  };
}
