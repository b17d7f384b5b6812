import { clientEventHeader, type RealtimePresenters } from '../../realtime/index';

/*
 * What the socket carries of moderation: the warned person hears that a warning arrived, so an
 * open dashboard shows the notice at once. The reason stays behind the authenticated HTTP call.
 */
export const adminRealtimePresenters = (): RealtimePresenters => ({
  'user.warned': async (published, recipients) =>
    recipients.map((userId) => ({
      userId,
      event: {
        type: 'warning.received',
        ...clientEventHeader(published),
        data: { warningId: published.event.data.warningId },
      },
    })),
});
