import { and, eq } from 'drizzle-orm';
import {
  isTier,
  TIER_PRICE_CENTS,
  TIER_CURRENCY,
  type PaidTier,
} from '../../../common/rules/tiers';
import { defaultYearlyPriceCents, type BillingInterval } from '../../../common/rules/plans';
import type { Db } from '../../db/client';
import { isCurrency } from '../../../common/rules/money';
import { auditEvents } from '../../db/schema/index';
import { itemSummary } from '../items/index';
import { recordEvent, type EventMeta } from '../../events/record';
import { releaseDiscounts } from './discounts';
import { entitlements } from './entitlement-tables';
import { creditEarnings, creditWallet } from './ledger';
import { discountOf, recordSale } from './sales';
import { bookGift } from './gift-booking';
import { grantTip } from './tips';
import { periodPriceCents } from './plans';
import { hadTrial } from './trials';
import { fail } from '../../http/errors';
import {
  checkoutSessions,
  subscriptions,
  type CheckoutKind,
  type CheckoutSessionRow,
  type SavedLocalCard,
  type SubscriptionRow,
  type PaymentsProviderName,
} from './tables';
import type { ProviderSession, ProviderSubscription } from '../../adapters/payments/provider';

/**
 * Granting what was paid for, exactly once (issue 5). Every function runs inside one
 * transaction opened by the caller; the checkout row is locked (FOR UPDATE) and its
 * `fulfilledAt` plus the unique refs of entitlements and ledger entries make a second arrival
 * of the same payment (replayed webhook, success page racing the webhook) change nothing.
 */

export interface FulfilContext {
  /** Only a configured provider fulfils (with `none` no checkout ever starts). */
  provider: PaymentsProviderName;
  feePercent: number;
  /** When and from where: the request (success page, webhook, local pay) or a job. */
  meta: EventMeta;
  /** Ends a provider subscription's free trial now, its first period charged at once. */
  endTrialNow: (providerSubscriptionId: string) => Promise<void>;
}

export type FulfilResult = 'fulfilled' | 'already' | 'unpaid' | 'unknown' | 'mismatch';

const intervalOf = (text: string | undefined): BillingInterval =>
  text === 'year' ? 'year' : 'month';

const centsOf = (text: string | undefined): number | null =>
  text && /^\d{1,9}$/.test(text) ? Number(text) : null;

/** Our checkout row, or one rebuilt from the metadata we gave the provider (webhook came first). */
async function lockCheckoutRow(
  tx: Db,
  ctx: FulfilContext,
  session: ProviderSession,
): Promise<CheckoutSessionRow | null> {
  const select = () =>
    tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id)).for('update');
  const [row] = await select();
  if (row) return row;
  const m = session.metadata;
  const kind = m.kind as CheckoutKind | undefined;
  if (
    !m.userId ||
    (kind !== 'item' &&
      kind !== 'subscription' &&
      kind !== 'topup' &&
      kind !== 'tip' &&
      kind !== 'gift')
  ) {
    return null;
  }
  await tx
    .insert(checkoutSessions)
    .values({
      id: session.id,
      provider: ctx.provider,
      kind,
      userId: m.userId,
      itemId: m.itemId ? Number(m.itemId) : null,
      creatorId: m.creatorId || null,
      tier: m.tier && isTier(m.tier) ? m.tier : null,
      label: m.label ?? '',
      amountCents: session.amountTotal,
      currency: isCurrency(session.currency.toLowerCase())
        ? (session.currency.toLowerCase() as 'eur' | 'usd')
        : 'eur',
      customerEmail: session.customerEmail,
      tipMessage: kind === 'tip' ? m.tipMessage || null : null,
      tipPublic: kind === 'tip' ? m.tipPublic === '1' : null,
      gift:
        kind === 'gift' && m.giftEmail
          ? {
              email: m.giftEmail,
              message: m.giftMessage || null,
              sendAt: m.giftSendAt || null,
              months: m.giftMonths ? Number(m.giftMonths) : null,
            }
          : null,
      expiresAt: ctx.meta.at,
      createdAt: ctx.meta.at,
      // The code it was priced with (issue 43); its redemption was taken with the session.
      discountCode: m.discountCode || null,
      // A membership's period and its full price (issue 43).
      interval: kind === 'subscription' ? intervalOf(m.interval) : null,
      periodPriceCents: kind === 'subscription' ? centsOf(m.periodPriceCents) : null,
    })
    .onConflictDoNothing();
  const [rebuilt] = await select();
  return rebuilt ?? null;
}

/** Sets how long a membership gives access: the one entitlement row of that subscription. */
export async function setSubscriptionAccess(
  tx: Db,
  sub: SubscriptionRow,
  periodEnd: Date,
  now: Date,
): Promise<void> {
  await tx
    .insert(entitlements)
    .values({
      userId: sub.userId,
      creatorId: sub.creatorId,
      tier: sub.tier,
      source: 'subscription',
      sourceRef: `sub:${sub.id}`,
      periodEnd,
      createdAt: now,
    })
    // The tier too: an upgrade (issue 43) gives the higher tier's access at once.
    .onConflictDoUpdate({ target: entitlements.sourceRef, set: { periodEnd, tier: sub.tier } });
}

export async function accessEndOf(tx: Db, subscriptionId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ periodEnd: entitlements.periodEnd })
    .from(entitlements)
    .where(eq(entitlements.sourceRef, `sub:${subscriptionId}`));
  return row?.periodEnd ?? null;
}

/**
 * `membership.resumed` (issue 43): a pause ended, by itself (the renewal job, Stripe collecting
 * again) or early by the member (`actor`).
 */
export function recordMembershipResumed(
  tx: Db,
  actor: { id: string } | null,
  row: Pick<SubscriptionRow, 'id' | 'userId' | 'creatorId'>,
  early: boolean,
  meta: EventMeta,
) {
  return recordEvent(
    tx,
    actor,
    {
      type: 'membership.resumed',
      subjectId: row.id,
      data: { fanId: row.userId, creatorId: row.creatorId, early },
    },
    meta,
    { audience: [row.userId, row.creatorId] },
  );
}

/** The event of a subscription's state change, by what it changed from and to. */
export async function recordSubscriptionChange(
  tx: Db,
  meta: EventMeta,
  from: SubscriptionRow['status'] | null,
  row: SubscriptionRow,
): Promise<void> {
  const who = { fanId: row.userId, creatorId: row.creatorId };
  const options = { audience: [row.userId, row.creatorId] };
  if (from !== 'past_due' && row.status === 'past_due') {
    await recordEvent(
      tx,
      null,
      { type: 'membership.payment_failed', subjectId: row.id, data: { ...who, tier: row.tier } },
      meta,
      options,
    );
  } else if (from !== 'canceled' && row.status === 'canceled') {
    await recordEvent(
      tx,
      null,
      { type: 'membership.ended', subjectId: row.id, data: who },
      meta,
      options,
    );
  } else {
    await recordEvent(
      tx,
      null,
      { type: 'membership.synced', subjectId: row.id, data: { status: row.status } },
      meta,
    );
  }
}

/**
 * Brings our subscription row in line with the provider's current state (read from its API, so
 * the order webhooks arrive in does not matter) and adjusts access: active extends it to the
 * period end, past_due keeps the last paid period, canceled ends it when the provider ended it.
 */
export async function syncSubscription(
  tx: Db,
  ctx: FulfilContext,
  remote: ProviderSubscription,
  owner?: {
    userId: string;
    creatorId: string;
    tier: PaidTier;
    localCard?: SavedLocalCard;
    /** A free trial's end (issue 43): the first period's, unpaid. */
    trialEndsAt?: Date;
    /** The billing period and what each costs (issue 43); else the metadata's, else a month. */
    interval?: BillingInterval;
    priceCents?: number;
  },
): Promise<SubscriptionRow | null> {
  const [existing] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, ctx.provider),
        eq(subscriptions.providerSubscriptionId, remote.id),
      ),
    )
    .for('update');
  let row = existing;
  const state = {
    status: remote.status,
    currentPeriodStart: remote.currentPeriodStart,
    currentPeriodEnd: remote.currentPeriodEnd,
    cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
    canceledAt: remote.canceledAt,
    updatedAt: ctx.meta.at,
  };
  if (row) {
    // A paused membership (issue 43): Stripe's periods go on during the pause with voided
    // invoices; those periods are not paid, so they neither move our period nor extend access.
    // The first period from pausedUntil on is paid again: the pause is over.
    const pause = row.pausedUntil;
    const pauseState =
      pause !== null && remote.currentPeriodStart >= row.currentPeriodEnd
        ? remote.currentPeriodStart < pause
          ? { currentPeriodStart: row.currentPeriodStart, currentPeriodEnd: row.currentPeriodEnd }
          : { pausedUntil: null }
        : {};
    // A downgrade waiting for the period end (issue 43) applies once Stripe's next period has
    // begun: Stripe bills the lower price from then on (stripe-tier-change.ts).
    const frozen = 'currentPeriodStart' in pauseState;
    const tierState =
      row.pendingTier !== null && !frozen && remote.currentPeriodStart >= row.currentPeriodEnd
        ? {
            tier: row.pendingTier,
            priceCents:
              remote.priceCents ??
              (await periodPriceCents(tx, row.creatorId, row.pendingTier, row.interval)),
            pendingTier: null,
          }
        : {};
    [row] = await tx
      .update(subscriptions)
      .set({ ...state, ...pauseState, ...tierState })
      .where(eq(subscriptions.id, row.id))
      .returning();
  } else {
    const userId = owner?.userId ?? remote.metadata.userId;
    const creatorId = owner?.creatorId ?? remote.metadata.creatorId;
    const tier = owner?.tier ?? remote.metadata.tier;
    if (!userId || !creatorId || !isTier(tier) || tier === 'Aura') return null;
    const interval = owner?.interval ?? intervalOf(remote.metadata.interval);
    const priceCents =
      owner?.priceCents ??
      (interval === 'year' ? centsOf(remote.metadata.periodPriceCents) : null) ??
      (interval === 'year' ? defaultYearlyPriceCents(tier) : TIER_PRICE_CENTS[tier]);
    // Stripe sends customer.subscription.created and checkout.session.completed together: the
    // second transaction to get here waits on the unique index and then finds the row.
    [row] = await tx
      .insert(subscriptions)
      .values({
        ...state,
        provider: ctx.provider,
        providerSubscriptionId: remote.id,
        userId,
        creatorId,
        tier,
        priceCents,
        interval,
        currency: TIER_CURRENCY,
        localCard: owner?.localCard ?? null,
        trialEndsAt: owner?.trialEndsAt ?? null,
        createdAt: ctx.meta.at,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      [row] = await tx
        .update(subscriptions)
        .set(state)
        .where(
          and(
            eq(subscriptions.provider, ctx.provider),
            eq(subscriptions.providerSubscriptionId, remote.id),
          ),
        )
        .returning();
    }
  }
  if (!row) return null;
  await recordSubscriptionChange(tx, ctx.meta, existing?.status ?? null, row);
  if (existing?.pausedUntil && row.pausedUntil === null) {
    // Stripe collects again after a pause (issue 43), as the renewal job records a local one.
    await recordMembershipResumed(tx, null, row, false, ctx.meta);
  }
  const accessUntil = await accessEndOf(tx, row.id);
  if (row.status === 'active') {
    await setSubscriptionAccess(tx, row, row.currentPeriodEnd, ctx.meta.at);
  } else if (row.status === 'canceled' && accessUntil) {
    const ended = remote.endedAt ?? ctx.meta.at;
    if (ended < accessUntil) await setSubscriptionAccess(tx, row, ended, ctx.meta.at);
  }
  return row;
}

async function grantItem(tx: Db, ctx: FulfilContext, row: CheckoutSessionRow): Promise<void> {
  // The session names the item's creator (a row rebuilt from a webhook may not).
  const creatorId =
    row.itemId === null ? null : (row.creatorId ?? (await creatorOfItem(tx, row.itemId)));
  // recordSale sells nothing for an item deleted since the checkout opened.
  const sold =
    row.itemId !== null &&
    creatorId !== null &&
    (await recordSale(
      tx,
      {
        buyerId: row.userId,
        item: { id: row.itemId, creatorId },
        grossCents: row.amountCents,
        currency: row.currency,
        feePercent: ctx.feePercent,
        via: 'card',
        ref: `checkout:${row.id}`,
        checkoutSessionId: row.id,
        discount: discountOf(row),
      },
      ctx.meta,
    ));
  if (sold) return;
  // Paid for something already owned (two checkouts raced) or since deleted: the money goes
  // back to the buyer's balance instead of being kept for nothing.
  await creditWallet(tx, {
    userId: row.userId,
    amountCents: row.amountCents,
    kind: 'refund',
    ref: `refund:${row.id}`,
    itemId: row.itemId,
    checkoutSessionId: row.id,
    at: ctx.meta.at,
  });
  await recordEvent(
    tx,
    { id: row.userId },
    {
      type: 'sale.refunded_to_balance',
      subjectId: row.id,
      data: {
        itemId: row.itemId,
        buyerId: row.userId,
        amountCents: row.amountCents,
        currency: row.currency,
      },
    },
    ctx.meta,
    { audience: [row.userId] },
  );
}

async function creatorOfItem(tx: Db, itemId: number): Promise<string | null> {
  return (await itemSummary(tx, itemId))?.creatorId ?? null;
}

/** Earnings ref of a membership payment: the first one is the checkout's, then one per invoice. */
export const membershipRef = (providerSubscriptionId: string, invoiceId: string | null) =>
  invoiceId ? `membership:invoice:${invoiceId}` : `membership:start:${providerSubscriptionId}`;

/** The invoice a membership payment's earnings ref names; null for the checkout's own payment. */
export const invoiceOfMembershipRef = (ref: string): string | null =>
  ref.startsWith('membership:invoice:') ? ref.slice('membership:invoice:'.length) : null;

async function grantMembership(
  tx: Db,
  ctx: FulfilContext,
  row: CheckoutSessionRow,
  remote: ProviderSubscription | null,
  localCard: SavedLocalCard | undefined,
): Promise<void> {
  if (!remote || !row.creatorId || !row.tier || row.tier === 'Aura') {
    throw new Error(`membership checkout ${row.id} has no subscription to grant`);
  }
  let trial = row.trialDays !== null && row.trialDays > 0;
  let started = remote;
  // One trial per fan and creator (issue 43): a second trial checkout paid meanwhile is refused
  // (the unique index on trialEndsAt is the backstop when both are paid at the same instant).
  if (trial && (await hadTrial(tx, row.userId, row.creatorId))) {
    if (ctx.provider !== 'stripe') throw fail('trial_already_used');
    // Stripe started the subscription already: its trial ends now and the first period is
    // charged at once; access comes with that payment's invoice, not before.
    await ctx.endTrialNow(remote.id);
    trial = false;
    started = { ...remote, currentPeriodEnd: ctx.meta.at };
  }
  const sub = await syncSubscription(tx, ctx, started, {
    userId: row.userId,
    creatorId: row.creatorId,
    tier: row.tier,
    ...(localCard ? { localCard } : {}),
    ...(trial ? { trialEndsAt: remote.currentPeriodEnd } : {}),
    interval: row.interval ?? 'month',
    priceCents: row.periodPriceCents ?? TIER_PRICE_CENTS[row.tier],
  });
  // Not stored beside a trial: another trial of this fan and creator was paid at the same
  // instant and holds the unique index (the whole payment rolls back, nothing is charged).
  if (!sub && trial) throw fail('trial_already_used');
  if (!sub) throw new Error(`membership checkout ${row.id}: subscription not stored`);
  await tx
    .update(checkoutSessions)
    .set({ subscriptionId: sub.id })
    .where(eq(checkoutSessions.id, row.id));
  // A trial pays nothing now: the renewal at its end is the first payment.
  if (row.amountCents > 0) {
    await creditEarnings(tx, {
      creatorId: sub.creatorId,
      grossCents: row.amountCents,
      currency: row.currency,
      feePercent: ctx.feePercent,
      kind: 'membership',
      buyerId: sub.userId,
      ref: membershipRef(remote.id, null),
      subscriptionId: sub.id,
      checkoutSessionId: row.id,
      at: ctx.meta.at,
    });
  }
  await recordEvent(
    tx,
    { id: row.userId },
    {
      type: 'membership.started',
      subjectId: sub.id,
      data: {
        fanId: row.userId,
        creatorId: sub.creatorId,
        tier: sub.tier,
        amountCents: row.amountCents,
        currency: row.currency,
        trialEndsAt: sub.trialEndsAt?.toISOString() ?? null,
        priceCents: sub.priceCents,
        ...(row.discountCode && row.discountCents
          ? { discountCode: row.discountCode, discountCents: row.discountCents }
          : {}),
        interval: sub.interval,
      },
    },
    ctx.meta,
    { audience: [row.userId, sub.creatorId] },
  );
}

/**
 * Fulfils a checkout the provider reports as paid: one entitlement, one earnings entry, one
 * wallet credit, whichever of webhook or success page arrives first (the other finds it done).
 */
export async function fulfilCheckout(
  tx: Db,
  ctx: FulfilContext,
  session: ProviderSession,
  remoteSubscription: ProviderSubscription | null,
  /** A local payment: its saved card, and the session row its transaction already locked. */
  local?: { card: SavedLocalCard; row: CheckoutSessionRow },
): Promise<FulfilResult> {
  const row = local?.row ?? (await lockCheckoutRow(tx, ctx, session));
  const localCard = local?.card;
  if (!row) return 'unknown';
  if (row.fulfilledAt) return 'already';
  if (session.paymentStatus !== 'paid') {
    if (session.status === 'expired' && row.status === 'open') {
      await tx
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(eq(checkoutSessions.id, row.id));
      await releaseDiscounts(tx, ctx.meta.at, { sessionId: row.id });
      await recordEvent(
        tx,
        null,
        { type: 'checkout.expired', subjectId: row.id, data: {} },
        ctx.meta,
      );
    }
    return 'unpaid';
  }
  if (
    session.amountTotal !== row.amountCents ||
    session.currency.toLowerCase() !== row.currency.toLowerCase()
  ) {
    // Never grant for a different amount than our own price; leave it for a person to check,
    // noted once however often the webhook or the success page brings it back.
    const [noted] = await tx
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'checkout.amount_mismatch'), eq(auditEvents.subjectId, row.id)),
      );
    if (noted) return 'mismatch';
    await recordEvent(
      tx,
      null,
      {
        type: 'checkout.amount_mismatch',
        subjectId: row.id,
        data: { expected: row.amountCents, paid: session.amountTotal, currency: session.currency },
      },
      ctx.meta,
    );
    return 'mismatch';
  }
  const complete = tx
    .update(checkoutSessions)
    .set({
      status: 'complete',
      paymentStatus: 'paid',
      customerEmail: session.customerEmail ?? row.customerEmail,
      paymentIntentId: session.paymentIntentId,
      fulfilledAt: ctx.meta.at,
    })
    .where(eq(checkoutSessions.id, row.id));
  await recordEvent(
    tx,
    { id: row.userId },
    {
      type: 'checkout.fulfilled',
      subjectId: row.id,
      data: { kind: row.kind, amountCents: row.amountCents, currency: row.currency },
    },
    ctx.meta,
    { audience: [row.userId], change: complete.getSQL(), prepared: true },
  );
  if (row.kind === 'item') await grantItem(tx, ctx, row);
  else if (row.kind === 'tip') await grantTip(tx, ctx.feePercent, row, ctx.meta);
  else if (row.kind === 'gift') await bookGift(tx, ctx.feePercent, row, ctx.meta);
  else if (row.kind === 'topup') {
    await creditWallet(tx, {
      userId: row.userId,
      amountCents: row.amountCents,
      kind: 'topup',
      ref: `topup:${row.id}`,
      checkoutSessionId: row.id,
      at: ctx.meta.at,
    });
    await recordEvent(
      tx,
      { id: row.userId },
      {
        type: 'wallet.topped_up',
        subjectId: row.userId,
        data: { userId: row.userId, amountCents: row.amountCents, currency: row.currency },
      },
      ctx.meta,
      { audience: [row.userId] },
    );
  } else await grantMembership(tx, ctx, row, remoteSubscription, localCard);
  return 'fulfilled';
}

/**
 * A paid invoice of a provider subscription: access follows the subscription, the creator is
 * paid once. Answers the subscription when this invoice's earnings were booked now (not by the
 * checkout or the tier change that made it), else null.
 */
export async function recordInvoicePaid(
  tx: Db,
  ctx: FulfilContext,
  invoice: {
    invoiceId: string;
    amountPaid: number;
    currency: string;
    isFirstInvoice: boolean;
    upgradeTo: string | null;
  },
  remote: ProviderSubscription,
): Promise<SubscriptionRow | null> {
  const sub = await syncSubscription(tx, ctx, remote);
  const currency = invoice.currency.toLowerCase();
  if (!sub || invoice.amountPaid <= 0 || !isCurrency(currency)) return null;
  const booked = await creditEarnings(tx, {
    creatorId: sub.creatorId,
    grossCents: invoice.amountPaid,
    currency,
    feePercent: ctx.feePercent,
    kind: 'membership',
    buyerId: sub.userId,
    // The first invoice is the checkout's own payment, which the checkout path also books.
    ref: membershipRef(remote.id, invoice.isFirstInvoice ? null : invoice.invoiceId),
    subscriptionId: sub.id,
    at: ctx.meta.at,
  });
  if (booked === null) return null;
  // An upgrade's own invoice is no renewal (its tier change is the caller's).
  if (!invoice.isFirstInvoice && invoice.upgradeTo === null) {
    await recordEvent(
      tx,
      null,
      {
        type: 'membership.renewed',
        subjectId: sub.id,
        data: {
          fanId: sub.userId,
          creatorId: sub.creatorId,
          periodEnd: sub.currentPeriodEnd.toISOString(),
          amountCents: invoice.amountPaid,
          currency,
        },
      },
      ctx.meta,
      { audience: [sub.userId, sub.creatorId] },
    );
  }
  return sub;
}
