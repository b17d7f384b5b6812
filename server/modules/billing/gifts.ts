import { desc, eq } from 'drizzle-orm';
import { displayNameOf } from '../../../common/rules/display-name';
import {
  GIFT_REFUND_AFTER_DAYS,
  GIFT_RESEND_MINUTES,
  giftRefundableAt,
} from '../../../common/rules/gifts';
import type {
  GiftActionResponse,
  GiftContent,
  PublicGift,
  RedeemGiftResponse,
  SentGift,
  SentGiftsResponse,
} from '../../../common/schemas/gifts';
import { authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/guard';
import type { Database, Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { isUuid } from '../../http/ids';
import { itemSummary } from '../items/index';
import { grantComplimentary } from './complimentary';
import { callProvider, type BillingDeps } from './deps';
import { entitlements } from './entitlement-tables';
import { lockGift, markRedeemed } from './gift-booking';
import { gifts, type GiftRow } from './gift-tables';
import { bookRefund, type RefundAsk } from './refund-booking';
import { refundAtStripe } from './refunds';
import { creatorSummaries } from './stats';
import { ledgerEntries } from './tables';
import { paymentByRef } from './transactions.read-model';

/*
 * Gifts (issue 43, docs/payments.md "Gifts"): the public view of a code, redeeming it once, and
 * the giver's list with its two actions (send the mail again, refund an unredeemed gift after
 * 30 days). Bought and booked by the checkout (gift-plan.ts, gift-booking.ts).
 */

const MINUTE_MS = 60_000;

type GiftWithTitle = GiftRow & { itemTitle: string | null };

async function withTitles(db: Db, rows: GiftRow[]): Promise<GiftWithTitle[]> {
  const ids = rows.map((r) => r.itemId).filter((id): id is number => id !== null);
  const titles = new Map<number, string>();
  for (const id of new Set(ids)) {
    const item = await itemSummary(db, id);
    if (item) titles.set(id, item.title);
  }
  return rows.map((r) => ({
    ...r,
    itemTitle: r.itemId === null ? null : (titles.get(r.itemId) ?? null),
  }));
}

async function contentsOf(db: Db, rows: GiftWithTitle[]): Promise<Map<string, GiftContent>> {
  const creators = await creatorSummaries(db, [...new Set(rows.map((r) => r.creatorId))]);
  return new Map(
    rows.map((r) => {
      const creator = creators.get(r.creatorId);
      return [
        r.id,
        {
          kind: r.tier !== null ? 'membership' : 'item',
          item: r.itemId !== null ? { id: r.itemId, title: r.itemTitle ?? '' } : null,
          tier: r.tier,
          months: r.months,
          creator: creator
            ? { username: creator.username, displayName: displayNameOf(creator) }
            : null,
        },
      ];
    }),
  );
}

const stateOf = (r: GiftRow): PublicGift['state'] =>
  r.refundedAt ? 'refunded' : r.redeemedAt ? 'redeemed' : 'redeemable';

async function presentPublic(db: Db, row: GiftRow): Promise<PublicGift> {
  const [titled] = await withTitles(db, [row]);
  const content = (await contentsOf(db, [titled!])).get(row.id)!;
  const givers = await creatorSummaries(db, [row.giverId]);
  const giver = givers.get(row.giverId);
  return {
    ...content,
    giverName: giver ? displayNameOf(giver) : '',
    message: row.message,
    state: stateOf(row),
  };
}

const validCode = (code: string) => /^[\w-]{16,64}$/.test(code);

/** GET /api/v1/gifts/{code}: what the gift is, for whoever holds its code. */
export async function publicGift(db: Database, code: string): Promise<PublicGift> {
  if (!validCode(code)) throw fail('gift_not_found');
  const [row] = await db.select().from(gifts).where(eq(gifts.code, code));
  if (!row) throw fail('gift_not_found');
  return presentPublic(db, row);
}

/**
 * POST /api/v1/gifts/{code}/redeem: grants the gift to the signed-in account, once. The gift's
 * row is locked, so of two accounts redeeming at once the second finds it redeemed. An item
 * gift is the item's entitlement; a membership gift is a non-renewing membership of its months
 * (complimentary.ts), refused while the redeemer holds a membership of that creator. The giver
 * cannot redeem their own gift.
 */
export async function redeemGift(
  deps: Pick<BillingDeps, 'db'>,
  viewer: Viewer,
  code: string,
  meta: EventMeta,
): Promise<RedeemGiftResponse> {
  authorize(viewer, 'item.buy');
  if (!validCode(code)) throw fail('gift_not_found');
  const redeemed = await deps.db.transaction(async (tx) => {
    const gift = await lockGift(tx, { code });
    if (!gift) throw fail('gift_not_found');
    if (gift.refundedAt) throw fail('gift_refunded');
    if (gift.redeemedBy) throw fail('gift_already_redeemed');
    if (gift.giverId === viewer.id) throw fail('gift_own');
    const row = await markRedeemed(tx, gift.id, viewer.id, meta.at);
    if (!row) throw fail('gift_already_redeemed');
    if (gift.tier !== null && gift.months !== null) {
      const held = async () => {
        const creator = (await creatorSummaries(tx, [gift.creatorId])).get(gift.creatorId);
        return fail('gift_membership_held', { creator: creator ? displayNameOf(creator) : '' });
      };
      if (gift.creatorId === viewer.id) throw await held();
      const sub = await grantComplimentary(
        tx,
        {
          fanId: viewer.id,
          creatorId: gift.creatorId,
          tier: gift.tier,
          months: gift.months,
          via: 'gift',
        },
        { id: viewer.id },
        meta,
      );
      if (!sub) throw await held();
      // The payment names the membership it bought: a full refund ends it (refund-booking.ts).
      await tx
        .update(ledgerEntries)
        .set({ subscriptionId: sub.id })
        .where(eq(ledgerEntries.ref, gift.paymentRef));
    } else {
      if (gift.itemId === null) throw fail('item_not_found');
      if (gift.creatorId === viewer.id) throw fail('gift_item_owned');
      // The sale's entitlement, named as refund-booking.ts ends a refunded sale's.
      const granted = await tx
        .insert(entitlements)
        .values({
          userId: viewer.id,
          itemId: gift.itemId,
          source: 'purchase',
          sourceRef: `gift:${gift.checkoutSessionId}`,
          createdAt: meta.at,
        })
        .onConflictDoNothing()
        .returning({ id: entitlements.id });
      if (granted.length === 0) throw fail('gift_item_owned');
    }
    await recordEvent(
      tx,
      viewer,
      {
        type: 'gift.redeemed',
        subjectId: gift.id,
        data: {
          giftId: gift.id,
          giverId: gift.giverId,
          redeemerId: viewer.id,
          creatorId: gift.creatorId,
          itemId: gift.itemId,
          tier: gift.tier,
          months: gift.months,
        },
      },
      meta,
      { audience: [gift.giverId, viewer.id] },
    );
    return row;
  });
  const gift = await presentPublic(deps.db, redeemed);
  const path =
    redeemed.itemId !== null
      ? `/product/${redeemed.itemId}`
      : gift.creator
        ? `/creator/${encodeURIComponent(gift.creator.username)}`
        : '/wallet';
  return { gift, path };
}

function presentSent(row: GiftWithTitle, content: GiftContent, now: Date): SentGift {
  const refundableFrom = giftRefundableAt(row.createdAt);
  const open = row.redeemedAt === null && row.refundedAt === null;
  return {
    ...content,
    id: row.id,
    recipientEmail: row.recipientEmail,
    message: row.message,
    amountCents: row.amountCents,
    currency: row.currency,
    createdAt: row.createdAt.toISOString(),
    sendAt: row.sendAt?.toISOString() ?? null,
    sentAt: row.sentAt && row.sentAt <= now ? row.sentAt.toISOString() : null,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    refundableFrom: refundableFrom.toISOString(),
    isResendable:
      open &&
      row.sentAt !== null &&
      now.getTime() - row.sentAt.getTime() >= GIFT_RESEND_MINUTES * MINUTE_MS,
    isRefundable: open && now >= refundableFrom,
  };
}

async function presentSentRows(db: Db, rows: GiftRow[], now: Date): Promise<SentGift[]> {
  const titled = await withTitles(db, rows);
  const contents = await contentsOf(db, titled);
  return titled.map((r) => presentSent(r, contents.get(r.id)!, now));
}

/** GET /api/v1/gifts: the signed-in giver's gifts, newest first. */
export async function sentGifts(
  deps: Pick<BillingDeps, 'db' | 'clock'>,
  viewer: Viewer,
): Promise<SentGiftsResponse> {
  authorize(viewer, 'item.buy');
  const rows = await deps.db
    .select()
    .from(gifts)
    .where(eq(gifts.giverId, viewer.id))
    .orderBy(desc(gifts.createdAt))
    .limit(100);
  return { gifts: await presentSentRows(deps.db, rows, deps.clock.now()) };
}

/** The giver's own gift, locked; another's is as unknown as a missing one. */
async function ownGift(tx: Db, viewer: Viewer, id: string): Promise<GiftRow> {
  if (!isUuid(id)) throw fail('gift_not_found');
  const gift = await lockGift(tx, { id });
  if (!gift || gift.giverId !== viewer.id) throw fail('gift_not_found');
  if (gift.refundedAt) throw fail('gift_refunded');
  if (gift.redeemedAt) throw fail('gift_already_redeemed');
  return gift;
}

/**
 * POST /api/v1/gifts/{id}/resend: the gift mail once more, now, to the same address; at most
 * once per GIFT_RESEND_MINUTES after the last one went out (429 before).
 */
export async function resendGift(
  deps: Pick<BillingDeps, 'db'>,
  viewer: Viewer,
  id: string,
  meta: EventMeta,
): Promise<GiftActionResponse> {
  authorize(viewer, 'item.buy');
  const row = await deps.db.transaction(async (tx) => {
    const gift = await ownGift(tx, viewer, id);
    const waitMs = gift.sentAt
      ? gift.sentAt.getTime() + GIFT_RESEND_MINUTES * MINUTE_MS - meta.at.getTime()
      : 0;
    if (waitMs > 0) {
      throw fail('gift_resend_too_soon', { minutes: Math.ceil(waitMs / MINUTE_MS) });
    }
    const [updated] = await tx
      .update(gifts)
      .set({ sentAt: meta.at })
      .where(eq(gifts.id, gift.id))
      .returning();
    await recordEvent(
      tx,
      viewer,
      {
        type: 'gift.resent',
        subjectId: gift.id,
        data: { giftId: gift.id, giverId: viewer.id, creatorId: gift.creatorId },
      },
      meta,
      { audience: [viewer.id] },
    );
    return updated!;
  });
  const [gift] = await presentSentRows(deps.db, [row], meta.at);
  return { gift: gift! };
}

/**
 * POST /api/v1/gifts/{id}/refund: the giver's money back for a gift nobody redeemed, from
 * GIFT_REFUND_AFTER_DAYS after its purchase, through the refund booking every payment uses
 * (earnings and fee taken back, card refunded at the provider), once. The gift is claimed as
 * refunded first, so it cannot be redeemed while the provider refunds the card; a provider that
 * fails gives the claim back.
 */
export async function refundGift(
  deps: BillingDeps,
  viewer: Viewer,
  id: string,
  meta: EventMeta,
): Promise<GiftActionResponse> {
  authorize(viewer, 'item.buy');
  const claimed = await deps.db.transaction(async (tx) => {
    const gift = await ownGift(tx, viewer, id);
    if (meta.at < giftRefundableAt(gift.createdAt)) {
      throw fail('gift_not_refundable_yet', { days: GIFT_REFUND_AFTER_DAYS });
    }
    const payment = await paymentByRef(tx, gift.paymentRef);
    if (!payment) throw fail('transaction_not_found');
    if (payment.refundedCents >= payment.grossCents) throw fail('gift_refunded');
    await tx.update(gifts).set({ refundedAt: meta.at }).where(eq(gifts.id, gift.id));
    return { gift, payment };
  });
  const { gift, payment } = claimed;
  const requestKey = `gift:${gift.id}`;
  const amount = payment.grossCents - payment.refundedCents;
  const base = { amountCents: amount, cause: 'refund' as const, requestKey, actorId: viewer.id };
  let ask: RefundAsk;
  try {
    ask =
      payment.provider === 'stripe'
        ? {
            ...base,
            ...(await callProvider(() => refundAtStripe(deps, payment, amount, requestKey))),
          }
        : { ...base, providerRef: `${payment.provider}:${requestKey}`, capToRemaining: false };
  } catch (error) {
    await deps.db.update(gifts).set({ refundedAt: null }).where(eq(gifts.id, gift.id));
    throw error;
  }
  await deps.db.transaction((tx) => bookRefund(tx, payment.id, ask, meta));
  const [row] = await deps.db.select().from(gifts).where(eq(gifts.id, gift.id));
  const [sent] = await presentSentRows(deps.db, [row!], meta.at);
  return { gift: sent! };
}
