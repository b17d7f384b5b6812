import type { DomainEvent } from '../../../common/events';
import type { Db } from '../../db/client';
import type { EventMeta, EventWrite } from '../../events/record';
import { mailWrite, type MailJobPayload } from './queue';

/*
 * Notices (issue 16), queued in the transaction of the event that causes them. Each has a key
 * made from what it is about, so a replayed webhook or a retried job queues nothing new: a sale
 * gives one receipt and one creator notice, whatever happens after.
 */

/** `at`: when the mail goes, when not at once (a gift's chosen send time). */
type Notice = { mail: MailJobPayload; key: string; at?: Date };

const money = (data: { amountCents: number; currency: string }) => ({
  amountCents: String(data.amountCents),
  currency: data.currency,
});

/** A receipt's discount code and what it took off (issue 43), when the payment had one. */
const discount = (data: {
  discountCode?: string;
  discountCents?: number;
}): Record<string, string> =>
  data.discountCode && data.discountCents
    ? { discountCode: data.discountCode, discountCents: String(data.discountCents) }
    : {};
/** A gift's mail to its recipient (the item or membership template is chosen when it is sent). */
const giftMailOf = (d: { giftId: string; giverId: string; creatorId: string }): MailJobPayload => ({
  template: 'gift-item',
  userId: d.giverId,
  params: { giftId: d.giftId, creatorId: d.creatorId },
});

/** The notices an event causes (none for most). */
export function noticesOf(event: DomainEvent, meta: EventMeta): Notice[] {
  const at = meta.at.toISOString();
  switch (event.type) {
    case 'sale.recorded': {
      const d = event.data;
      // A buyer owns an item once, so buyer and item name the sale.
      const sale = `${d.buyerId}:${d.itemId}`;
      const params = { ...money(d), itemId: String(d.itemId) };
      return [
        {
          mail: {
            template: 'sale-receipt',
            userId: d.buyerId,
            params: { ...params, ...discount(d) },
            path: `/product/${d.itemId}`,
          },
          key: `sale-receipt:${sale}`,
        },
        {
          mail: { template: 'sale-notice', userId: d.creatorId, params, path: '/dashboard' },
          key: `sale-notice:${sale}`,
        },
      ];
    }
    case 'tip.received': {
      const d = event.data;
      return [
        {
          mail: {
            template: 'tip-notice',
            userId: d.creatorId,
            params: money(d),
            path: '/dashboard',
          },
          key: `tip-notice:${d.tipId}`,
        },
      ];
    }
    case 'gift.purchased': {
      // The giver's receipt, and the gift's mail to its recipient at once or at its send time
      // (the job waits for it; its key sends it once across instances). Both read the gift's
      // address and code when they go (delivery.ts), so neither is in the job or the event.
      const d = event.data;
      const giftMail = giftMailOf(d);
      return [
        {
          mail: {
            template: 'gift-receipt',
            userId: d.giverId,
            params: { ...money(d), giftId: d.giftId },
            path: '/wallet',
          },
          key: `gift-receipt:${d.giftId}`,
        },
        {
          mail: {
            template: 'gift-notice',
            userId: d.creatorId,
            params: money(d),
            path: '/dashboard',
          },
          key: `gift-notice:${d.giftId}`,
        },
        {
          mail: giftMail,
          key: `gift:${d.giftId}`,
          ...(d.sendAt ? { at: new Date(d.sendAt) } : {}),
        },
      ];
    }
    case 'gift.resent':
      return [
        {
          mail: giftMailOf(event.data),
          key: `gift:${event.data.giftId}:${at}`,
        },
      ];
    case 'payment.refunded': {
      const d = event.data;
      const params = { ...money(d), creatorId: d.creatorId };
      const receipt: Notice[] = d.buyerId
        ? [
            {
              mail: { template: 'refund-receipt', userId: d.buyerId, params, path: '/wallet' },
              key: `refund-receipt:${d.refundId}`,
            },
          ]
        : [];
      return [
        ...receipt,
        {
          mail: { template: 'refund-notice', userId: d.creatorId, params, path: '/dashboard' },
          key: `refund-notice:${d.refundId}`,
        },
      ];
    }
    case 'membership.started': {
      const d = event.data;
      // A free trial pays nothing now (issue 43): no receipt of $0.00, but when it ends and what
      // it costs then.
      if (d.trialEndsAt) {
        const params = {
          currency: d.currency,
          tier: d.tier,
          creatorId: d.creatorId,
          trialEndsAt: d.trialEndsAt,
          ...(d.priceCents ? { priceCents: String(d.priceCents) } : {}),
          // The price after the trial names its period: "$5.00/month", "$50.00/year".
          interval: d.interval ?? 'month',
        };
        return [
          {
            mail: {
              template: 'membership-trial-started',
              userId: d.fanId,
              params,
              path: '/wallet',
            },
            key: `membership-trial-started:${event.subjectId}`,
          },
          {
            mail: {
              template: 'new-trial-subscriber',
              userId: d.creatorId,
              params,
              path: '/dashboard',
            },
            key: `new-subscriber:${event.subjectId}`,
          },
        ];
      }
      // The member's receipt of the first payment.
      const receipt: Notice[] =
        d.amountCents > 0
          ? [
              {
                mail: {
                  template: 'membership-receipt',
                  userId: d.fanId,
                  params: {
                    ...money(d),
                    tier: d.tier,
                    creatorId: d.creatorId,
                    // A yearly plan's receipt says so ("$50.00/year"); a month's reads as before.
                    ...(d.interval === 'year' ? { interval: d.interval } : {}),
                    ...discount(d),
                  },
                  path: '/wallet',
                },
                key: `membership-receipt:${event.subjectId}`,
              },
            ]
          : [];
      return [
        ...receipt,
        {
          mail: {
            template: 'new-subscriber',
            userId: event.data.creatorId,
            params: {
              ...money(event.data),
              tier: event.data.tier,
              interval: event.data.interval ?? 'month',
            },
            path: '/dashboard',
          },
          key: `new-subscriber:${event.subjectId}`,
        },
      ];
    }
    case 'membership.renewed':
      return [
        {
          mail: {
            template: 'membership-renewed',
            userId: event.data.fanId,
            params: {
              ...money(event.data),
              creatorId: event.data.creatorId,
              interval: event.data.interval ?? 'month',
            },
            path: '/wallet',
          },
          key: `membership-renewed:${event.subjectId}:${event.data.periodEnd}`,
        },
      ];
    case 'membership.tier_changed':
      // The receipt of an upgrade's prorated charge (issue 43); a downgrade charges nothing now.
      if (event.data.direction !== 'upgrade' || event.data.amountCents <= 0) return [];
      return [
        {
          mail: {
            template: 'membership-upgraded',
            userId: event.data.fanId,
            params: {
              ...money(event.data),
              tier: event.data.toTier,
              creatorId: event.data.creatorId,
            },
            path: '/wallet',
          },
          key: `membership-upgraded:${event.subjectId}:${event.data.toTier}:${at}`,
        },
      ];
    case 'membership.payment_failed':
      return [
        {
          mail: {
            template: 'membership-payment-failed',
            userId: event.data.fanId,
            params: { tier: event.data.tier, creatorId: event.data.creatorId },
            path: '/wallet',
          },
          key: `membership-payment-failed:${event.subjectId}:${at}`,
        },
      ];
    case 'membership.ended':
      return [
        {
          mail: {
            template: 'membership-ended',
            userId: event.data.fanId,
            params: { creatorId: event.data.creatorId },
          },
          key: `membership-ended:${event.subjectId}`,
        },
      ];
    case 'user.warned':
      return [
        {
          mail: {
            template: 'user-warned',
            userId: event.subjectId,
            params: { reason: event.data.reason },
            path: '/dashboard',
          },
          key: `user-warned:${event.data.warningId}`,
        },
      ];
    case 'user.suspended':
      return [
        {
          mail: {
            template: 'user-suspended',
            userId: event.subjectId,
            params: { reason: event.data.reason },
          },
          key: `user-suspended:${event.subjectId}:${at}`,
        },
      ];
    default:
      return [];
  }
}

/** The writes that queue an event's notices (the transactional consumer defineMailJob registers). */
export const noticeWrites = (_db: Db, event: DomainEvent, meta: EventMeta): EventWrite[] =>
  noticesOf(event, meta).map((notice) => mailWrite(notice.mail, notice.key, meta, notice.at));
