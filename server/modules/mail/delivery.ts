import { displayNameOf, type NameParts } from '../../../common/rules/display-name';
import type { MailMessage, Mailer } from '../../adapters/mail/mailer';
import type { Clock } from '../../context';
import type { Database } from '../../db/client';
import type { MailLocale } from '../../../common/rules/locales';
import { formatMoney } from '../../../common/rules/money';
import { consumeInTransaction, recordEvent, systemMeta } from '../../events/record';
import type { JobRunner } from '../../jobs/runner';
import { giftMailsOf, type GiftMail } from '../billing/index';
import { isDeliverableEmail } from '../users/index';
import { isUuid } from '../../http/ids';
import { composeNewsletterMail, markSent, sendIdsOf } from './newsletter-compose';
import { newsletterContexts, type NewsletterSendContext } from './newsletter-mail.read-model';
import { isNewsletterTemplate } from './newsletter-templates';
import { noticeWrites } from './notices';
import { recipientsOf, type Recipient } from './recipients.read-model';
import { MAIL_JOB, MAIL_MAX_ATTEMPTS, type MailJobPayload } from './queue';
import { sendFailure, type MailLog } from './send-failures';
import {
  isMailTemplate,
  isNoticeTemplate,
  NOTICE_KIND_OF,
  renderMail,
  type MailTemplate,
} from './templates';
import { linkToken, unsubscribeToken } from './tokens';

export interface MailDeliveryDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** The `mail-links` key: link tokens and unsubscribe signatures. */
  key: Buffer;
  publicUrl: string;
  /** Where failed tries are logged (the app's logger). */
  log?: MailLog;
  /** MAIL_UNSUBSCRIBE_MAILTO, offered in new-post mails' List-Unsubscribe beside the https URL. */
  unsubscribeMailto?: string;
}

/** Where each token link lands in the web app. */
const TOKEN_PAGE: Partial<Record<MailTemplate, string>> = {
  'verify-email': '/verify-email',
  'change-email': '/verify-email',
  'reset-password': '/reset-password',
  // Sign-up through the invitation: the token goes with the new account (issue 42).
  'member-invite': '/register',
  'member-invite-comp': '/register',
};
/** Where a confirmation mail's "this was not me" link lands. */
const NOT_ME_PAGE = '/not-me';

export interface QueuedMail {
  payload: MailJobPayload;
  key: string;
  /** Its job, for the log line of a failed try. */
  job?: { id: number; attempts: number; maxAttempts: number };
}

/**
 * Renders and sends a batch of queued mails (issue 16). The recipients' addresses, languages
 * and notice switches are read now, so a mail switched off before it went out is not sent. The
 * batch is read in one statement and, with the outbox, stored in one more (issue 17: a sale's
 * two mails cost two statements each before). Per mail, in order: null when it was sent or is
 * not to be sent, or the error that makes the runner retry it with backoff; after the last try
 * the failure is recorded for admins.
 */
export async function deliverMails(
  deps: MailDeliveryDeps,
  batch: readonly QueuedMail[],
): Promise<unknown[]> {
  const errors: unknown[] = batch.map(({ payload }) =>
    isMailTemplate(payload.template) && isUuid(payload.userId)
      ? null
      : new Error(`unknown mail template ${payload.template} or recipient ${payload.userId}`),
  );
  const readable = batch.filter((_, i) => errors[i] === null);
  const recipients = await recipientsOf(deps.db, readable);
  const newsletters = await newsletterContexts(
    deps.db,
    readable.flatMap(({ payload }) =>
      isNewsletterTemplate(payload.template) ? sendIdsOf(payload) : [],
    ),
  );
  const gifts = await giftMailsOf(
    deps.db,
    readable.flatMap(({ payload }) => (payload.params?.giftId ? [payload.params.giftId] : [])),
  );
  const messages: { at: number; message: MailMessage }[] = [];
  readable.forEach((mail, i) => {
    const at = batch.indexOf(mail);
    // A mail that cannot be rendered fails alone; its batch still goes out.
    try {
      const message = composeMail(deps, giftMail(mail, gifts), recipients[i] ?? null, newsletters);
      if (message) messages.push({ at, message });
    } catch (error) {
      errors[at] = error ?? new Error('mail could not be rendered');
    }
  });
  // A new-post mail the mail server took counts as sent for its item (issue 42), and is not
  // sent again by a retry of its job.
  const newsletterIdsOf = (at: number) => {
    const { payload } = batch[at]!;
    return isNewsletterTemplate(payload.template) ? sendIdsOf(payload) : [];
  };
  const sent = await sendAll(
    deps.mailer,
    messages.map((m) => m.message),
    // One at a time (SMTP), each is marked as soon as the server took it: an instance that dies
    // mid-batch leaves its jobs to another one (their lease ends), which skips the ones marked.
    // The mail is out either way: a failed mark is logged, not retried as a send.
    (i) =>
      markSent(deps.db, newsletterIdsOf(messages[i]!.at), deps.clock.now()).catch((err: unknown) =>
        deps.log?.warn(
          { error: err instanceof Error ? err.message : String(err) },
          'new-post mail sent but not marked sent',
        ),
      ),
  );
  messages.forEach(({ at }, i) => (errors[at] = sent[i] ?? null));
  // In one write (the outbox): marked together.
  if (deps.mailer.sendMany) {
    await markSent(
      deps.db,
      messages.flatMap(({ at }) => (errors[at] === null ? newsletterIdsOf(at) : [])),
      deps.clock.now(),
    );
  }
  const secretsOf = new Map(messages.map(({ at, message }) => [at, message.secrets]));
  // Each failed try is logged with the mail server's error (issue 19: a mail server down for ten
  // minutes left no trace but a pending count), and kept for the admin outbox.
  return errors.map((err, at) => {
    if (err === null) return null;
    const failure = sendFailure(err, secretsOf.get(at) ?? []);
    const { payload, job } = batch[at]!;
    deps.log?.warn(
      {
        template: String(payload.template),
        ...(job ? { jobId: job.id, attempt: job.attempts, maxAttempts: job.maxAttempts } : {}),
        ...failure,
      },
      `mail not sent: ${failure.error}`,
    );
    return new Error(failure.error);
  });
}

/**
 * Sends the messages, in one write where the transport can; per message, null or its error.
 * One at a time, `taken(i)` runs after the server took message `i`, before the next is sent.
 */
async function sendAll(
  mailer: Mailer,
  messages: MailMessage[],
  taken: (i: number) => Promise<void>,
): Promise<unknown[]> {
  if (messages.length === 0) return [];
  if (mailer.sendMany) return mailer.sendMany(messages);
  const errors: unknown[] = [];
  for (const [i, message] of messages.entries()) {
    const error = await mailer.send(message).then(
      () => null,
      (err: unknown) => err ?? 'failed',
    );
    if (error === null) await taken(i);
    errors.push(error);
  }
  return errors;
}

/**
 * A gift's mails (issue 43) as read now: the recipient's mail goes to the gift's address, in the
 * giver's language, with the redeem link (its code a secret, like a token's), the item's or the
 * membership's template; not at all once the gift was refunded or redeemed. The giver's receipt
 * names the recipient. Any other mail is as queued.
 */
function giftMail(mail: QueuedMail, gifts: Map<string, GiftMail>): QueuedMail | null {
  const giftId = mail.payload.params?.giftId;
  if (!giftId) return mail;
  const gift = gifts.get(giftId);
  if (!gift) return null;
  const params = { ...mail.payload.params };
  if (mail.payload.template === 'gift-receipt') {
    return {
      ...mail,
      payload: { ...mail.payload, params: { ...params, recipient: gift.recipientEmail } },
    };
  }
  if (gift.isSpent) return null;
  return {
    ...mail,
    payload: {
      ...mail.payload,
      template: gift.tier !== null ? 'gift-membership' : 'gift-item',
      to: gift.recipientEmail,
      path: `/gifts/${gift.code}`,
      params: {
        ...params,
        giftCode: gift.code,
        // The greeting names the address: the recipient may have no account.
        username: gift.recipientEmail,
        giver: gift.giverName,
        note: gift.message ?? '',
        tier: gift.tier ?? '',
        months: String(gift.months ?? ''),
      },
    },
  };
}

/** One queued mail rendered for its recipient as read now; null when it is not to be sent. */
function composeMail(
  deps: MailDeliveryDeps,
  mail: QueuedMail | null,
  user: Recipient | null,
  newsletters: Map<number, NewsletterSendContext>,
): MailMessage | null {
  if (!mail) return null;
  const { payload, key } = mail;
  if (!user || user.status === 'deleted' || user.optedOut) return null;
  const to = payload.to ?? user.email;
  // A taken-back address left a stand-in that no mail can reach.
  if (!isDeliverableEmail(to)) return null;
  if (isNewsletterTemplate(payload.template)) {
    if (user.status !== 'active') return null;
    const message = composeNewsletterMail(deps, payload.template, payload, key, user, newsletters);
    return message ? { ...message, to } : null;
  }
  const notice = isNoticeTemplate(payload.template) ? payload.template : null;
  const kind = notice ? NOTICE_KIND_OF[notice] : undefined;
  const base = deps.publicUrl;
  const details = noticeDetails(user.locale, payload.params ?? {}, user.named);
  const path = payload.path ?? details.path;
  const page = TOKEN_PAGE[payload.template];
  // Each token acts for the recipient: named as a secret, so only they can read it (issue 19).
  const secrets: string[] = [];
  const secret = (token: string) => {
    secrets.push(token);
    return encodeURIComponent(token);
  };
  // A gift's code (issue 43) redeems it: its link is as secret as a token's.
  if (payload.params?.giftCode) secrets.push(payload.params.giftCode);
  const actionUrl =
    payload.tokenId && page
      ? `${base}${page}?token=${secret(linkToken(deps.key, payload.tokenId))}`
      : path
        ? `${base}${path}`
        : undefined;
  const notMeUrl = payload.notMeTokenId
    ? `${base}${NOT_ME_PAGE}?token=${secret(linkToken(deps.key, payload.notMeTokenId))}`
    : undefined;
  const unsubscribe = kind ? secret(unsubscribeToken(deps.key, user.id, kind)) : null;
  const rendered = renderMail({
    template: payload.template,
    locale: user.locale,
    params: {
      username: user.username,
      email: to,
      resetLink: `${base}/forgot-password`,
      messagesLink: `${base}/messages`,
      ...payload.params,
      ...details.params,
    },
    actionUrl,
    notMeUrl,
    ...(unsubscribe && kind
      ? { unsubscribeUrl: `${base}/unsubscribe?token=${unsubscribe}`, kind }
      : {}),
  });
  const headers: Record<string, string> = unsubscribe
    ? {
        // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` to this URL.
        'List-Unsubscribe': `<${base}/api/v1/mail/unsubscribe?token=${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : {};
  return {
    ...rendered,
    to,
    headers,
    template: payload.template,
    key,
    secrets,
    causedByRequest: payload.byRequest === true,
  };
}

/** The item and creator a notice's params name, as read with its recipient. */
export interface Named {
  itemTitle: string | null;
  creator: NameParts | null;
}

/**
 * What a notice names, read when it is sent: the amount in the reader's own format, the item's
 * title, the creator's name (and their page as the link when the notice has no other).
 */
function noticeDetails(
  locale: MailLocale,
  params: Record<string, string>,
  named: Named,
): { params: Record<string, string>; path?: string } {
  const out: Record<string, string> = {};
  let path: string | undefined;
  if (params.amountCents && params.currency) {
    out.amount = formatMoney(Number(params.amountCents), params.currency, locale);
    if (params.discountCents) {
      out.discount = formatMoney(Number(params.discountCents), params.currency, locale);
    }
  }
  if (params.priceCents && params.currency) {
    out.price = formatMoney(Number(params.priceCents), params.currency, locale);
  }
  if (params.trialEndsAt) {
    out.trialEnd = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(params.trialEndsAt),
    );
  }
  // A membership's price names its period (issue 43): the template words "$50.00/year".
  if (params.interval === 'month' || params.interval === 'year') out.interval = params.interval;
  if (params.itemId) out.item = named.itemTitle ?? '';
  if (params.creatorId) {
    const { creator } = named;
    out.creator = creator ? displayNameOf(creator) : '';
    if (creator) path = `/creator/${encodeURIComponent(creator.username)}`;
  }
  return { params: out, path };
}

/** Registers the mail job with the runner; a mail given up on is recorded as `mail.failed`. */
export function defineMailJob(jobs: JobRunner, deps: MailDeliveryDeps): void {
  consumeInTransaction('mail-notices', { writesFor: noticeWrites });
  jobs.defineBatch(
    MAIL_JOB,
    (batch) =>
      deliverMails(
        deps,
        batch.map((job) => ({
          payload: job.payload as unknown as MailJobPayload,
          key: job.idempotencyKey,
          job,
        })),
      ),
    {
      maxAttempts: MAIL_MAX_ATTEMPTS,
      async onGiveUp(job) {
        const payload = job.payload as unknown as MailJobPayload;
        await deps.db.transaction((tx) =>
          recordEvent(
            tx,
            null,
            {
              type: 'mail.failed',
              subjectId: String(job.id),
              data: { template: String(payload.template), attempts: job.attempts },
            },
            systemMeta(deps.clock.now()),
          ),
        );
      },
    },
  );
}
