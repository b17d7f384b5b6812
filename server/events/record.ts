import { sql, type SQL } from 'drizzle-orm';
import { EVENT_DESCRIPTORS, type DomainEvent } from '../../common/events';
import type { Db } from '../db/client';
import { deliverCommitted, isTransaction, onCommitted } from '../db/commit-hooks';

/** Where a change came from: the request that caused it (or none, for jobs and webhooks' own work). */
export interface EventMeta {
  /** The app's clock at the change: audit time is the clock's, so tests can move it. */
  at: Date;
  ip?: string | null;
  userAgent?: string | null;
  requestId?: string | null;
}

/** Who caused a change: a signed-in user, or null for the platform itself (jobs, providers). */
export type EventActor = { id: string } | null;

export interface RecordOptions {
  /** Users whose open sockets hear this event after commit (realtime). */
  audience?: readonly string[];
  /**
   * The change itself, when it is one data-modifying statement (an update's `getSQL()`): run
   * in the event's own statement, so the change and its record cost one round trip.
   */
  change?: SQL;
}

/**
 * Work that must happen in the transaction of an event, so it exists exactly when the change
 * does (issue 16: a sale's receipt is queued with the sale, and survives a restart). Consumers
 * are stateless and registered by name (registering again replaces), so every app in a process
 * shares them. `wants` says, without writing, whether `consume` would write for an event: a
 * change no consumer wants needs no transaction of its own (recordChange).
 */
export interface TransactionalConsumer {
  wants(event: DomainEvent): boolean;
  consume(tx: Db, event: DomainEvent, meta: EventMeta): Promise<void>;
}
const transactionalConsumers = new Map<string, TransactionalConsumer>();
export function consumeInTransaction(name: string, consumer: TransactionalConsumer): void {
  transactionalConsumers.set(name, consumer);
}
const consumersOf = (event: DomainEvent) =>
  [...transactionalConsumers.values()].filter((consumer) => consumer.wants(event));

/** The channel the relay listens on; NOTIFY inside a transaction is delivered at its commit. */
export const OUTBOX_CHANNEL = 'aura_outbox';

/** The one statement that writes an event's audit and outbox rows (and `options.change`). */
function eventStatement(
  actorId: string | null,
  event: DomainEvent,
  meta: EventMeta,
  options: RecordOptions,
) {
  const descriptor = EVENT_DESCRIPTORS[event.type];
  const data = JSON.stringify(event.data);
  const audience = `{${(options.audience ?? []).join(',')}}`;
  const audit = descriptor.audit
    ? sql`insert into audit_events
          (actor_id, action, subject_type, subject, data, ip, user_agent, request_id, created_at)
        values (${actorId}, ${event.type}, ${descriptor.subject}, ${event.subjectId},
          ${data}::jsonb, ${meta.ip ?? null}, ${meta.userAgent ?? null}, ${meta.requestId ?? null},
          ${meta.at.toISOString()}::timestamptz)
        returning id`
    : sql`select null::bigint as id`;
  return sql`
    with ${options.change ? sql`change as (${options.change}),` : sql``}
    audit as (${audit}),
    outbox as (
      insert into outbox_events (audit_id, type, subject_id, actor_id, data, audience, created_at)
      select audit.id, ${event.type}::text, ${event.subjectId}::text, ${actorId}::uuid, ${data}::jsonb,
        ${audience}::uuid[], ${meta.at.toISOString()}::timestamptz
      from audit
      returning id
    )
    select pg_notify(${OUTBOX_CHANNEL}, id::text) from outbox`;
}

/**
 * Writes one domain event inside the caller's transaction (issue 9): the typed audit row (when
 * the event type belongs in the audit trail) and the outbox row the relay publishes after
 * commit. One statement, so recording costs one round trip; a rollback takes both away.
 */
export async function recordEvent(
  tx: Db,
  actor: EventActor,
  event: DomainEvent,
  meta: EventMeta,
  options: RecordOptions = {},
): Promise<void> {
  const actorId = actor?.id ?? null;
  await tx.execute(eventStatement(actorId, event, meta, options));
  onCommitted(tx, { event, actorId, audience: [...(options.audience ?? [])] });
  for (const consumer of consumersOf(event)) await consumer.consume(tx, event, meta);
}

/**
 * A change that is one statement (`options.change`) with its event (issue 17). Inside a
 * transaction it is recordEvent. Outside one it is a single statement, which is a transaction
 * of its own, so it needs no BEGIN and COMMIT round trips; unless a transactional consumer
 * would add writes to the event, which then run with it in one transaction.
 */
export async function recordChange(
  db: Db,
  actor: EventActor,
  event: DomainEvent,
  meta: EventMeta,
  options: RecordOptions & { change: SQL },
): Promise<void> {
  if (isTransaction(db)) return recordEvent(db, actor, event, meta, options);
  if (consumersOf(event).length > 0) {
    await db.transaction((tx) => recordEvent(tx, actor, event, meta, options));
    return;
  }
  const actorId = actor?.id ?? null;
  await db.execute(eventStatement(actorId, event, meta, options));
  deliverCommitted(db, { event, actorId, audience: [...(options.audience ?? [])] });
}

/** Meta for changes no request caused (jobs, the demo seed). */
export const systemMeta = (at: Date): EventMeta => ({ at });
