import { z } from 'zod';
import { CURRENCIES } from '../rules/money';
import { BILLING_INTERVALS } from '../rules/plans';
import { PAID_TIERS, TIERS } from '../rules/tiers';
import { ImageSrcSet } from './feed';
import { TipNote } from './tips';
import { GiftOrder } from './gifts';

/*
 * Payments (issue 5): request and response shapes shared by the server and the web.
 *
 * What a checkout buys is decided by `tier` (SPEC §7 keeps tier, price, productId):
 *   - tier 'Hypr' | 'HyprSoul'  -> a monthly membership of one creator. The creator is `creatorId`
 *     (their user id); when it is absent, `productId` is read as the creator's id (the tier card
 *     has no item, so the web may send the creator's id as productId).
 *   - tier 'topup'              -> a wallet top-up of `priceCents` (or `price`; EUR, 1.00 to
 *     500.00); productId is ignored (send 'topup' or 0).
 *   - tier 'tip'                -> a tip (issue 43) of `amount` cents (EUR) to `creatorId`, with
 *     `tip` (message, showPublicly).
 *   - any other tier text        -> one item: `productId` is the item's numeric id and `tier` is
 *     only a label (SPEC §2: the product page sends the product title as tier).
 * An item or a membership is charged the server's price: the web sends no price for them (the
 * item id and tier say what is bought). `price` stays accepted as SPEC §7 has it, as a person
 * reads it (9.99, "9.99", "9,99" or "9,99 €"), and a price that differs from the server's is
 * refused with 400, never charged. A top-up's amount is the buyer's choice: `priceCents`.
 * A pay-what-you-want item's too (issue 43): `amount`, in cents, within the item's bounds.
 * Every checkout needs a signed-in buyer (an unlock, a membership or a balance must belong to
 * someone): without a bearer token the answer is 401.
 */

/** The tier value that asks for a wallet top-up instead of an item or a membership. */
export const TOPUP_TIER = 'topup';
/** Top-up bounds in cents (EUR). */
export const TOPUP_MIN_CENTS = 100;
export const TOPUP_MAX_CENTS = 50_000;
/** The wallet holds euros: the currency of item prices. */
export const WALLET_CURRENCY = 'eur';

/** A session of the built-in test-card provider (its ids are `cs_local_…`): no money moved. */
export const isTestPaymentSessionId = (sessionId: string) => sessionId.startsWith('cs_local_');

/** Stored enumerations (the database CHECKs the same lists). */
export const PAYMENT_PROVIDERS = ['local', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/**
 * Who runs a membership: a payment provider, or `comp`, a complimentary membership a creator
 * gave for free (no ledger money, no earnings), which ends by itself at its period end.
 */
export const SUBSCRIPTION_PROVIDERS = [...PAYMENT_PROVIDERS, 'comp'] as const;
export type SubscriptionProvider = (typeof SUBSCRIPTION_PROVIDERS)[number];
export const CHECKOUT_KINDS = ['item', 'subscription', 'topup', 'tip', 'gift'] as const;
export const CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
export const PAYMENT_STATUSES = ['paid', 'unpaid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled'] as const;
export const LEDGER_ACCOUNTS = ['wallet', 'earnings'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
export const LEDGER_KINDS = [
  'topup',
  'spend',
  'refund',
  'sale',
  'membership',
  'payout',
  'tip',
] as const;
export const ENTITLEMENT_SOURCES = ['purchase', 'balance', 'subscription', 'grant'] as const;
export type EntitlementSource = (typeof ENTITLEMENT_SOURCES)[number];

/** Amount as typed -> integer cents, or null when it is not a plain amount with at most 2 decimals. */
export function parsePriceToCents(value: number | string): number | null {
  const text = (typeof value === 'number' ? String(value) : value)
    .trim()
    .replace(/^[€$]\s*/, '')
    .replace(/\s*(€|\$|eur|usd)$/i, '')
    .replace(',', '.');
  if (typeof value === 'number' && (!Number.isFinite(value) || value < 0)) return null;
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

export const CreateCheckoutSessionRequest = z.object({
  tier: z.string().trim().min(1, 'tierRequired').max(200),
  price: z.union([z.number(), z.string().max(32)]).optional(),
  /** The amount in cents (a top-up's; for anything else only checked against the server's). */
  priceCents: z.number().int().optional(),
  productId: z
    .union([z.number(), z.string().max(64)])
    .optional()
    .nullable(),
  /** For memberships: whose membership (defaults to productId when that is a user id). */
  creatorId: z.uuid().optional(),
  /**
   * Issue 43: what the fan pays for a pay-what-you-want item, in cents of the item's currency
   * (required for one, within its bounds; refused for anything else).
   */
  amount: z.number().int().optional(),
  /**
   * Issue 43: a discount code of the seller's (any case; blank means none). The server prices
   * the discount itself (common/rules/discounts.ts); a wrong, expired or used-up code is refused.
   */
  discountCode: z.string().trim().max(64).optional(),
  /**
   * Issue 43, tier 'tip' (common/rules/tips.ts): a tip of `amount` cents (EUR) to `creatorId`,
   * with this message and whether the creator's page may show it.
   */
  tip: TipNote.optional(),
  /**
   * Issue 43 (common/rules/gifts.ts): buy the item or membership named as usual for someone
   * else, by e-mail. A membership gift is `gift.months` (1, 3 or 12) of the tier, paid once.
   */
  gift: GiftOrder.optional(),
  /**
   * Issue 43, a membership tier: billed by the month (the default) or by the year at the
   * creator's yearly price (common/rules/plans.ts). Refused for anything but a tier.
   */
  interval: z.enum(BILLING_INTERVALS).optional(),
});
export type CreateCheckoutSessionRequest = z.infer<typeof CreateCheckoutSessionRequest>;

export const CreateCheckoutSessionResponse = z.object({
  /** Provider session id (Stripe `cs_...`, local `cs_local_...`); /success?session_id= uses it. */
  id: z.string(),
  /** Where to send the browser: Stripe's hosted page, or the local page `/pay/{id}` (relative). */
  url: z.string(),
  provider: z.enum(['local', 'stripe']),
  /** What the session charges, as the server priced it (after a discount code). */
  amountCents: z.number().int().optional(),
  currency: z.string().optional(),
  /** Issue 43: the cents a discount code took off, or null without one. */
  discountCents: z.number().int().nullable().optional(),
  /** Issue 43: a membership's free trial days (amountCents is 0); absent without one. */
  trialDays: z.number().int().optional(),
});
export type CreateCheckoutSessionResponse = z.infer<typeof CreateCheckoutSessionResponse>;

export const CheckoutKind = z.enum(CHECKOUT_KINDS);
export type CheckoutKind = z.infer<typeof CheckoutKind>;

/** SPEC §3 purchased product; media URLs are present only when the viewer is entitled now. */
export const PurchasedProduct = z.object({
  id: z.number().int(),
  userName: z.string(),
  userImage: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  /*
   * The rest of the item's media as the buyer now sees it (issue 9), so the web patches its
   * cached feed card and product page from this answer instead of refetching them.
   */
  previewUrl: z.string().nullable(),
  imageSrcSet: ImageSrcSet.nullable(),
  audioUrl: z.string().nullable(),
  isPurchased: z.boolean(),
  priceCents: z.number().int(),
  currency: z.string(),
});
export type PurchasedProduct = z.infer<typeof PurchasedProduct>;

export const SubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const Subscription = z.object({
  id: z.string(),
  creatorId: z.string(),
  creatorName: z.string(),
  creatorImage: z.string().nullable(),
  tier: z.enum(TIERS),
  status: SubscriptionStatus,
  priceCents: z.number().int(),
  currency: z.string(),
  /** Issue 43: the period `priceCents` pays for, a month or a year. */
  interval: z.enum(BILLING_INTERVALS),
  currentPeriodEnd: z.string().nullable(),
  /** The fan cancelled: no renewal, access lasts until currentPeriodEnd. */
  cancelAtPeriodEnd: z.boolean(),
  /** Whether the membership gives access right now. */
  isActive: z.boolean(),
  /** A complimentary membership the creator gave: it costs nothing and ends by itself. */
  isComplimentary: z.boolean(),
  /**
   * The fan paused it (issue 43): no access and no charge from the end of the paid period
   * (`accessUntil`-wise: until currentPeriodEnd while not yet begun) until this instant, when it
   * renews by itself. Null when not paused.
   */
  pausedUntil: z.string().nullable(),
  /** Whether the pause has begun (the paid period is over): no member access now. */
  isPaused: z.boolean(),
  /** Whether the fan may pause it now (a running, paid membership billed by the local provider). */
  canPause: z.boolean(),
  /**
   * A downgrade the fan chose (issue 43): from currentPeriodEnd the membership has this tier and
   * renews at its price. Null when none is pending.
   */
  pendingTier: z.enum(PAID_TIERS).nullable(),
  /**
   * The tiers it may change to now, with the server's quote (empty when it cannot change): an
   * upgrade is charged `amountCents` now (the prorated difference for the rest of the period) and
   * applies at once; a downgrade charges nothing now and applies at `effectiveAt`. Either way
   * the membership then renews at `priceAfterCents` per its interval.
   */
  tierChanges: z.array(
    z.object({
      tier: z.enum(PAID_TIERS),
      direction: z.enum(['upgrade', 'downgrade']),
      amountCents: z.number().int(),
      priceAfterCents: z.number().int(),
      currency: z.enum(CURRENCIES),
      effectiveAt: z.string(),
    }),
  ),
  /** Issue 43: a free trial running now ends (and the first charge falls) at this instant; else null. */
  trialEndsAt: z.string().nullable(),
});
export type Subscription = z.infer<typeof Subscription>;

/** POST /api/v1/billing/subscriptions/{id}/change (issue 43). */
export const ChangeTierRequest = z.object({ tier: z.enum(PAID_TIERS) }).strict();
export type ChangeTierRequest = z.infer<typeof ChangeTierRequest>;

/** How many periods (months) a fan may pause a membership for (issue 43). */
export const PAUSE_PERIODS = [1, 2, 3] as const;
export type PausePeriods = (typeof PAUSE_PERIODS)[number];

/** POST /api/v1/billing/subscriptions/{id}/pause */
export const PauseSubscriptionRequest = z
  .object({
    periods: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  })
  .strict();
export type PauseSubscriptionRequest = z.infer<typeof PauseSubscriptionRequest>;

/** GET /v1/billing/retrieve-checkout-session/{sessionId}: SPEC §3 fields plus what was bought. */
export const CheckoutSessionResponse = z.object({
  id: z.string(),
  object: z.literal('checkout.session'),
  mode: z.enum(['payment', 'subscription']),
  status: z.enum(['open', 'complete', 'expired']),
  payment_status: z.enum(['paid', 'unpaid']),
  /** productId is the item id as text (SPEC §5 parses it as an integer); '' for other kinds. */
  metadata: z.object({
    productId: z.string(),
    kind: CheckoutKind,
    tier: z.string(),
    creatorId: z.string(),
  }),
  customer_details: z.object({ email: z.string().nullable() }).nullable(),
  /** Minor units (cents); screens show it with common/rules/money.ts in the reader's language. */
  amount_total: z.number().int(),
  currency: z.string(),
  payment_method_types: z.array(z.string()),
  /** The bought item (kind item), with media only when the viewer is entitled now. */
  product: PurchasedProduct.nullable(),
  /** The membership (kind subscription) once fulfilled. */
  subscription: Subscription.nullable(),
  /** The wallet balance after a fulfilled top-up (kind topup). */
  walletBalanceCents: z.number().int().nullable(),
  /** True once the purchase has been granted (exactly once, whichever path came first). */
  fulfilled: z.boolean(),
});
export type CheckoutSessionResponse = z.infer<typeof CheckoutSessionResponse>;

/** GET /api/v1/billing/config: what the web needs to start a payment. */
export const BillingConfigResponse = z.object({
  /**
   * `local`: the built-in test-card provider (no money moves; pages say so). `none`: payments are
   * not set up on this server (production without Stripe): checkout answers 503.
   */
  provider: z.enum(['local', 'stripe', 'none']),
  /** Stripe publishable key from configuration; null with the local provider. */
  publishableKey: z.string().nullable(),
  platformFeePercent: z.number(),
  tiers: z.object({
    Hypr: z.object({ priceCents: z.number().int(), currency: z.string() }),
    HyprSoul: z.object({ priceCents: z.number().int(), currency: z.string() }),
  }),
  topup: z.object({
    minCents: z.number().int(),
    maxCents: z.number().int(),
    currency: z.string(),
  }),
});
export type BillingConfigResponse = z.infer<typeof BillingConfigResponse>;

// ---- local hosted checkout (the embedded provider's own page, web route /pay/{sessionId}) ----

/** Luhn check of a card number (spaces allowed); the server applies the same rule. */
export function isLuhnValid(cardNumber: string): boolean {
  const digits = cardNumber.replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** GET /api/v1/billing/local-checkout/{sessionId}: summary shown on the local checkout page. */
export const LocalCheckoutSummary = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  mode: z.enum(['payment', 'subscription']),
  kind: CheckoutKind,
  /** Line shown to the payer, e.g. the item title, "Hypr membership: alice" or "Balance top-up". */
  description: z.string(),
  /** The membership tier bought (null for items and top-ups), so the web words the line itself. */
  tier: z.enum(TIERS).nullable(),
  amountTotal: z.number().int(),
  currency: z.string(),
  /** A membership's billing period ('month' or, issue 43, 'year'), null for one-off payments. */
  interval: z.enum(BILLING_INTERVALS).nullable(),
  /** Issue 43: the discount code redeemed and the cents it took off (amountTotal is after it). */
  discountCode: z.string().nullable(),
  discountCents: z.number().int().nullable(),
  /** Issue 43: a membership's free days before the first charge (amountTotal is 0), else null. */
  trialDays: z.number().int().nullable(),
  /** Issue 43: a membership's full price of one period (what the trial's end charges), else null. */
  periodPriceCents: z.number().int().nullable().optional(),
  /** Pre-filled payer email: the buyer's account email, to the signed-in buyer only (else null). */
  customerEmail: z.string().nullable(),
  /** Creator of the item or membership, to show who is paid. */
  merchantName: z.string(),
  /** Where "cancel" and "back" go: `/cancel?session_id=...`. */
  cancelUrl: z.string(),
  /** Where a paid session goes: `/success?session_id=...`. */
  successUrl: z.string(),
  expiresAt: z.string(),
});
export type LocalCheckoutSummary = z.infer<typeof LocalCheckoutSummary>;

/**
 * POST /api/v1/billing/local-checkout/{sessionId}/pay. Test cards: 4242 4242 4242 4242 and
 * 5555 5555 5555 4444 succeed; 4000 0000 0000 0002 is declined ('Your card was declined.');
 * 4000 0000 0000 9995 has insufficient funds; 4000 0000 0000 0341 pays now but declines later
 * renewals. Errors: 400 (invalid input, Luhn failure), 402 (declined), 409 (already paid),
 * 410 (expired), each `{error, field, code}` where field is the input to show the message under.
 */
export const LocalPayRequest = z.object({
  email: z.email('emailInvalid').max(254),
  cardNumber: z.string().trim().min(1, 'cardNumberRequired').max(40),
  /** MM/YY or MM / YY or MM/YYYY. */
  expiry: z.string().trim().min(1, 'expiryRequired').max(9),
  cvc: z.string().trim().min(1, 'cvcRequired').max(4),
  name: z.string().trim().max(200).optional(),
});
export type LocalPayRequest = z.infer<typeof LocalPayRequest>;

export const LocalPayResponse = z.object({
  /** `/success?session_id=...` (relative: the page is served by the app itself). */
  redirectUrl: z.string(),
});
export type LocalPayResponse = z.infer<typeof LocalPayResponse>;

/** POST /api/v1/billing/local-checkout/{sessionId}/cancel -> where to go (`/cancel?...`). */
export const LocalCancelResponse = LocalPayResponse;
export type LocalCancelResponse = LocalPayResponse;

/** A payment refusal: `field` names the input to show it under (SPEC §8: under the card field). */
export const PaymentErrorResponse = z.object({
  error: z.string(),
  field: z.string().optional(),
  code: z.string().optional(),
  /** On 402 "not enough balance": what the wallet holds and what the item costs. */
  balanceCents: z.number().int().optional(),
  priceCents: z.number().int().optional(),
});
export type PaymentErrorResponse = z.infer<typeof PaymentErrorResponse>;

// ---- memberships ----

/** GET /api/v1/billing/subscriptions: the signed-in fan's memberships, newest first. */
export const SubscriptionList = z.object({ subscriptions: z.array(Subscription) });
export type SubscriptionList = z.infer<typeof SubscriptionList>;

/** GET /api/v1/billing/membership/{creatorId}: drives the 'subscribed' badge and tier card. */
export const MembershipResponse = z.object({
  creatorId: z.string(),
  /** Highest tier giving access now ('Aura' when none). */
  tier: z.enum(TIERS),
  isSubscribed: z.boolean(),
  subscription: Subscription.nullable(),
});
export type MembershipResponse = z.infer<typeof MembershipResponse>;

// ---- wallet ----

export const LedgerKind = z.enum(LEDGER_KINDS);
export type LedgerKind = z.infer<typeof LedgerKind>;

export const WalletEntry = z.object({
  id: z.number().int(),
  kind: LedgerKind,
  /** Signed cents: top-ups and refunds positive, spends negative. */
  amountCents: z.number().int(),
  currency: z.string(),
  itemId: z.number().int().nullable(),
  itemTitle: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletEntry = z.infer<typeof WalletEntry>;

/** GET /api/v1/wallet?limit=&before= : balance (the sum of the entries) and history, newest first. */
export const WalletResponse = z.object({
  balanceCents: z.number().int(),
  currency: z.string(),
  entries: z.array(WalletEntry),
  /** Pass as `before` for the next page; null at the end. */
  nextBefore: z.number().int().nullable(),
});
export type WalletResponse = z.infer<typeof WalletResponse>;

export const WalletQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: z.coerce.number().int().positive().optional(),
});
export type WalletQuery = z.infer<typeof WalletQuery>;

/**
 * POST /api/v1/wallet/unlock, header `Idempotency-Key` (1-100 of A-Z a-z 0-9 _ - : .; the body
 * field idempotencyKey is accepted when a client cannot set headers). The same key answers the
 * first result again and never charges twice. 402 when the balance is too small (nothing changes).
 */
export const WalletUnlockRequest = z.object({
  itemId: z.coerce.number().int().positive(),
  idempotencyKey: z
    .string()
    .regex(/^[\w\-:.]{1,100}$/)
    .optional(),
});
export type WalletUnlockRequest = z.infer<typeof WalletUnlockRequest>;

export const WalletUnlockResponse = z.object({
  itemId: z.number().int(),
  chargedCents: z.number().int(),
  balanceCents: z.number().int(),
  /** True when this answer repeats an earlier request with the same key. */
  replayed: z.boolean(),
  product: PurchasedProduct,
});
export type WalletUnlockResponse = z.infer<typeof WalletUnlockResponse>;

// ---- creator earnings ----

/** GET /api/v1/billing/earnings (the signed-in creator's): net of the platform fee. */
/** A creator's net earnings in one currency (amounts of two currencies are never added). */
export const CurrencyEarnings = z.object({
  currency: z.enum(CURRENCIES),
  currentMonthCents: z.number().int(),
  totalCents: z.number().int(),
});
export type CurrencyEarnings = z.infer<typeof CurrencyEarnings>;

/** GET /api/v1/billing/earnings: net of the platform fee, one entry per currency earned in. */
export const EarningsResponse = z.object({
  byCurrency: z.array(CurrencyEarnings),
  platformFeePercent: z.number(),
});
export type EarningsResponse = z.infer<typeof EarningsResponse>;
