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
import { planGiftCheckout } from './gift-plan';
import { reserveDiscount } from './discounts';
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
  const { gift } = body;
  const plan = gift
    ? await planGiftCheckout(deps, viewer, { ...body, gift })
    : await planCheckout(deps, viewer, body);
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
    // A webhook that comes before our row is stored rebuilds the tip from these.
    ...(plan.tip
      ? { tipMessage: plan.tip.message ?? '', tipPublic: plan.tip.showPublicly ? '1' : '0' }
      : {}),
    // And a gift (issue 43) from these.
    ...(plan.gift
      ? {
          giftEmail: plan.gift.email,
          giftMessage: plan.gift.message ?? '',
          giftSendAt: plan.gift.sendAt ?? '',
          giftMonths: plan.gift.months === null ? '' : String(plan.gift.months),
        }
      : {}),
  };
  // A membership's period and its full price (issue 43): a subscription a webhook stores from
  // the metadata alone renews at them.
  if (plan.interval) metadata.interval = plan.interval;
  if (plan.periodPriceCents !== undefined)
    metadata.periodPriceCents = String(plan.periodPriceCents);
  // The code as redeemed, for whoever reads the session at the provider.
  if (plan.discount) metadata.discountCode = plan.discount.code;
  const created = await callProvider(() =>
    deps.provider.createCheckoutSession({
      line: {
        name: plan.name,
        amountCents: plan.amountCents,
        currency: plan.currency,
        interval: plan.interval,
        // A membership's first period may cost less than the rest (a code, a trial: issue 43).
        ...(plan.interval && plan.periodPriceCents !== undefined
          ? { recurringCents: plan.periodPriceCents }
          : {}),
        ...(plan.trialDays ? { trialDays: plan.trialDays } : {}),
        ...(plan.discount ? { discountName: plan.discount.code } : {}),
      },
      customerEmail: buyerEmail,
      metadata,
      successUrl: `${base}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/cancel`,
      expiresAt,
    }),
  );
  const row = {
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
    tipMessage: plan.tip?.message ?? null,
    tipPublic: plan.tip?.showPublicly ?? null,
    trialDays: plan.trialDays ?? null,
    gift: plan.gift ?? null,
    interval: plan.interval,
    periodPriceCents: plan.periodPriceCents ?? null,
    expiresAt,
    createdAt: now,
  };
  const event = {
    type: 'checkout.created',
    subjectId: created.id,
    data: {
      kind: plan.kind,
      provider: deps.provider.name,
      amountCents: plan.amountCents,
      currency: plan.currency,
    },
  } as const;
  const answer = {
    id: created.id,
    url: created.url,
    provider,
    amountCents: plan.amountCents,
    currency: plan.currency,
    discountCents: null,
    ...(plan.trialDays ? { trialDays: plan.trialDays } : {}),
  };
  const { discount } = plan;
  if (discount) {
    // The redemption is taken in the transaction that stores the session: when the last one
    // went to another buyer meanwhile, nothing is stored and the code is refused. It is taken
    // last, so the code's row, which every checkout naming the code updates, stays locked only
    // until the commit.
    await deps.db.transaction(async (tx) => {
      const store = tx
        .insert(checkoutSessions)
        .values({
          ...row,
          discountCodeId: discount.codeId,
          discountCode: discount.code,
          discountCents: discount.discountCents,
        })
        .onConflictDoNothing()
        .returning({ id: checkoutSessions.id });
      await recordChange(tx, viewer, event, meta, {
        change: store.getSQL(),
        onlyIfChanged: true,
      });
      if (!(await reserveDiscount(tx, discount.codeId, now))) {
        throw fail('discount_code_used_up', { code: discount.code }, { field: 'discountCode' });
      }
    });
    return { ...answer, discountCents: discount.discountCents };
  }
  // A very fast webhook may already have stored it from the metadata: then nothing is written.
  const store = deps.db
    .insert(checkoutSessions)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: checkoutSessions.id });
  await recordChange(deps.db, viewer, event, meta, {
    change: store.getSQL(),
    onlyIfChanged: true,
    prepared: true,
  });
  return answer;
}
