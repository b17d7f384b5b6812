import { displayNameOf } from '../../../common/rules/display-name';
import { and, eq } from 'drizzle-orm';
import type {
  LocalCheckoutSummary,
  LocalPayRequest,
  LocalPayResponse,
} from '../../../common/schemas/billing';
import { chargeTestCard, newLocalId } from '../../adapters/payments/local';
import type { ProviderSession, ProviderSubscription } from '../../adapters/payments/provider';
import type { Db } from '../../db/client';
import { checkoutSessions, type CheckoutSessionRow } from '../../db/schema/index';
import { itemSummary } from '../items/index';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail, failInProviderWords } from '../../http/errors';
import { refusalOf } from '../../db/refusal';
import { releaseDiscounts } from './discounts';
import { fulfilCheckout } from './fulfilment';
import { sellForCard, type CardSaleRefusal } from './sale-statements';
import { discountOf } from './sales';
import { addPeriod } from './periods';
import { trialEnd } from '../../../common/rules/trials';
import { fulfilContext, type BillingDeps } from './deps';
import { creatorSummaries } from './stats';

/**
 * The API of the local provider's hosted checkout page (/pay/{id} in the web app). Like Stripe's
 * hosted page it is reached by the unguessable session id alone, without the app's sign-in.
 */

/** The local session `id`; locked for the rest of `tx` when given one. */
async function findLocalSession(
  deps: BillingDeps,
  id: string,
  tx?: Db,
): Promise<CheckoutSessionRow> {
  // Sessions left from a time the test-card provider ran can no longer be paid once it is off.
  if (deps.provider.name !== 'local') throw fail('test_payments_off');
  const query = (tx ?? deps.db).select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  const [row] = await (tx ? query.for('update') : query);
  if (!row || row.provider !== 'local') throw fail('checkout_not_found');
  return row;
}

const effectiveStatus = (row: CheckoutSessionRow, now: Date) =>
  row.status === 'open' && row.expiresAt <= now ? 'expired' : row.status;

const successUrl = (id: string) => `/success?session_id=${encodeURIComponent(id)}`;
const cancelUrl = (id: string) => `/cancel?session_id=${encodeURIComponent(id)}`;

/**
 * The page's summary. The id alone opens it (like Stripe's hosted page), but the buyer's e-mail
 * (prefilled on the form) goes only to the signed-in buyer: the id appears in URLs (issue 18).
 */
export async function localCheckoutSummary(
  deps: BillingDeps,
  id: string,
  viewerId: string | null,
): Promise<LocalCheckoutSummary> {
  const row = await findLocalSession(deps, id);
  const creators = await creatorSummaries(deps.db, row.creatorId ? [row.creatorId] : []);
  const creator = row.creatorId ? creators.get(row.creatorId) : undefined;
  const merchantName = creator ? displayNameOf(creator) : 'Aura';
  let description = 'Aura balance top-up';
  if (row.kind === 'subscription') description = `${row.tier ?? ''} membership: ${merchantName}`;
  if (row.kind === 'tip') description = `Tip: ${merchantName}`;
  if (row.kind === 'gift') {
    const item = row.itemId ? await itemSummary(deps.db, row.itemId) : null;
    description = item
      ? `Gift: ${item.title}`
      : `Gift: ${row.gift?.months ?? 1} × ${row.tier ?? ''} membership: ${merchantName}`;
  }
  if (row.kind === 'item') {
    const item = row.itemId ? await itemSummary(deps.db, row.itemId) : null;
    description = item?.title ?? row.label;
  }
  return {
    id: row.id,
    status: effectiveStatus(row, deps.clock.now()),
    mode: row.kind === 'subscription' ? 'subscription' : 'payment',
    kind: row.kind,
    description,
    tier: row.kind === 'subscription' ? (row.tier ?? null) : null,
    amountTotal: row.amountCents,
    currency: row.currency,
    interval: row.kind === 'subscription' ? (row.interval ?? 'month') : null,
    discountCode: row.discountCode,
    discountCents: row.discountCents,
    trialDays: row.trialDays,
    periodPriceCents: row.periodPriceCents,
    customerEmail: viewerId !== null && viewerId === row.userId ? row.customerEmail : null,
    merchantName,
    cancelUrl: cancelUrl(row.id),
    successUrl: successUrl(row.id),
    expiresAt: row.expiresAt.toISOString(),
  };
}

function refuseUnlessOpen(row: CheckoutSessionRow, now: Date): void {
  const status = effectiveStatus(row, now);
  if (status === 'complete') {
    throw fail('session_complete');
  }
  if (status === 'expired') {
    throw fail('session_expired');
  }
}

/**
 * Pays a local session with a test card, then fulfils it in one transaction (the local
 * provider's equivalent of Stripe's webhook) and sends the payer to /success.
 */
export async function payLocalCheckout(
  deps: BillingDeps,
  id: string,
  body: LocalPayRequest,
  meta: EventMeta,
): Promise<LocalPayResponse> {
  const now = meta.at;
  const row = await findLocalSession(deps, id);
  refuseUnlessOpen(row, now);
  const charge = chargeCard(body, now);
  if (row.kind === 'item' && row.itemId !== null && row.creatorId !== null) {
    // An item in one statement (issue 17); the long way below only when it could not be sold.
    const sold = await sellForCard(
      deps.db,
      {
        buyerId: row.userId,
        item: { id: row.itemId, creatorId: row.creatorId },
        grossCents: row.amountCents,
        currency: row.currency,
        feePercent: deps.config.PLATFORM_FEE_PERCENT,
        via: 'card',
        ref: `checkout:${row.id}`,
        checkoutSessionId: row.id,
        discount: discountOf(row),
      },
      { kind: 'item', customerEmail: body.email },
      meta,
    ).then(
      () => true,
      async (error: unknown) => {
        const refusal = refusalOf(error) as CardSaleRefusal | null;
        // Another pay click fulfilled it first, or it was closed: answer as its state says.
        if (refusal === 'already') refuseUnlessOpen(await findLocalSession(deps, id), now);
        if (refusal === null) throw error;
        return false;
      },
    );
    if (sold) return { redirectUrl: successUrl(id) };
  }
  // One transaction from the lock to the grant (the session is read once more, locked). A
  // declined card throws before anything is written, so the rollback leaves the session open.
  await deps.db.transaction(async (tx) => {
    const locked = await findLocalSession(deps, id, tx);
    const ctx = fulfilContext(deps, meta);
    // Two pay clicks race: the second finds the first's payment and charges nothing.
    refuseUnlessOpen(locked, now);
    const session: ProviderSession = {
      id: locked.id,
      mode: locked.kind === 'subscription' ? 'subscription' : 'payment',
      status: 'complete',
      paymentStatus: 'paid',
      amountTotal: locked.amountCents,
      currency: locked.currency,
      customerEmail: body.email,
      paymentMethodTypes: locked.paymentMethodTypes,
      metadata: {},
      subscriptionId: null,
      paymentIntentId: null,
    };
    const subscription: ProviderSubscription | null =
      locked.kind === 'subscription'
        ? {
            id: newLocalId('sub'),
            status: 'active',
            currentPeriodStart: now,
            // A free trial's first period lasts the trial (issue 43); the card is kept for later.
            // Otherwise a month, or a year for a yearly plan (issue 43).
            currentPeriodEnd: locked.trialDays
              ? trialEnd(now, locked.trialDays)
              : addPeriod(now, locked.interval ?? 'month'),
            cancelAtPeriodEnd: false,
            canceledAt: null,
            endedAt: null,
            metadata: {},
            priceCents: locked.periodPriceCents ?? null,
          }
        : null;
    await fulfilCheckout(tx, ctx, session, subscription, { card: charge.card, row: locked });
  });
  return { redirectUrl: successUrl(id) };
}

/** The test card's answer; a declined card is the card network's code and text. */
function chargeCard(body: LocalPayRequest, now: Date) {
  const charge = chargeTestCard(body, now);
  if (!charge.ok) {
    // The card network's code and text (SPEC §8: the provider's message under the card field).
    throw failInProviderWords(charge.code, charge.message, { field: charge.field });
  }
  return charge;
}

/** The payer left the local checkout: the session can no longer be paid. */
export async function cancelLocalCheckout(
  deps: BillingDeps,
  id: string,
  meta: EventMeta,
): Promise<LocalPayResponse> {
  const row = await findLocalSession(deps, id);
  if (row.status === 'complete') {
    throw fail('session_complete');
  }
  if (row.status === 'open') {
    await deps.db.transaction(async (tx) => {
      const expired = await tx
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
        .returning({ id: checkoutSessions.id });
      if (expired.length === 0) return;
      // A discount code's redemption it held goes back at once (issue 43).
      await releaseDiscounts(tx, meta.at, { sessionId: id });
      await recordEvent(tx, null, { type: 'checkout.expired', subjectId: id, data: {} }, meta);
    });
  }
  return { redirectUrl: cancelUrl(id) };
}
