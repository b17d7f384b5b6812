import { and, asc, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DomainEvent, PublishedEvent } from '../../common/events';
import type { EventBus } from '../adapters/bus/bus';
import type { Clock } from '../context';
import type { DatabaseHandle } from '../db/client';
import { OUTBOX_CHANNEL } from './record';
import { outboxEvents, type OutboxEventRow } from './tables';

export interface OutboxRelay {
  /** Publishes everything committed and not yet published; resolves when the outbox is empty. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

const BATCH = 200;
/** A safety net for notifications lost while a connection was down. */
const POLL_MS = 2000;

export const toPublished = (row: OutboxEventRow): PublishedEvent => ({
  id: row.id,
  event: { type: row.type, subjectId: row.subjectId, data: row.data } as DomainEvent,
  actorId: row.actorId,
  audience: row.audience,
  at: row.createdAt.toISOString(),
});

/** How long a claimed row waits for its relay before another relay may publish it. */
const CLAIM_MS = 30_000;

/**
 * Moves committed outbox rows onto the bus (issue 9). A relay claims a batch in one statement
 * (FOR UPDATE SKIP LOCKED, so with several instances each row goes to one of them), publishes
 * it, then marks it published in a second: two round trips a batch (issue 17; a transaction
 * held open across the publish cost four). A relay that dies between the two leaves its claim
 * to expire, and the rows are published again then (at least once). Woken by the NOTIFY
 * recordEvent sends at commit, and by a slow poll.
 */
export async function startOutboxRelay(opts: {
  handle: DatabaseHandle;
  bus: EventBus;
  clock: Clock;
  onError: (err: unknown) => void;
}): Promise<OutboxRelay> {
  const { handle, bus } = opts;
  const { db } = handle;
  let stopped = false;
  // A drain() resolves only after a pass that started after the call; calls made while a pass
  // is queued share it.
  let queued: Promise<number> | null = null;
  let chain: Promise<unknown> = Promise.resolve();

  const publishBatch = async (): Promise<number> => {
    const claimable = db
      .select({ id: outboxEvents.id })
      .from(outboxEvents)
      .where(
        and(
          isNull(outboxEvents.publishedAt),
          or(isNull(outboxEvents.claimedUntil), lt(outboxEvents.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(outboxEvents.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(outboxEvents)
      .set({ claimedUntil: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval` })
      .where(inArray(outboxEvents.id, claimable))
      .returning();
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
    await db
      .update(outboxEvents)
      .set({ publishedAt: opts.clock.now(), claimedUntil: null })
      .where(inArray(outboxEvents.id, ids));
    return rows.length;
  };

  const pass = async (): Promise<number> => {
    let total = 0;
    let published = BATCH;
    while (published === BATCH && !stopped) {
      published = await publishBatch();
      total += published;
    }
    return total;
  };

  const drain = (): Promise<number> => {
    if (queued) return queued;
    const next = chain.then(() => {
      queued = null;
      return stopped ? 0 : pass();
    });
    const settled = next.catch((err: unknown) => {
      opts.onError(err);
      return 0;
    });
    queued = settled;
    chain = settled;
    return settled;
  };

  const unlisten = await handle.listen(OUTBOX_CHANNEL, () => void drain());
  const timer = setInterval(() => void drain(), POLL_MS);
  timer.unref();
  void drain();

  return {
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await chain;
    },
  };
}

/** Published rows are kept a day for inspection, then pruned by a job. */
export async function prunePublishedOutbox(handle: DatabaseHandle, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - 24 * 3600 * 1000);
  await handle.db
    .delete(outboxEvents)
    .where(and(sql`${outboxEvents.publishedAt} is not null`, lt(outboxEvents.publishedAt, cutoff)));
}
