import { and, eq, sql } from 'drizzle-orm';
import type { DomainEvent } from '../../../common/events';
import type { Database, Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  consumeInTransaction,
  recordEvent,
  systemMeta,
  type EventMeta,
  type EventWrite,
} from '../../events/record';
import { enqueueJobSql, enqueueJobsFromSql, type JobRunner } from '../../jobs/runner';
import {
  fanOutNewsletter,
  NEWSLETTER_KEY_PREFIX,
  pacedAtSql,
  paceStartSql,
  publishedItem,
} from './newsletter-audience.read-model';
import { MAIL_JOB, MAIL_MAX_ATTEMPTS } from './queue';
import { creatorUpdates, newsletterSends } from './tables';

/*
 * New-post e-mails (issue 42). `item.published` queues one fan-out job per item, in the
 * statement that records the event (scheduled or immediate, the same event); the job decides
 * the recipients and queues their mails (newsletter-audience.read-model.ts). A job retried after
 * a crash, or run by two instances, queues nothing twice: the jobs table takes one fan-out per
 * key, and each recipient one row per item. People who chose the weekly mail get one mail per
 * creator each Monday with the creator's items of the week before.
 */

export const NEWSLETTER_JOB = 'newsletter-fanout';
export const WEEKLY_JOB = 'newsletter-weekly';
const WEEKLY_CHECK_MS = 3600_000;

export interface NewsletterDeps {
  db: Database;
  /** Newsletter mails handed to the mail server per second, at most (NEWSLETTER_MAILS_PER_SECOND). */
  perSecond: number;
}

interface FanOutPayload {
  source: string;
  itemId?: number;
  updateId?: string;
}

/** The fan-out job of a source and its `newsletter.queued` event, at most once per source. */
export function fanOutWrite(payload: FanOutPayload, at: Date): EventWrite {
  const job = enqueueJobSql(
    NEWSLETTER_JOB,
    { ...payload },
    { key: `newsletter:${payload.source}`, at },
  );
  return {
    actor: null,
    event: {
      type: 'newsletter.queued',
      subjectId: payload.source,
      data: { source: payload.source },
    },
    options: { change: job, onlyIfChanged: true },
  };
}

/** The transactional consumer: a published item queues its fan-out. */
function newsletterWrites(_db: Db, event: DomainEvent, meta: EventMeta): EventWrite[] {
  if (event.type !== 'item.published') return [];
  const itemId = Number(event.subjectId);
  if (!Number.isSafeInteger(itemId)) return [];
  return [fanOutWrite({ source: `item:${itemId}`, itemId }, meta.at)];
}

/** Runs one fan-out: decides the recipients and queues their mails, in one transaction. */
export async function runFanOut(deps: NewsletterDeps, payload: FanOutPayload, now: Date) {
  const { db } = deps;
  let creatorId: string;
  let item: Awaited<ReturnType<typeof publishedItem>> = null;
  if (payload.itemId !== undefined) {
    item = await publishedItem(db, payload.itemId);
    // Unpublished, hidden or deleted before its mails went out: nobody is told about it.
    if (!item) return null;
    creatorId = item.creatorId;
  } else {
    const [update] = await db
      .select({ creatorId: creatorUpdates.creatorId })
      .from(creatorUpdates)
      .where(eq(creatorUpdates.id, payload.updateId ?? '00000000-0000-0000-0000-000000000000'));
    if (!update) return null;
    creatorId = update.creatorId;
  }
  return db.transaction(async (tx) => {
    const counts = await fanOutNewsletter(tx, {
      source: payload.source,
      creatorId,
      now,
      perSecond: deps.perSecond,
      item,
      ...(payload.updateId ? { updateId: payload.updateId } : {}),
    });
    await recordEvent(
      tx,
      null,
      {
        type: 'newsletter.fanned_out',
        subjectId: payload.source,
        data: { source: payload.source, creatorId, ...counts },
      },
      systemMeta(now),
    );
    return counts;
  });
}

/** Monday 00:00 UTC of the week `at` is in. */
export function weekStartOf(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 24 * 3600_000);
}

/**
 * Queues the weekly mails: per recipient and creator, one mail with the items that waited for
 * it since before this week began (key `…-weekly:<recipient>:<creator>:<week>`). The rows are
 * marked with that key in the same statement, so a second run finds none.
 */
export async function queueWeeklyNewsletters(deps: NewsletterDeps, now: Date): Promise<number> {
  const weekStart = weekStartOf(now);
  const week = weekStart.toISOString().slice(0, 10);
  const keyOf = sql`${`${NEWSLETTER_KEY_PREFIX}-weekly:`} || s.recipient_id::text || ':'
    || s.creator_id::text || ${`:${week}`}`;
  const queue = enqueueJobsFromSql(
    MAIL_JOB,
    sql`select jsonb_build_object('template', 'new-items-weekly', 'userId', g.recipient_id,
          'params', jsonb_build_object('creatorId', g.creator_id::text, 'sendIds', g.ids)) as payload,
        g.weekly_key as key,
        ${pacedAtSql(paceStartSql(now), sql`g.n`, deps.perSecond)} as run_at
      from (select p.weekly_key, p.recipient_id, p.creator_id,
          string_agg(p.id::text, ',' order by p.id) as ids,
          row_number() over (order by p.weekly_key) - 1 as n
        from pending p group by p.weekly_key, p.recipient_id, p.creator_id) g`,
    { at: now, maxAttempts: MAIL_MAX_ATTEMPTS },
  );
  const result = await deps.db.execute(sql`
    with pending as (
      update ${newsletterSends} s set weekly_key = ${keyOf}
      where s.via = 'weekly' and s.weekly_key is null
        and s.queued_at < ${weekStart.toISOString()}::timestamptz
      returning s.id, s.recipient_id, s.creator_id, s.weekly_key
    ),
    queued as (${queue})
    select count(*)::int as queued from queued`);
  return Number(rowsOf<{ queued: number }>(result)[0]?.queued ?? 0);
}

/** Registers the fan-out job, its consumer of `item.published` and the weekly mails. */
export function defineNewsletterJobs(
  jobs: JobRunner,
  deps: NewsletterDeps,
  clock: { now(): Date },
) {
  consumeInTransaction('newsletter', { writesFor: newsletterWrites });
  jobs.define(
    NEWSLETTER_JOB,
    async (payload) => {
      await runFanOut(deps, payload as unknown as FanOutPayload, clock.now());
    },
    { maxAttempts: 10 },
  );
  jobs.every(WEEKLY_JOB, WEEKLY_CHECK_MS, (now) => queueWeeklyNewsletters(deps, now));
}

/** Sent, queued and clicked counts of one source's mails (an item's dashboard, the outbox). */
export async function sourceMailStats(db: Db, source: string) {
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${newsletterSends.sentAt} is null)::int`,
      sent: sql<number>`count(${newsletterSends.sentAt})::int`,
      clicked: sql<number>`count(${newsletterSends.clickedAt})::int`,
    })
    .from(newsletterSends)
    .where(and(eq(newsletterSends.source, source)));
  return { queued: row?.queued ?? 0, sent: row?.sent ?? 0, clicked: row?.clicked ?? 0 };
}
