import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { displayNameOf } from '../../../common/rules/display-name';
import { isTier } from '../../../common/rules/tiers';
import type { Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { countSaleSql } from '../items/index';
import { personSummaries } from '../users/index';
import { gifts, type GiftRow } from './gift-tables';
import { creditEarnings } from './ledger';
import type { CheckoutSessionRow } from './tables';

/*
 * Gifts (issue 43): the paid checkout becomes a gift row with its redeem code, the creator earns
 * it at once as a normal sale or membership payment (an earnings entry keyed by the checkout, the
 * transaction a refund books against), and `gift.purchased` queues the giver's receipt and the
 * recipient's mail (at once, or at the chosen time). All in the payment's one transaction.
 */

/** A redeem code: 128 random bits, url-safe (22 characters). */
export const newGiftCode = (): string => randomBytes(16).toString('base64url');

/** The earnings entry of a gift's payment: an item's is a sale, a membership's a membership payment. */
export const giftPaymentRef = (row: Pick<CheckoutSessionRow, 'id' | 'itemId'>): string =>
  row.itemId !== null ? `sale:gift:${row.id}` : `membership:gift:${row.id}`;

/** The checkout a gift payment's earnings ref names, or null for any other payment. */
export const giftCheckoutOfRef = (ref: string): string | null =>
  /^(?:sale|membership):gift:(.+)$/.exec(ref)?.[1] ?? null;

/** Books a paid gift checkout once (fulfilCheckout's `gift` kind, its row locked there). */
export async function bookGift(
  tx: Db,
  feePercent: number,
  row: CheckoutSessionRow,
  meta: EventMeta,
): Promise<void> {
  const order = row.gift;
  if (!order || !row.creatorId) throw new Error(`gift checkout ${row.id} has no gift to book`);
  const tier = row.tier !== null && isTier(row.tier) && row.tier !== 'Aura' ? row.tier : null;
  const paymentRef = giftPaymentRef(row);
  const sendAt = order.sendAt ? new Date(order.sendAt) : null;
  const [gift] = await tx
    .insert(gifts)
    .values({
      code: newGiftCode(),
      giverId: row.userId,
      recipientEmail: order.email,
      message: order.message,
      creatorId: row.creatorId,
      itemId: row.itemId,
      tier: row.itemId === null ? tier : null,
      months: row.itemId === null ? order.months : null,
      amountCents: row.amountCents,
      currency: row.currency,
      checkoutSessionId: row.id,
      paymentRef,
      sendAt,
      // The mail goes at once, or the job waits for sendAt.
      sentAt: sendAt ?? meta.at,
      createdAt: meta.at,
    })
    .onConflictDoNothing({ target: gifts.checkoutSessionId })
    .returning();
  if (!gift) return;
  await creditEarnings(tx, {
    creatorId: row.creatorId,
    grossCents: row.amountCents,
    currency: row.currency,
    feePercent,
    kind: row.itemId !== null ? 'sale' : 'membership',
    buyerId: row.userId,
    ref: paymentRef,
    itemId: row.itemId,
    checkoutSessionId: row.id,
    at: meta.at,
  });
  // A gift of an item is one more sale of it (a full refund counts it off again).
  if (row.itemId !== null) await tx.execute(countSaleSql(tx, row.itemId));
  await recordEvent(
    tx,
    { id: row.userId },
    {
      type: 'gift.purchased',
      subjectId: gift.id,
      data: {
        giftId: gift.id,
        giverId: gift.giverId,
        creatorId: gift.creatorId,
        itemId: gift.itemId,
        tier: gift.tier,
        months: gift.months,
        amountCents: gift.amountCents,
        currency: gift.currency,
        sendAt: gift.sendAt?.toISOString() ?? null,
      },
    },
    meta,
    { audience: [gift.giverId, gift.creatorId] },
  );
}

/**
 * A payment refunded in full (refund-booking.ts): when it paid for a gift, the gift is marked
 * refunded (its code redeems nothing any more) and `gift.refunded` recorded. What a redeemed
 * gift gave ends with the payment's entitlement (the refund's own rule).
 */
export async function endGiftOfPayment(tx: Db, paymentRef: string, meta: EventMeta) {
  const checkoutId = giftCheckoutOfRef(paymentRef);
  if (checkoutId === null) return;
  const [gift] = await tx
    .update(gifts)
    .set({ refundedAt: sql`coalesce(${gifts.refundedAt}, ${meta.at.toISOString()}::timestamptz)` })
    .where(eq(gifts.checkoutSessionId, checkoutId))
    .returning();
  if (!gift) return;
  await recordEvent(
    tx,
    null,
    {
      type: 'gift.refunded',
      subjectId: gift.id,
      data: {
        giftId: gift.id,
        giverId: gift.giverId,
        amountCents: gift.amountCents,
        currency: gift.currency,
      },
    },
    meta,
    { audience: [gift.giverId] },
  );
}

/** What a gift's mail needs, read when it is sent (mail/delivery.ts). */
export interface GiftMail {
  code: string;
  recipientEmail: string;
  message: string | null;
  giverName: string;
  tier: string | null;
  months: number | null;
  /** A refunded or redeemed gift's mail is not sent any more. */
  isSpent: boolean;
}

/** The gifts of a batch of mails, by id. */
export async function giftMailsOf(db: Db, ids: readonly string[]): Promise<Map<string, GiftMail>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(gifts)
    .where(inArray(gifts.id, [...new Set(ids)]));
  const givers = new Map(
    (
      await personSummaries(
        db,
        rows.map((r) => r.giverId),
      )
    ).map((p) => [p.id, p]),
  );
  return new Map(
    rows.map((r: GiftRow) => {
      const giver = givers.get(r.giverId);
      return [
        r.id,
        {
          code: r.code,
          recipientEmail: r.recipientEmail,
          message: r.message,
          giverName: giver ? displayNameOf(giver) : '',
          tier: r.tier,
          months: r.months,
          isSpent: r.refundedAt !== null || r.redeemedAt !== null,
        },
      ];
    }),
  );
}

/** The gift row by id, locked for the caller's transaction. */
export async function lockGift(tx: Db, where: { id: string } | { code: string }) {
  const [row] = await tx
    .select()
    .from(gifts)
    .where('id' in where ? eq(gifts.id, where.id) : eq(gifts.code, where.code))
    .for('update');
  return row ?? null;
}

/** Marks a gift redeemed by `userId`, only if nobody redeemed it and it was not refunded. */
export async function markRedeemed(tx: Db, giftId: string, userId: string, at: Date) {
  const [row] = await tx
    .update(gifts)
    .set({ redeemedBy: userId, redeemedAt: at })
    .where(and(eq(gifts.id, giftId), isNull(gifts.redeemedBy), isNull(gifts.refundedAt)))
    .returning();
  return row ?? null;
}
