import type { Db } from '../../db/client';
import { recordEvent, type EventMeta } from '../../events/record';
import { enqueueJob } from '../../jobs/runner';
import type { MailTemplate } from './templates';

/** The job kind that renders and sends one mail (delivery.ts). */
export const MAIL_JOB = 'mail';
/** Tries before a mail counts as failed: about 3 hours of backoff in all. */
export const MAIL_MAX_ATTEMPTS = 6;

/** What a mail job needs; everything else (address, language, link) is read when it runs. */
export interface MailJobPayload {
  template: MailTemplate;
  userId: string;
  /** Another address than the account's (an e-mail change's new address). */
  to?: string;
  /** A mail_tokens row whose link the mail carries (the token is rebuilt from its id). */
  tokenId?: string;
  /** Path of the action link for mails without a token, e.g. `/product/12`. */
  path?: string;
  params?: Record<string, string>;
}

/**
 * Queues one mail inside the caller's transaction (issue 16): it exists only if that commits,
 * and a mail is queued at most once per `key` (a replayed webhook queues nothing new). Sending
 * happens in the job runner, never in the request. True when newly queued.
 */
export async function queueMail(
  tx: Db,
  mail: MailJobPayload,
  key: string,
  meta: EventMeta,
): Promise<boolean> {
  const queued = await enqueueJob(
    tx,
    MAIL_JOB,
    { ...mail },
    {
      key: `mail:${key}`,
      at: meta.at,
      maxAttempts: MAIL_MAX_ATTEMPTS,
    },
  );
  if (queued) {
    await recordEvent(
      tx,
      null,
      {
        type: 'mail.queued',
        subjectId: mail.userId,
        data: { template: mail.template, to: mail.userId },
      },
      meta,
    );
  }
  return queued;
}
