import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Currency } from '../../../common/rules/money';
import { entitlements, ledgerEntries, wallets } from '../../db/schema/index';
import { uniqueName, type TestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';
import { creditEarnings } from './ledger';

/** Builders shared by the billing and wallet API tests. */

export const TEST_CARD_OK = '4242 4242 4242 4242';
export const TEST_CARD_DECLINED = '4000 0000 0000 0002';
export const TEST_CARD_DECLINES_RENEWALS = '4000 0000 0000 0341';

export async function startCheckout(
  t: TestApp,
  buyer: TestUser,
  body: Record<string, unknown>,
): Promise<{ id: string; url: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/billing/create-checkout-session',
    headers: buyer.auth,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export function payLocal(t: TestApp, sessionId: string, cardNumber = TEST_CARD_OK, extra = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/billing/local-checkout/${sessionId}/pay`,
    payload: { email: 'fan@example.test', cardNumber, expiry: '12/34', cvc: '123', ...extra },
  });
}

/** Tops a fan's balance up through a real local checkout. */
export async function topUp(t: TestApp, fan: TestUser, price: string) {
  const { id } = await startCheckout(t, fan, { tier: 'topup', price, productId: 'topup' });
  const paid = await payLocal(t, id);
  expect(paid.statusCode, paid.body).toBe(200);
}

export async function itemEntitlementCount(t: TestApp, userId: string, itemId: number) {
  const [row] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), eq(entitlements.itemId, itemId)));
  return row?.n ?? 0;
}

export async function earningsEntries(t: TestApp, creatorId: string) {
  return t.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'earnings'), eq(ledgerEntries.userId, creatorId)));
}

export async function walletState(t: TestApp, userId: string) {
  const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, userId));
  const [sum] = await t.db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, 'wallet'), eq(ledgerEntries.userId, userId)));
  return { balanceCents: wallet?.balanceCents ?? 0, ledgerSumCents: sum?.total ?? 0 };
}

/** A clock tests move by hand: periods end without sleeping. */
export function manualClock(start: string) {
  let now = new Date(start);
  return {
    now: () => new Date(now.getTime()),
    set(iso: string) {
      now = new Date(iso);
    },
    advanceDays(days: number) {
      now = new Date(now.getTime() + days * 86_400_000);
    },
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

/**
 * An earnings entry booked as billing books one (net of a 10% fee), without a payment: tests of
 * figures place entries at exact instants (a sale at Sunday 23:59:59 in Berlin) without a clock
 * dance through checkout.
 */
export async function bookEarningsEntry(
  t: TestApp,
  entry: {
    creatorId: string;
    grossCents: number;
    currency: Currency;
    at: Date;
    kind?: 'sale' | 'membership';
    itemId?: number | null;
  },
): Promise<number> {
  const net = await creditEarnings(t.db, {
    creatorId: entry.creatorId,
    grossCents: entry.grossCents,
    currency: entry.currency,
    feePercent: 10,
    kind: entry.kind ?? 'sale',
    ref: uniqueName('test-earning:'),
    itemId: entry.itemId ?? null,
    at: entry.at,
  });
  return net!;
}
