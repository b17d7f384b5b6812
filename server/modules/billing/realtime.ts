import { clientEventHeader, type RealtimePresenters } from '../../realtime/index';

/*
 * What the socket carries of payments: a tipped creator hears that a tip arrived (issue 43), so
 * an open dashboard lists it at once. The fan who paid hears nothing from it (their checkout
 * page already says so); the amount and message stay behind the authenticated HTTP call.
 */
export const billingRealtimePresenters = (): RealtimePresenters => ({
  'tip.received': async (published, recipients) =>
    recipients
      .filter((userId) => userId === published.event.data.creatorId)
      .map((userId) => ({
        userId,
        event: {
          type: 'tip.received',
          ...clientEventHeader(published),
          data: { tipId: published.event.data.tipId },
        },
      })),
});
