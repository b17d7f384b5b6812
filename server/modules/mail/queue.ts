import type { Db } from '../../db/client';
import { recordEvent, type EventMeta, type EventWrite } from '../../events/record';
import { enqueueJobSql } from '../../jobs/runner';
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
  /** The `not-me` token row of a confirmation mail's "this was not me" link. */
  notMeTokenId?: string;
  /** Path of the action link for mails without a token, e.g. `/product/12`. */
  path?: string;
  params?: Record<string, string>;
  /** Queued by a request (not a job or the demo seed): the development console prints it. */
  byRequest?: true;
}

/**
 * The job that sends one mail and its `mail.queued` event, at most once per `key` (a replayed
 * webhook queues nothing new, and records nothing): for the statement of the event that causes
 * the mail (a transactional consumer's write).
 */
export function mailWrite(
  mail: MailJobPayload,
  key: string,
  meta: EventMeta,
  /** When the mail goes, when not at once (the job waits until then). */
  sendAt?: Date,
): EventWrite {
  const job = enqueueJobSql(
    MAIL_JOB,
    { ...mail, ...(meta.requestId && !sendAt ? { byRequest: true } : {}) },
    { key: `mail:${key}`, at: sendAt ?? meta.at, maxAttempts: MAIL_MAX_ATTEMPTS },
  );
  return {
    actor: null,
    event: {
      type: 'mail.queued',
      subjectId: mail.userId,
      data: { template: mail.template, to: mail.userId },
    },
    options: { change: job, onlyIfChanged: true },
  };
}

/**
 * Queues one mail inside the caller's transaction (issue 16): it exists only if that commits,
 * and a mail is queued at most once per `key`. Sending happens in the job runner, never in the
 * request. One statement, the job with its event. True when newly queued.
 */
export async function queueMail(
  tx: Db,
  mail: MailJobPayload,
  key: string,
  meta: EventMeta,
): Promise<boolean> {
  const { actor, event, options } = mailWrite(mail, key, meta);
  return recordEvent(tx, actor, event, meta, options);
}
