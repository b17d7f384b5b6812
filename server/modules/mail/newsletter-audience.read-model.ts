import { sql, type SQL } from 'drizzle-orm';
import type { NameParts } from '../../../common/rules/display-name';
import { tierRank, type Tier } from '../../../common/rules/tiers';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { entitlements, follows, items, jobs, users } from '../../db/schema/index';
import { enqueueJobsFromSql } from '../../jobs/runner';
import { MAIL_JOB, MAIL_MAX_ATTEMPTS } from './queue';
import { newsletterPreferences, newsletterSends } from './tables';

/*
 * Who gets a new-post mail (issue 42), decided and queued in one statement: the creator's
 * followers and members (active accounts, not the creator), each with their choice for that
 * creator or the default (members `instant`, followers `weekly`). Every recipient gets one
 * `newsletter_sends` row, unique per (source, recipient); the `instant` ones get their mail job
 * in the same statement, spread over time at `perSecond` mails a second after the newsletter
 * mails already waiting, so a fan-out never floods the mail server. Run again (a retried job,
 * a second instance) it inserts nothing: no row, no mail.
 */

export interface FanOut {
  /** `item:<id>` or `update:<uuid>`. */
  source: string;
  creatorId: string;
  now: Date;
  perSecond: number;
  /** The item mailed about; null for a creator's update (members only, always at once). */
  item: { id: number; priceCents: number; tierRequired: Tier } | null;
  updateId?: string;
}

export interface FanOutCounts {
  instant: number;
  weekly: number;
}

/** The newsletter mails' job keys: their prefix is how the pace finds the ones still waiting. */
export const NEWSLETTER_KEY_PREFIX = 'mail:newsletter';

/** A membership's tier as a number (`null`: not a member), as `tierRank` orders them. */
const tierRankSql = (column: SQL) =>
  sql`case ${column} when 'HyprSoul' then ${tierRank('HyprSoul')} when 'Hypr' then ${tierRank('Hypr')} else 0 end`;

/**
 * When the next newsletter mail may go: after the last one waiting (the pace is shared by every
 * fan-out of the cluster), or now.
 */
export const paceStartSql = (now: Date): SQL =>
  sql`greatest(${now.toISOString()}::timestamptz, coalesce((select max(${jobs.runAt})
      + interval '1 second' from ${jobs} where ${jobs.kind} = ${MAIL_JOB}
      and ${jobs.status} = 'queued' and ${jobs.idempotencyKey} like ${`${NEWSLETTER_KEY_PREFIX}%`}),
    ${now.toISOString()}::timestamptz))`;

/** The `n`th mail's time at `perSecond` a second from `start`. */
export const pacedAtSql = (start: SQL, n: SQL, perSecond: number): SQL =>
  sql`${start} + floor(${n}::float8 / ${perSecond}::float8) * interval '1 second'`;

export async function fanOutNewsletter(db: Db, f: FanOut): Promise<FanOutCounts> {
  const now = f.now.toISOString();
  const isUpdate = f.item === null;
  const required = f.item ? tierRank(f.item.tierRequired) : 0;
  const openToAll = f.item ? f.item.priceCents === 0 && f.item.tierRequired === 'Aura' : true;
  const itemId = f.item ? f.item.id : null;
  const mailPayload = isUpdate
    ? sql`jsonb_build_object('template', 'creator-update', 'userId', s.recipient_id,
        'params', jsonb_build_object('creatorId', ${f.creatorId}::text,
          'updateId', ${f.updateId ?? ''}::text, 'sendId', s.id::text))`
    : sql`jsonb_build_object('template', 'new-item', 'userId', s.recipient_id,
        'path', ${`/product/${itemId}`}::text,
        'params', jsonb_build_object('itemId', ${String(itemId)}::text,
          'creatorId', ${f.creatorId}::text, 'sendId', s.id::text))`;
  const start = paceStartSql(f.now);
  const queue = enqueueJobsFromSql(
    MAIL_JOB,
    sql`select ${mailPayload} as payload,
        ${`${NEWSLETTER_KEY_PREFIX}:${f.source}:`} || s.recipient_id::text as key,
        ${pacedAtSql(start, sql`s.n`, f.perSecond)} as run_at
      from (select sends.*, row_number() over (order by sends.id) - 1 as n
        from sends where sends.via = 'instant') s`,
    { at: f.now, maxAttempts: MAIL_MAX_ATTEMPTS },
  );
  const result = await db.execute(sql`
    with audience as (
      select ${follows.followerId} as user_id from ${follows}
        where ${follows.creatorId} = ${f.creatorId} and not ${isUpdate}::boolean
      union
      select ${entitlements.userId} from ${entitlements}
        where ${entitlements.creatorId} = ${f.creatorId} and ${entitlements.tier} is not null
          and ${entitlements.periodEnd} > ${now}::timestamptz
    ),
    people as (
      select a.user_id,
        (select max(${tierRankSql(sql`${entitlements.tier}`)}) from ${entitlements}
          where ${entitlements.userId} = a.user_id and ${entitlements.creatorId} = ${f.creatorId}
            and ${entitlements.tier} is not null
            and ${entitlements.periodEnd} > ${now}::timestamptz) as tier_rank,
        p.new_items as choice
      from audience a
      join ${users} u on u.id = a.user_id and u.status = 'active'
      left join ${newsletterPreferences} p
        on p.user_id = a.user_id and p.creator_id = ${f.creatorId}
      where a.user_id <> ${f.creatorId}
    ),
    chosen as (
      select user_id, tier_rank,
        case when choice = 'off' then 'off'
          when ${isUpdate}::boolean then 'instant'
          else coalesce(choice, case when tier_rank is not null then 'instant' else 'weekly' end)
        end as via
      from people
    ),
    sends as (
      insert into ${newsletterSends}
        (source, item_id, creator_id, recipient_id, via, access, queued_at)
      select ${f.source}, ${itemId}::bigint, ${f.creatorId}, user_id, via,
        case when ${openToAll}::boolean then 'open'
          when ${required}::int > 0 and coalesce(tier_rank, 0) >= ${required}::int then 'member'
          else 'locked' end,
        ${now}::timestamptz
      from chosen where via <> 'off'
      order by user_id
      on conflict (source, recipient_id) do nothing
      returning id, recipient_id, via
    ),
    queued as (${queue})
    select (select count(*) from sends where via = 'instant')::int as instant,
      (select count(*) from sends where via = 'weekly')::int as weekly,
      (select count(*) from queued)::int as queued`);
  const [row] = rowsOf<{ instant: number; weekly: number }>(result);
  return { instant: Number(row?.instant ?? 0), weekly: Number(row?.weekly ?? 0) };
}

/** What the fan-out of a published item needs of it; null when it is not on sale any more. */
export async function publishedItem(
  db: Db,
  itemId: number,
): Promise<{ id: number; creatorId: string; priceCents: number; tierRequired: Tier } | null> {
  const [row] = await db
    .select({
      id: items.id,
      creatorId: items.creatorId,
      priceCents: items.priceCents,
      tierRequired: items.tierRequired,
    })
    .from(items)
    .where(sql`${items.id} = ${itemId} and ${items.status} = 'available' and not ${items.hidden}`);
  return row ?? null;
}

/** A creator a person hears from, and why. */
export interface CreatorRelation {
  creatorId: string;
  username: string;
  name: NameParts;
  relation: 'member' | 'follower';
}

/**
 * The creators a person follows or is a member of now (their new-post mail choices are about
 * these), or, with `only`, just those of the given ids: one statement.
 */
export async function creatorsOf(
  db: Db,
  userId: string,
  now: Date,
  only?: readonly string[],
): Promise<CreatorRelation[]> {
  const ids = only ? `{${only.join(',')}}` : null;
  const result = await db.execute(sql`
    select c.id as "creatorId", c.username,
      json_build_object('username', c.username, 'displayName', c.display_name,
        'givenName', c.given_name, 'familyName', c.family_name) as name,
      case when exists (select 1 from ${entitlements} e where e.user_id = ${userId}
          and e.creator_id = c.id and e.tier is not null
          and e.period_end > ${now.toISOString()}::timestamptz)
        then 'member' else 'follower' end as relation
    from ${users} c
    where c.id <> ${userId}
      and (${ids}::uuid[] is null or c.id = any(${ids}::uuid[]))
      and (exists (select 1 from ${follows} f where f.follower_id = ${userId} and f.creator_id = c.id)
        or exists (select 1 from ${entitlements} e where e.user_id = ${userId}
          and e.creator_id = c.id and e.tier is not null
          and e.period_end > ${now.toISOString()}::timestamptz))
    order by c.username`);
  return rowsOf<CreatorRelation>(result);
}

/** How many members a creator's update goes to now: active members who did not switch it off. */
export async function memberRecipients(db: Db, creatorId: string, now: Date): Promise<number> {
  const result = await db.execute(sql`
    select count(distinct e.user_id)::int as n from ${entitlements} e
    join ${users} u on u.id = e.user_id and u.status = 'active'
    where e.creator_id = ${creatorId} and e.tier is not null
      and e.period_end > ${now.toISOString()}::timestamptz and e.user_id <> ${creatorId}
      and not exists (select 1 from ${newsletterPreferences} p where p.user_id = e.user_id
        and p.creator_id = ${creatorId} and p.new_items = 'off')`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** An item's owner, whatever its state (its mail counts are its owner's to see). */
export async function itemOwner(
  db: Db,
  itemId: number,
): Promise<{ id: number; creatorId: string } | null> {
  const [row] = await db
    .select({ id: items.id, creatorId: items.creatorId })
    .from(items)
    .where(sql`${items.id} = ${itemId}`);
  return row ?? null;
}
