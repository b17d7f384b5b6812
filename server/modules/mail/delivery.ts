import { eq, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../../http/ids';
import { parseItemId } from '../items/index';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Clock } from '../../context';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import type { MailLocale } from '../../../common/rules/locales';
import { formatMoney } from '../../../common/rules/money';
import { consumeInTransaction, recordEvent, systemMeta } from '../../events/record';
import type { JobRunner } from '../../jobs/runner';
import { noticeWrites } from './notices';
import { MAIL_JOB, MAIL_MAX_ATTEMPTS, type MailJobPayload } from './queue';
import { noticeOptOuts } from './tables';
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
}

/** Where each token link lands in the web app. */
const TOKEN_PAGE: Partial<Record<MailTemplate, string>> = {
  'verify-email': '/verify-email',
  'change-email': '/verify-email',
  'reset-password': '/reset-password',
};

/**
 * Renders and sends one queued mail (issue 16). The recipient's address, language and notice
 * switches are read now, so a mail switched off before it went out is not sent. Throwing makes
 * the runner retry with backoff; after the last try the failure is recorded for admins.
 */
export async function deliverMail(
  deps: MailDeliveryDeps,
  payload: MailJobPayload,
  jobKey: string,
): Promise<void> {
  if (!isMailTemplate(payload.template))
    throw new Error(`unknown mail template ${payload.template}`);
  const notice = isNoticeTemplate(payload.template) ? payload.template : null;
  const kind = notice ? NOTICE_KIND_OF[notice] : undefined;
  // The recipient, their switch for this notice and what the notice names, in one statement.
  // The subqueries take ids as values: drizzle writes a one-table select's columns bare.
  const [user] = await deps.db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      locale: users.locale,
      status: users.status,
      optedOut: kind
        ? sql<boolean>`exists (select 1 from ${noticeOptOuts}
            where ${noticeOptOuts.userId} = ${payload.userId} and ${noticeOptOuts.kind} = ${kind})`
        : sql<boolean>`false`,
      named: namedInSql(payload.params ?? {}),
    })
    .from(users)
    .where(eq(users.id, payload.userId))
    .limit(1);
  if (!user || user.status === 'deleted' || user.optedOut) return;

  const base = deps.publicUrl;
  const details = noticeDetails(user.locale, payload.params ?? {}, user.named);
  const path = payload.path ?? details.path;
  const page = TOKEN_PAGE[payload.template];
  const actionUrl =
    payload.tokenId && page
      ? `${base}${page}?token=${encodeURIComponent(linkToken(deps.key, payload.tokenId))}`
      : path
        ? `${base}${path}`
        : undefined;
  const unsubscribe = kind ? unsubscribeToken(deps.key, user.id, kind) : null;
  const rendered = renderMail({
    template: payload.template,
    locale: user.locale,
    params: {
      username: user.username,
      email: payload.to ?? user.email,
      resetLink: `${base}/forgot-password`,
      messagesLink: `${base}/messages`,
      ...payload.params,
      ...details.params,
    },
    actionUrl,
    ...(unsubscribe && kind
      ? { unsubscribeUrl: `${base}/unsubscribe?token=${encodeURIComponent(unsubscribe)}`, kind }
      : {}),
  });
  const headers: Record<string, string> = unsubscribe
    ? {
        // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` to this URL.
        'List-Unsubscribe': `<${base}/api/v1/mail/unsubscribe?token=${encodeURIComponent(unsubscribe)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : {};
  await deps.mailer.send({
    ...rendered,
    to: payload.to ?? user.email,
    headers,
    template: payload.template,
    key: jobKey,
  });
}

/** The item and creator a notice's params name, as read with its recipient. */
interface Named {
  itemTitle: string | null;
  creator: { username: string; displayName: string | null } | null;
}

/** The item's title and the creator's names a notice's params point at, as one column. */
function namedInSql(params: Record<string, string>): SQL<Named> {
  const itemId = params.itemId ? parseItemId(params.itemId) : null;
  const itemTitle =
    itemId !== null ? sql`(select title from items where id = ${itemId})` : sql`null`;
  const creator =
    params.creatorId && isUuid(params.creatorId)
      ? sql`(select json_build_object('username', username, 'displayName', display_name)
          from users where id = ${params.creatorId})`
      : sql`null`;
  return sql<Named>`json_build_object('itemTitle', ${itemTitle}, 'creator', ${creator})`;
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
  }
  if (params.itemId) out.item = named.itemTitle ?? '';
  if (params.creatorId) {
    const { creator } = named;
    out.creator = creator?.displayName ?? creator?.username ?? '';
    if (creator) path = `/creator/${encodeURIComponent(creator.username)}`;
  }
  return { params: out, path };
}

/** Registers the mail job with the runner; a mail given up on is recorded as `mail.failed`. */
export function defineMailJob(jobs: JobRunner, deps: MailDeliveryDeps): void {
  consumeInTransaction('mail-notices', { writesFor: noticeWrites });
  jobs.define(
    MAIL_JOB,
    (payload, job) => deliverMail(deps, payload as unknown as MailJobPayload, job.idempotencyKey),
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
