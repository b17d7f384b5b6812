import { sql } from 'drizzle-orm';
import type { Actor } from '../../../common/rules/permissions';
import type { NewsletterOutbox } from '../../../common/schemas/newsletter';
import { authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { auditEvents, items, users } from '../../db/schema/index';
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
 * newsletters (an item's new-post mails, a creator's update) that had recipients, newest first,
 * with how many are still queued, how many the mail server took and how many recipients
 * clicked a link. The title is the item's or the update's subject, the creator their username.
 *
 * It starts from the fan-outs' `newsletter.fanned_out` audit rows (one per fan-out, along the
 * action index, newest first; a fan-out with no recipient or a retried one that added none is
 * passed over) and counts each one's rows through the sends' (source, recipient) index, so
 * the page never reads the whole sends table.
 */
export async function listNewsletters(
  db: Db,
  actor: Actor | null,
  limit: number,
): Promise<NewsletterOutbox> {
  authorize(actor, 'admin.outbox.read');
  const result = await db.execute(sql`
    with latest as (
      select a.subject as source, a.created_at as queued_at, a.data->>'creatorId' as creator_id
      from ${auditEvents} a
      where a.action = 'newsletter.fanned_out'
        and coalesce((a.data->>'instant')::int, 0) + coalesce((a.data->>'weekly')::int, 0) > 0
      order by a.created_at desc, a.id desc
      limit ${limit}
    )
    select l.source, l.queued_at, c.queued, c.sent, c.clicked,
      case when l.source like 'item:%' then substring(l.source from 6) end as item_id,
      coalesce(i.title, cu.subject) as title, u.username as creator
    from latest l
    cross join lateral (
      select (count(*) filter (where s.sent_at is null))::int as queued,
        count(s.sent_at)::int as sent,
        count(s.clicked_at)::int as clicked
      from ${newsletterSends} s where s.source = l.source
    ) c
    left join ${items} i
      on l.source like 'item:%' and i.id::text = substring(l.source from 6)
    left join ${creatorUpdates} cu
      on l.source like 'update:%' and cu.id::text = substring(l.source from 8)
    left join ${users} u on u.id::text = l.creator_id
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
