import { sql, type SQL } from 'drizzle-orm';
import { EVENT_DESCRIPTORS, type DomainEvent } from '../../common/events';
import type { Db } from '../db/client';
import { onCommitted } from '../db/commit-hooks';

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
 * shares them.
 */
export type TransactionalConsumer = (tx: Db, event: DomainEvent, meta: EventMeta) => Promise<void>;
const transactionalConsumers = new Map<string, TransactionalConsumer>();
export function consumeInTransaction(name: string, consumer: TransactionalConsumer): void {
  transactionalConsumers.set(name, consumer);
}

/** The channel the relay listens on; NOTIFY inside a transaction is delivered at its commit. */
export const OUTBOX_CHANNEL = 'aura_outbox';

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
  const descriptor = EVENT_DESCRIPTORS[event.type];
  const data = JSON.stringify(event.data);
  const actorId = actor?.id ?? null;
  const audience = `{${(options.audience ?? []).join(',')}}`;
  const audit = descriptor.audit
    ? sql`insert into audit_events
          (actor_id, action, subject_type, subject, data, ip, user_agent, request_id, created_at)
        values (${actorId}, ${event.type}, ${descriptor.subject}, ${event.subjectId},
          ${data}::jsonb, ${meta.ip ?? null}, ${meta.userAgent ?? null}, ${meta.requestId ?? null},
          ${meta.at.toISOString()}::timestamptz)
        returning id`
    : sql`select null::bigint as id`;
  await tx.execute(sql`
    with ${options.change ? sql`change as (${options.change}),` : sql``}
    audit as (${audit}),
    outbox as (
      insert into outbox_events (audit_id, type, subject_id, actor_id, data, audience, created_at)
      select audit.id, ${event.type}::text, ${event.subjectId}::text, ${actorId}::uuid, ${data}::jsonb,
        ${audience}::uuid[], ${meta.at.toISOString()}::timestamptz
      from audit
      returning id
    )
    select pg_notify(${OUTBOX_CHANNEL}, id::text) from outbox`);
  onCommitted(tx, { event, actorId, audience: [...(options.audience ?? [])] });
  for (const consumer of transactionalConsumers.values()) await consumer(tx, event, meta);
}

/** Meta for changes no request caused (jobs, the demo seed). */
export const systemMeta = (at: Date): EventMeta => ({ at });
