import { inArray, sql } from 'drizzle-orm';
import type { PublishedEvent } from '../../common/events';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { toPublished } from '../events/relay';
import { eventSequences, outboxEvents } from '../events/tables';

/** Each person's last realtime sequence number (people who never had an event are absent). */
export async function lastSequences(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: eventSequences.userId, lastSeq: eventSequences.lastSeq })
    .from(eventSequences)
    .where(inArray(eventSequences.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, Number(row.lastSeq)]));
}

export interface MissedEvent {
  seq: number;
  published: PublishedEvent;
}

type MissedRow = { user_id: string; seq: string | number; outbox_id: string | number };

/**
 * Up to `limit` events of each person after the number given for them, in order (issue 20):
 * what a socket missed, read from the outbox rows their numbers point at. Two statements for
 * everyone: their numbers (each read by its primary key), then the rows.
 */
export async function eventsAfter(
  db: Database,
  from: readonly { userId: string; after: number }[],
  limit: number,
): Promise<Map<string, MissedEvent[]>> {
  const missed = new Map<string, MissedEvent[]>();
  if (from.length === 0) return missed;
  const users = `{${from.map((f) => f.userId).join(',')}}`;
  const afters = `{${from.map((f) => f.after).join(',')}}`;
  const numbered = rowsOf<MissedRow>(
    await db.execute(sql`
      select c.user_id, d.seq, d.outbox_id
      from unnest(${users}::uuid[], ${afters}::bigint[]) as c(user_id, after)
        cross join lateral (
          select e.seq, e.outbox_id from event_deliveries e
          where e.user_id = c.user_id and e.seq > c.after
          order by e.seq
          limit ${limit}
        ) d
      order by c.user_id, d.seq`),
  );
  if (numbered.length === 0) return missed;
  const ids = [...new Set(numbered.map((row) => Number(row.outbox_id)))];
  const rows = await db.select().from(outboxEvents).where(inArray(outboxEvents.id, ids));
  const byId = new Map(rows.map((row) => [row.id, toPublished(row)]));
  for (const row of numbered) {
    const published = byId.get(Number(row.outbox_id));
    if (!published) continue;
    const list = missed.get(row.user_id) ?? [];
    missed.set(row.user_id, list);
    list.push({ seq: Number(row.seq), published });
  }
  return missed;
}
