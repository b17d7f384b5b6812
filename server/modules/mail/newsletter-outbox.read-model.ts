import { sql } from 'drizzle-orm';
import type { Actor } from '../../../common/rules/permissions';
import type { NewsletterOutbox } from '../../../common/schemas/newsletter';
import { authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { items, users } from '../../db/schema/index';
import { creatorUpdates, newsletterSends } from './tables';

interface Row {
  source: string;
  item_id: number | string | null;
  title: string | null;
  creator: string | null;
  queued_at: Date | string;
  queued: number;
  sent: number;
  clicked: number;
}

/**
 * GET /api/v1/admin/outbox/newsletters (issue 42, those who read the outbox): the latest
 * newsletters (an item's new-post mails, a creator's update), newest first, with how many are
 * still queued, how many the mail server took and how many recipients clicked a link. The title
 * is the item's or the update's subject, the creator their username.
 */
export async function listNewsletters(
  db: Db,
  actor: Actor | null,
  limit: number,
): Promise<NewsletterOutbox> {
  authorize(actor, 'admin.outbox.read');
  const result = await db.execute(sql`
    with latest as (
      select s.source, s.creator_id, max(s.item_id) as item_id, min(s.queued_at) as queued_at,
        (count(*) filter (where s.sent_at is null))::int as queued,
        count(s.sent_at)::int as sent,
        count(s.clicked_at)::int as clicked
      from ${newsletterSends} s
      group by s.source, s.creator_id
      order by min(s.queued_at) desc, s.source desc
      limit ${limit}
    )
    select l.source, l.item_id, l.queued_at, l.queued, l.sent, l.clicked,
      coalesce(i.title, cu.subject) as title, u.username as creator
    from latest l
    left join ${items} i on i.id = l.item_id
    left join ${creatorUpdates} cu
      on l.source like 'update:%' and cu.id::text = substring(l.source from 8)
    left join ${users} u on u.id = l.creator_id
    order by l.queued_at desc, l.source desc`);
  return {
    newsletters: rowsOf<Row>(result).map((r) => ({
      source: r.source,
      itemId: r.item_id === null ? null : Number(r.item_id),
      title: r.title ?? '',
      creator: r.creator ?? '',
      queuedAt: new Date(r.queued_at).toISOString(),
      queued: Number(r.queued),
      sent: Number(r.sent),
      clicked: Number(r.clicked),
    })),
  };
}
