import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ErrorCode } from '../../../common/errors';
import { isLuhnValid } from '../../../common/schemas/billing';
import type { Database } from '../../db/client';
import { checkoutSessions, subscriptions, type SavedLocalCard } from '../../db/schema/index';
import type { PaymentsProvider, ProviderSession, ProviderSubscription } from './provider';

/**
 * The embedded payment provider: its hosted checkout is a page of the app itself (/pay/{id}),
 * it accepts Stripe's well-known test card numbers and keeps its state in the app's database.
 */

export const newLocalId = (prefix: string) => `${prefix}_local_${randomBytes(16).toString('hex')}`;

export type CardCheck =
  | { ok: true; card: SavedLocalCard }
  | {
      ok: false;
      status: 400 | 402;
      field: 'cardNumber' | 'expiry' | 'cvc';
      code: ErrorCode;
      message: string;
    };

/** Test cards as Stripe documents them; any other valid number is refused like a live card in test mode. */
const TEST_CARDS: Record<
  string,
  { brand: string; outcome: 'succeed' | 'decline' | 'insufficient' | 'decline_renewals' }
> = {
  '4242424242424242': { brand: 'visa', outcome: 'succeed' },
  '5555555555554444': { brand: 'mastercard', outcome: 'succeed' },
  '4000000000000002': { brand: 'visa', outcome: 'decline' },
  '4000000000009995': { brand: 'visa', outcome: 'insufficient' },
  '4000000000000341': { brand: 'visa', outcome: 'decline_renewals' },
};

const fail = (
  status: 400 | 402,
  field: 'cardNumber' | 'expiry' | 'cvc',
  code: ErrorCode,
  message: string,
): CardCheck => ({ ok: false, status, field, code, message });

/** Charges a card typed on the local checkout page, with the provider's own messages (SPEC §8). */
export function chargeTestCard(
  input: { cardNumber: string; expiry: string; cvc: string },
  now: Date,
): CardCheck {
  const digits = input.cardNumber.replace(/[\s-]+/g, '');
  if (!/^\d{12,19}$/.test(digits) || !isLuhnValid(digits)) {
    return fail(400, 'cardNumber', 'invalid_number', 'Your card number is invalid.');
  }
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(input.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) {
    return fail(400, 'expiry', 'invalid_expiry', "Your card's expiration date is invalid.");
  }
  const yearText = expiry[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  // A card is valid through the last day of its expiry month (UTC).
  if (Date.UTC(year, month, 1) <= now.getTime()) {
    return fail(400, 'expiry', 'expired_card', 'Your card has expired.');
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) {
    return fail(400, 'cvc', 'invalid_cvc', "Your card's security code is invalid.");
  }
  const test = TEST_CARDS[digits];
  if (!test) {
    return fail(
      402,
      'cardNumber',
      'card_declined',
      'Your card was declined. This checkout accepts test cards only.',
    );
  }
  if (test.outcome === 'decline') {
    return fail(402, 'cardNumber', 'card_declined', 'Your card was declined.');
  }
  if (test.outcome === 'insufficient') {
    return fail(402, 'cardNumber', 'insufficient_funds', 'Your card has insufficient funds.');
  }
  return {
    ok: true,
    card: {
      brand: test.brand,
      last4: digits.slice(-4),
      renewals: test.outcome === 'decline_renewals' ? 'decline' : 'succeed',
    },
  };
}

/** A renewal charge of the card saved at checkout. */
export function chargeSavedCard(
  card: SavedLocalCard | null,
): { ok: true } | { ok: false; message: string } {
  if (!card) return { ok: false, message: 'No saved card.' };
  return card.renewals === 'succeed'
    ? { ok: true }
    : { ok: false, message: 'Your card was declined.' };
}

export function createLocalProvider(db: Database): PaymentsProvider {
  return {
    name: 'local',
    async createCheckoutSession() {
      const id = newLocalId('cs');
      return { id, url: `/pay/${id}` };
    },
    async retrieveCheckoutSession(id): Promise<ProviderSession | null> {
      const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
      if (!row || row.provider !== 'local') return null;
      const [sub] = row.subscriptionId
        ? await db
            .select({ providerId: subscriptions.providerSubscriptionId })
            .from(subscriptions)
            .where(eq(subscriptions.id, row.subscriptionId))
        : [];
      return {
        id: row.id,
        mode: row.kind === 'subscription' ? 'subscription' : 'payment',
        status: row.status,
        paymentStatus: row.paymentStatus,
        amountTotal: row.amountCents,
        currency: row.currency,
        customerEmail: row.customerEmail,
        paymentMethodTypes: row.paymentMethodTypes,
        metadata: {},
        subscriptionId: sub?.providerId ?? null,
        paymentIntentId: null,
      };
    },
    async retrieveSubscription(id): Promise<ProviderSubscription | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, id));
      if (!row || row.provider !== 'local') return null;
      return {
        id: row.providerSubscriptionId,
        status: row.status,
        currentPeriodStart: row.currentPeriodStart,
        currentPeriodEnd: row.currentPeriodEnd,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        canceledAt: row.canceledAt,
        endedAt: null,
        metadata: {},
        priceCents: row.priceCents,
      };
    },
    // The local provider's subscription state is the app's own row: the billing service updates it.
    async cancelSubscriptionAtPeriodEnd() {},
    // Test-card payments move no money: billing books their refunds without asking a provider.
    async refundPayment() {
      throw new Error('the local provider has no payments to refund');
    },
    async membershipPaymentIntent() {
      return null;
    },
    async invoiceOfPayment() {
      return null;
    },
    // Local memberships renew from our own table; a refund ends them there.
    async cancelSubscriptionNow() {},
    // A local membership's pause lives in our own row: the renewal job skips it.
    async pauseSubscriptionCollection() {},
    async resumeSubscriptionCollection() {},
    // A local trial is refused at payment instead (the card is charged by the renewal job).
    async endTrialNow() {
      throw new Error('the local provider ends no trials at a provider');
    },
    // A local membership's tier and price live in our own row; its saved card pays upgrades.
    async setSubscriptionPrice() {},
    async chargeSubscription() {
      throw new Error('the local provider charges saved cards through the billing service');
    },
    async listRefunds() {
      return [];
    },
    async retrieveDispute() {
      return null;
    },
    parseWebhook() {
      throw new Error('the local provider sends no webhooks');
    },
  };
}
