import { sql } from 'drizzle-orm';
import type { MailLocale } from '../../../common/rules/locales';
import type { Database } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema/index';
import { isUuid } from '../../http/ids';
import { parseItemId } from '../items/index';
import type { Named, QueuedMail } from './delivery';
import { noticeOptOuts } from './tables';
import { isNoticeTemplate, NOTICE_KIND_OF } from './templates';

/*
 * Read model of a mail batch's recipients: each account (users) with its notice switch and the
 * item and creator the mail names, in one statement.
 */

/** A mail job's recipient as read when it is sent, with what the mail needs to know of them. */
export interface Recipient {
  id: string;
  username: string;
  email: string;
  locale: MailLocale;
  status: 'active' | 'suspended' | 'deleted';
  /** They switched this notice off. */
  optedOut: boolean;
  named: Named;
}

/** One queued mail of a batch: its payload and its job's idempotency key. */
/**
 * The recipients of a batch of mails, in its order (null: no such account), each with their
 * switch for the mail's notice and what it names, in one statement. Its values travel as five
 * arrays, so the text is the same for every batch and stays prepared.
 */
export async function recipientsOf(
  db: Database,
  batch: readonly QueuedMail[],
): Promise<(Recipient | null)[]> {
  if (batch.length === 0) return [];
  const wanted = batch.map(({ payload }) => {
    const params = payload.params ?? {};
    const notice = isNoticeTemplate(payload.template) ? payload.template : null;
    return {
      userId: payload.userId,
      kind: notice ? NOTICE_KIND_OF[notice] : null,
      itemId: params.itemId ? parseItemId(params.itemId) : null,
      creatorId: params.creatorId && isUuid(params.creatorId) ? params.creatorId : null,
    };
  });
  // Each value is a uuid, a number or a notice kind: none needs quoting in an array literal.
  const array = (values: (string | number | null)[]) =>
    `{${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
  const result = await executePrepared(
    db,
    sql`select j.n, u.id, u.username, u.email, u.locale, u.status,
        (j.kind is not null and exists (select 1 from ${noticeOptOuts} o
          where o.user_id = u.id and o.kind = j.kind)) as "optedOut",
        json_build_object(
          'itemTitle', (select i.title from items i where i.id = j.item_id),
          'creator', (select json_build_object('username', c.username,
              'displayName', c.display_name, 'givenName', c.given_name,
              'familyName', c.family_name)
            from users c where c.id = j.creator_id)) as named
      from unnest(${array(wanted.map((_, n) => n))}::int[],
          ${array(wanted.map((w) => w.userId))}::uuid[],
          ${array(wanted.map((w) => w.kind))}::text[],
          ${array(wanted.map((w) => w.itemId))}::bigint[],
          ${array(wanted.map((w) => w.creatorId))}::uuid[])
        as j(n, user_id, kind, item_id, creator_id)
      join ${users} u on u.id = j.user_id`,
  );
  const byPlace = new Map(
    rowsOf<Recipient & { n: number | string }>(result).map(({ n, ...r }) => [Number(n), r]),
  );
  return batch.map((_, n) => byPlace.get(n) ?? null);
}
