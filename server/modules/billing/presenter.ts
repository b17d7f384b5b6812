import { displayNameOf } from '../../../common/rules/display-name';
import { presentAbilities, type Actor } from '../../../common/rules/permissions';
import { defaultYearlyPriceCents, monthlyPriceCents } from '../../../common/rules/plans';
import { tierChangeCents, tierChangeDirection } from '../../../common/rules/tier-change';
import { PAID_TIERS, type PaidTier } from '../../../common/rules/tiers';
import type {
  CheckoutSessionResponse,
  PurchasedProduct,
  Subscription,
} from '../../../common/schemas/billing';
import type { UserStatus } from '../../../common/schemas/users';
import type { CheckoutSessionRow, ItemRow, SubscriptionRow } from '../../db/schema/index';
import { itemMediaUrls, type MediaUrls } from '../media/index';

export interface CreatorSummary {
  username: string;
  displayName: string | null;
  image: string | null;
  status: UserStatus;
}

/** SPEC §3 purchased product: media only when the viewer is entitled now, else the teaser. */
export function presentPurchasedProduct(
  item: ItemRow,
  creator: CreatorSummary,
  isEntitled: boolean,
  media: MediaUrls,
): PurchasedProduct {
  const urls = itemMediaUrls(item, creator.status, isEntitled, media);
  return {
    id: item.id,
    userName: displayNameOf(creator),
    userImage: creator.image,
    title: item.title,
    description: item.description,
    imageUrl: urls.full,
    videoUrl: urls.video,
    previewUrl: urls.card,
    imageSrcSet: urls.cardSrcSet,
    audioUrl: urls.audio,
    isPurchased: isEntitled,
    priceCents: item.priceCents,
    currency: item.currency,
  };
}

/** Whether the membership's free trial (issue 43) is running at `now`. */
export const inTrial = (row: Pick<SubscriptionRow, 'trialEndsAt' | 'status'>, now: Date): boolean =>
  row.trialEndsAt !== null && row.status !== 'canceled' && now < row.trialEndsAt;

/** Whether a pause has begun at `now`: the paid period is over and the pause not yet. */
export const isPausedAt = (
  row: Pick<SubscriptionRow, 'pausedUntil' | 'currentPeriodEnd'>,
  now: Date,
): boolean => row.pausedUntil !== null && row.currentPeriodEnd <= now && now < row.pausedUntil;

/** A creator's yearly price per paid tier (issue 43): a yearly plan's tier change is priced at them. */
export type YearlyPrices = Record<PaidTier, number>;

/** What an upgrade of `row` to `tier` prorates: a yearly plan's yearly prices (else the monthly). */
export const upgradePrices = (
  row: Pick<SubscriptionRow, 'interval' | 'priceCents'>,
  tier: PaidTier,
  yearly: YearlyPrices | undefined,
): { fromCents: number; toCents: number } | undefined =>
  row.interval === 'year' && yearly
    ? { fromCents: row.priceCents, toCents: yearly[tier] }
    : undefined;

/**
 * Whether this server bills the membership: a local one, or a Stripe one on a server that still
 * takes Stripe payments (its pause and tier changes go through Stripe).
 */
const billedHere = (row: SubscriptionRow, serverProvider: string): boolean =>
  row.provider === 'local' || (row.provider === 'stripe' && serverProvider === 'stripe');

export function presentSubscription(
  viewer: Actor,
  row: SubscriptionRow,
  creator: CreatorSummary,
  accessUntil: Date | null,
  now: Date,
  context: {
    /** The creator's yearly prices, for a yearly plan's tier changes. */
    yearly?: YearlyPrices | undefined;
    /** The payments provider this server runs: a Stripe membership pauses only through Stripe. */
    serverProvider: string;
  },
): Subscription {
  const { yearly } = context;
  return {
    id: row.id,
    creatorId: row.creatorId,
    creatorName: displayNameOf(creator),
    creatorImage: creator.image,
    tier: row.tier,
    status: row.status,
    priceCents: row.priceCents,
    currency: row.currency,
    interval: row.interval,
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    isActive: accessUntil !== null && accessUntil > now,
    isComplimentary: row.provider === 'comp',
    pausedUntil: row.pausedUntil?.toISOString() ?? null,
    isPaused: isPausedAt(row, now),
    ...presentAbilities(viewer, {
      canPause: {
        permission: 'membership.pause',
        resource: { ownerId: row.userId },
        when:
          // Stripe's memberships pause through pause_collection (see pause-membership.ts), so
          // only on a server that still takes Stripe payments.
          billedHere(row, context.serverProvider) &&
          row.status === 'active' &&
          !row.cancelAtPeriodEnd &&
          row.pausedUntil === null &&
          !inTrial(row, now),
      },
    }),
    pendingTier: row.pendingTier ?? null,
    tierChanges: tierChangesOf(row, now, context.serverProvider, yearly),
    trialEndsAt: inTrial(row, now) ? (row.trialEndsAt?.toISOString() ?? null) : null,
  };
}

/** Whether the fan may change the tier now (issue 43): a running, paid membership billed here. */
export const canChangeTier = (row: SubscriptionRow, now: Date, serverProvider: string): boolean =>
  billedHere(row, serverProvider) &&
  row.status === 'active' &&
  !row.cancelAtPeriodEnd &&
  row.pausedUntil === null &&
  row.currentPeriodEnd > now &&
  !inTrial(row, now);

/** The server's quote of each tier change open now: the upgrade's prorated cents, the downgrade's date. */
export function tierChangesOf(
  row: SubscriptionRow,
  now: Date,
  serverProvider: string,
  yearly?: YearlyPrices,
): Subscription['tierChanges'] {
  if (!canChangeTier(row, now, serverProvider)) return [];
  return PAID_TIERS.flatMap((tier) => {
    const direction = tierChangeDirection(row.tier, tier);
    if (direction === null) return [];
    return [
      {
        tier,
        direction,
        amountCents:
          direction === 'upgrade'
            ? tierChangeCents(
                row.tier,
                tier,
                { start: row.currentPeriodStart, end: row.currentPeriodEnd },
                now,
                upgradePrices(row, tier, yearly),
              )
            : 0,
        priceAfterCents:
          row.interval === 'year'
            ? (yearly?.[tier] ?? defaultYearlyPriceCents(tier))
            : monthlyPriceCents(tier),
        currency: row.currency,
        effectiveAt: (direction === 'upgrade' ? now : row.currentPeriodEnd).toISOString(),
      },
    ];
  });
}

export function presentCheckoutSession(
  row: CheckoutSessionRow,
  extra: {
    product: PurchasedProduct | null;
    subscription: Subscription | null;
    walletBalanceCents: number | null;
  },
): CheckoutSessionResponse {
  return {
    id: row.id,
    object: 'checkout.session',
    mode: row.kind === 'subscription' ? 'subscription' : 'payment',
    status: row.status,
    payment_status: row.paymentStatus,
    metadata: {
      productId: row.kind === 'item' && row.itemId !== null ? String(row.itemId) : '',
      kind: row.kind,
      tier: row.tier ?? row.label,
      creatorId: row.creatorId ?? '',
    },
    customer_details: row.customerEmail ? { email: row.customerEmail } : null,
    amount_total: row.amountCents,
    currency: row.currency,
    payment_method_types: row.paymentMethodTypes,
    product: extra.product,
    subscription: extra.subscription,
    walletBalanceCents: extra.walletBalanceCents,
    fulfilled: row.fulfilledAt !== null,
  };
}
