import type { PublishedEvent } from '../../common/events';
import type { Database, Db } from './client';

/*
 * Events recorded in a transaction reach this process's own listeners the moment it commits,
 * before the outbox relay publishes them to the bus (issue 17): the instance that ended a
 * session stops honouring it at once, other instances when the bus brings the event. A
 * rolled-back transaction (or savepoint) hands nothing on.
 */

const COMMITTED = Symbol('aura.committedEvents');

export type CommittedEvent = Omit<PublishedEvent, 'id' | 'at'>;
type Carrier = { [COMMITTED]?: CommittedEvent[] };

/** Whether `db` is a transaction of a handle with commit hooks (else the handle itself). */
export function isTransaction(db: Db): db is Db & Carrier {
  return COMMITTED in (db as object);
}

/** Remembers an event of `tx` for the commit listeners (no-op outside a wrapped transaction). */
export function onCommitted(tx: Db, event: CommittedEvent): void {
  (tx as unknown as Carrier)[COMMITTED]?.push(event);
}

type TransactionFn = Database['transaction'];

function wrapTransaction(
  original: TransactionFn,
  deliver: (events: CommittedEvent[]) => void,
): TransactionFn {
  return (async (work: (tx: unknown) => Promise<unknown>, config?: unknown) => {
    const events: CommittedEvent[] = [];
    const result = await (original as (w: typeof work, c?: unknown) => Promise<unknown>)(
      async (tx) => {
        const carrier = tx as Carrier & { transaction: TransactionFn };
        carrier[COMMITTED] = events;
        // A savepoint's events join the outer list only if the savepoint is kept.
        carrier.transaction = wrapTransaction(carrier.transaction.bind(tx), (inner) =>
          events.push(...inner),
        );
        return work(tx);
      },
      config,
    );
    if (events.length > 0) deliver(events);
    return result;
  }) as TransactionFn;
}

const DELIVER = Symbol('aura.deliverCommitted');
type Delivering = { [DELIVER]?: (events: CommittedEvent[]) => void };

/** Makes `db.transaction` tell `listeners` about the events of each committed transaction. */
export function withCommitHooks(
  db: Database,
  listeners: Set<(event: CommittedEvent) => void>,
): Database {
  const deliver = (events: CommittedEvent[]) => {
    for (const event of events) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch {
          // A listener's failure must not turn a committed change into a failed request.
        }
      }
    }
  };
  const original = db.transaction.bind(db);
  db.transaction = wrapTransaction(original, deliver);
  (db as Delivering)[DELIVER] = deliver;
  return db;
}

/** Tells the commit listeners of `db` about an event a single statement has just committed. */
export function deliverCommitted(db: Db, event: CommittedEvent): void {
  (db as Delivering)[DELIVER]?.([event]);
}
