import type { MessageResponse } from '../../../common/schemas/mail';
import type { Database } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail } from '../../http/errors';
import { takeBackEmail } from '../users/index';
import { consumeMailToken, voidMailTokens } from './tokens';

/** The answer to a used "this was not me" link, whatever the account had left of the address. */
export const NOT_ME_ANSWER = 'Your e-mail address is no longer used by that account.';

/**
 * POST /api/v1/auth/not-me: the "this was not me" link of a confirmation mail (sign-up or
 * e-mail change), single use. Confirming an address proves the mailbox, not who made the
 * account, so its owner can take the address back: it leaves the account (which keeps its
 * username, loses every session, and gets no more mail) and every open link of the account
 * dies; when the address was only asked for (an e-mail change not confirmed yet), that change
 * dies instead. 400 `mail_link_invalid` for an unknown, used or expired token, changing nothing.
 */
export async function takeBackAddress(
  db: Database,
  token: string,
  meta: EventMeta,
): Promise<MessageResponse> {
  await db.transaction(async (tx) => {
    const used = await consumeMailToken(tx, token, ['not-me'], meta.at);
    if (!used) throw fail('mail_link_invalid');
    if (await takeBackEmail(tx, used.userId, used.email, meta)) {
      await voidMailTokens(
        tx,
        used.userId,
        ['verify-email', 'change-email', 'reset-password'],
        meta.at,
      );
      return;
    }
    await voidMailTokens(tx, used.userId, ['change-email'], meta.at, used.email);
    await recordEvent(
      tx,
      null,
      { type: 'account.email_taken_back', subjectId: used.userId, data: { removed: false } },
      meta,
      { audience: [used.userId] },
    );
  });
  return { message: NOT_ME_ANSWER };
}
