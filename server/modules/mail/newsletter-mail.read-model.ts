import { sql } from 'drizzle-orm';
import type { NameParts } from '../../../common/rules/display-name';
import type { Tier } from '../../../common/rules/tiers';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { items, users } from '../../db/schema/index';
import {
  creatorUpdates,
  newsletterPreferences,
  newsletterSends,
  type NewsletterAccess,
} from './tables';

/*
 * What a batch of new-post mails names (issue 42), read when they are sent, in one statement:
 * per send row its item (title, cover, price, tier) or update, its creator, whether it went out
 * already, and whether its recipient switched that creator's mails off since it was queued.
 */

export interface NewsletterSendContext {
  id: number;
  recipientId: string;
  access: NewsletterAccess;
  /** The mail server took a mail with it already (a retried or taken-back job): not sent again. */
  sent: boolean;
  switchedOff: boolean;
  creator: NameParts;
  item: {
    id: number;
    title: string;
    imagePreviewKey: string | null;
    priceCents: number;
    currency: string;
    tierRequired: Tier;
    /** Still on sale and not hidden: an item taken down since is not mailed about. */
    listed: boolean;
  } | null;
  update: { subject: string; text: string } | null;
}

export async function newsletterContexts(
  db: Db,
  sendIds: readonly number[],
): Promise<Map<number, NewsletterSendContext>> {
  if (sendIds.length === 0) return new Map();
  const ids = `{${sendIds.map((id) => String(Math.trunc(id))).join(',')}}`;
  const result = await db.execute(sql`
    select s.id, s.recipient_id as "recipientId", s.access, s.sent_at is not null as sent,
      exists (select 1 from ${newsletterPreferences} p where p.user_id = s.recipient_id
        and p.creator_id = s.creator_id and p.new_items = 'off') as "switchedOff",
      json_build_object('username', c.username, 'displayName', c.display_name,
        'givenName', c.given_name, 'familyName', c.family_name) as creator,
      case when i.id is null then null else json_build_object('id', i.id, 'title', i.title,
        'imagePreviewKey', i.image_preview_key, 'priceCents', i.price_cents,
        'currency', i.currency, 'tierRequired', i.tier_required,
        'listed', i.status = 'available' and not i.hidden) end as item,
      case when u.id is null then null
        else json_build_object('subject', u.subject, 'text', u.text) end as update
    from ${newsletterSends} s
    join ${users} c on c.id = s.creator_id
    left join ${items} i on i.id = s.item_id
    left join ${creatorUpdates} u on s.source = 'update:' || u.id::text
    where s.id = any(${ids}::bigint[])`);
  return new Map(
    rowsOf<NewsletterSendContext>(result).map((row) => [
      Number(row.id),
      { ...row, id: Number(row.id) },
    ]),
  );
}
