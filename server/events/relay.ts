import { AsyncResource } from 'node:async_hooks';
import { and, asc, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { DomainEvent, PublishedEvent } from '../../common/events';
import type { EventBus } from '../adapters/bus/bus';
import type { Clock } from '../context';
import type { DatabaseHandle } from '../db/client';
import { isRelayed } from './relayed';
import { outboxEvents, type OutboxEventRow } from './tables';

export interface OutboxRelay {
  /** Publishes everything committed and not yet published; resolves when the outbox is empty. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

const BATCH = 200;
/**
 * A safety net: rows committed by another process (one that stopped before its relay published
 * them, or one without a relay) are found by this poll.
 */
const POLL_MS = 2000;
/**
 * Under load, claims start at least this far apart, so that one claim takes the rows of the
 * commits in between instead of one statement each (issue 17); an idle relay claims at once.
 */
const GATHER_MS = 5;

export const toPublished = (row: OutboxEventRow): PublishedEvent => ({
  id: row.id,
  event: { type: row.type, subjectId: row.subjectId, data: row.data } as DomainEvent,
  actorId: row.actorId,
  audience: row.audience,
  ...(row.sequences ? { sequences: row.sequences.map(Number) } : {}),
  at: row.createdAt.toISOString(),
});

/** How long a claimed row waits for its relay before another relay may publish it. */
const CLAIM_MS = 30_000;
/** How long published ids wait for the next claim to mark them, before a statement of their own. */
const MARK_MS = 100;

/**
 * Moves committed outbox rows onto the bus (issue 9). A relay claims a batch in one statement
 * (FOR UPDATE SKIP LOCKED, so with several instances each row goes to one of them), publishes
 * it, and marks it published in the statement that claims the next batch, or on its own once
 * the relay has been idle for a moment: one round trip a batch under load (issue 17; a
 * transaction held open across the publish cost four). A relay that dies before the mark
 * leaves its claim to expire, and the rows are published again then (at least once). Woken by
 * this process's commits that wrote relayed events (each instance publishes its own; a NOTIFY
 * would wake every instance to race for every row), and by a slow poll.
 */
export async function startOutboxRelay(opts: {
  handle: DatabaseHandle;
  bus: EventBus;
  clock: Clock;
  onError: (err: unknown) => void;
  /** How long published rows wait for the next claim to mark them (default MARK_MS). */
  markAfterMs?: number;
  /** The least time between two claims a commit starts (default GATHER_MS). */
  gatherMs?: number;
  /** How often the relay looks for rows no commit of this process told it about (POLL_MS). */
  pollMs?: number;
}): Promise<OutboxRelay> {
  const { handle, bus } = opts;
  const { db } = handle;
  let stopped = false;
  // A drain() resolves only after a pass that started after the call; calls made while a pass
  // is queued share it.
  let queued: Promise<number> | null = null;
  let chain: Promise<unknown> = Promise.resolve();

  // Published ids not yet marked so: the next claim statement marks them (one round trip a
  // batch under load), or a flush does once the relay has been idle for MARK_MS.
  let unmarked: number[] = [];
  let flushTimer: NodeJS.Timeout | null = null;

  const markPublished = (ids: number[]) =>
    db
      .update(outboxEvents)
      .set({ publishedAt: opts.clock.now(), claimedUntil: null })
      .where(inArray(outboxEvents.id, ids));

  const publishBatch = async (): Promise<number> => {
    const marking = unmarked;
    unmarked = [];
    const claimable = db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(
        and(
          isNull(outboxEvents.publishedAt),
          or(isNull(outboxEvents.claimedUntil), lt(outboxEvents.claimedUntil, sql`now()`)),
          marking.length > 0 ? notInArray(outboxEvents.id, marking) : undefined,
        ),
      )
      .orderBy(asc(outboxEvents.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    // The marks ride in a data-modifying CTE, which runs whether or not the update reads it.
    const writer =
      marking.length > 0 ? db.with(db.$with('marked', {}).as(markPublished(marking).getSQL())) : db;
    let claimed: OutboxEventRow[];
    try {
      claimed = await writer
        .update(outboxEvents)
        .set({ claimedUntil: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval` })
        .where(inArray(outboxEvents.id, claimable))
        .returning();
    } catch (err) {
      unmarked = marking.concat(unmarked);
      throw err;
    }
    if (claimed.length === 0) return 0;
    const rows = claimed.sort((a, b) => a.id - b.id);
    const ids = rows.map((r) => r.id);
    try {
      for (const row of rows) await bus.publish(toPublished(row));
    } catch (err) {
      // The bus refused: let the next pass take the rows at once instead of after the claim.
      await db
        .update(outboxEvents)
        .set({ claimedUntil: null })
        .where(inArray(outboxEvents.id, ids))
        .catch(() => {});
      throw err;
    }
    unmarked.push(...ids);
    return rows.length;
  };

  const flushMarks = async () => {
    if (unmarked.length === 0) return;
    const marking = unmarked;
    unmarked = [];
    try {
      await markPublished(marking);
    } catch (err) {
      unmarked = marking.concat(unmarked);
      throw err;
    }
  };

  const pass = async (flush: boolean): Promise<number> => {
    let total = 0;
    let published = BATCH;
    while (published === BATCH && !stopped) {
      published = await publishBatch();
      total += published;
    }
    if (flush || stopped) await flushMarks();
    return total;
  };

  // A pass woken by a commit leaves its marks to the next claim; drain() (tests, shutdown)
  // marks them before it resolves.
  let queuedFlush = false;
  const run = (flush: boolean): Promise<number> => {
    queuedFlush ||= flush;
    if (queued) return queued;
    const next = chain.then(() => {
      queued = null;
      const flushing = queuedFlush;
      queuedFlush = false;
      return stopped ? flushMarks().then(() => 0) : pass(flushing);
    });
    const settled = next
      .catch((err: unknown) => {
        opts.onError(err);
        return 0;
      })
      .finally(armFlush);
    queued = settled;
    chain = settled;
    return settled;
  };
  const armFlush = () => {
    if (unmarked.length === 0 || flushTimer || stopped) return;
    flushTimer = setTimeout(() => {
      flushTimer = null;
      if (!queued) void run(true);
    }, opts.markAfterMs ?? MARK_MS);
    flushTimer.unref();
  };
  const drain = () => run(true);
  const gatherMs = opts.gatherMs ?? GATHER_MS;
  let lastWokenAt = Number.NEGATIVE_INFINITY;
  let gatherTimer: NodeJS.Timeout | null = null;
  const claimNow = () => {
    gatherTimer = null;
    lastWokenAt = performance.now();
    void run(false);
  };
  // Bound to the relay's own context, so its statements are never counted as the work of the
  // request whose commit woke it.
  const wake = AsyncResource.bind(() => {
    // A pass that has not started yet will see this commit's rows.
    if (gatherTimer || queued || stopped) return;
    const wait = lastWokenAt + gatherMs - performance.now();
    if (wait <= 0) return claimNow();
    gatherTimer = setTimeout(claimNow, wait);
    gatherTimer.unref();
  });

  const unsubscribe = handle.onCommittedEvent((committed) => {
    if (isRelayed(committed.event.type)) wake();
  });
  const timer = setInterval(wake, opts.pollMs ?? POLL_MS);
  timer.unref();
  wake();

  return {
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (flushTimer) clearTimeout(flushTimer);
      if (gatherTimer) clearTimeout(gatherTimer);
      unsubscribe();
      await chain;
      await flushMarks().catch(opts.onError);
    },
  };
}

/**
 * Published rows are kept a day for inspection (and for sockets to catch up from), then pruned
 * by a job, with the sequence numbers that point at them.
 */
export async function prunePublishedOutbox(handle: DatabaseHandle, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 24 * 3600 * 1000);
  await handle.db.execute(sql`
    with pruned as (
      delete from outbox_events
      where published_at is not null and published_at < ${cutoff.toISOString()}::timestamptz
      returning audience, sequences
    )
    delete from event_deliveries d
    using pruned p, unnest(p.audience, p.sequences) as n(user_id, seq)
    where p.sequences is not null and d.user_id = n.user_id and d.seq = n.seq`);
}
