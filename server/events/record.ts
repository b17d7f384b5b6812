import { sql, type SQL } from 'drizzle-orm';
import { EVENT_DESCRIPTORS, type DomainEvent } from '../../common/events';
import type { Db } from '../db/client';
import { deliverCommitted, isTransaction, onCommitted } from '../db/commit-hooks';
import { executePrepared } from '../db/prepared';
import { rowsOf } from '../db/rows';
import { isRelayed, isSocketEvent } from './relayed';

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
  /**
   * Write the event only when `change` returned a row (an insert whose key was taken writes
   * nothing, and so records nothing): the gate is in the statement, not a second round trip.
   */
  onlyIfChanged?: boolean;
  /**
   * The statement's text comes in a few shapes only (its change has no list of varying length):
   * it runs as a prepared statement (`executePrepared`), so PostgreSQL plans it once.
   */
  prepared?: boolean;
}

/** One event to write, with its change: what a transactional consumer adds to an event. */
export interface EventWrite {
  actor: EventActor;
  event: DomainEvent;
  options?: RecordOptions;
}

/**
 * Work that must happen with an event, so it exists exactly when the change does (issue 16: a
 * sale's receipt is queued with the sale, and survives a restart). A consumer answers with
 * writes, each one data-modifying statement with its own event, and they run inside the
 * statement that records the event (issue 17: a sale's two mails cost no round trip of their
 * own); the events of those writes are not handed to consumers again, and a write must not
 * change rows the event's own change does (one statement cannot change a row twice; mail writes
 * only insert jobs). Consumers are stateless
 * and registered by name (registering again replaces), so every app in a process shares them.
 */
export interface TransactionalConsumer {
  writesFor(db: Db, event: DomainEvent, meta: EventMeta): EventWrite[];
}
const transactionalConsumers = new Map<string, TransactionalConsumer>();
export function consumeInTransaction(name: string, consumer: TransactionalConsumer): void {
  transactionalConsumers.set(name, consumer);
}
const consumerWrites = (db: Db, event: DomainEvent, meta: EventMeta) =>
  [...transactionalConsumers.values()].flatMap((consumer) => consumer.writesFor(db, event, meta));

/** A socket event's audience, and per member how many later events of its statement they hear. */
interface SequencePlan {
  users: string[];
  later: number[];
}

/**
 * Sequence numbers for the socket events among `writes` (issue 20). A statement's events are
 * written all or none (a gated event is alone in its statement), so each person's count is known
 * here: one upsert takes them all (one statement may change a row once), and an event's number
 * for a person is their new last number less how many of their events come after it.
 */
function planSequences(writes: readonly EventWrite[]): Map<number, SequencePlan> {
  const plans = new Map<number, SequencePlan>();
  const counts = new Map<string, number>();
  const ranks: Map<string, number>[] = [];
  writes.forEach((write, n) => {
    const audience = write.options?.audience ?? [];
    if (!isSocketEvent(write.event.type) || audience.length === 0) return;
    const rank = new Map<string, number>();
    for (const user of new Set(audience)) {
      counts.set(user, (counts.get(user) ?? 0) + 1);
      rank.set(user, counts.get(user)!);
    }
    ranks[n] = rank;
    plans.set(n, { users: [...audience], later: [] });
  });
  for (const [n, plan] of plans) {
    plan.later = plan.users.map((user) => counts.get(user)! - ranks[n]!.get(user)!);
  }
  return plans;
}

/** The upsert of a statement's sequence numbers, counted only for events actually written. */
function sequencesPart(plans: Map<number, SequencePlan>): SQL {
  const users: string[] = [];
  const events: number[] = [];
  for (const [n, plan] of plans) {
    for (const user of new Set(plan.users)) {
      users.push(user);
      events.push(n);
    }
  }
  const written = sql.join(
    [...plans.keys()].map(
      (n) => sql`select ${sql.raw(String(n))} as n from ${sql.raw(`audit_${n}`)}`,
    ),
    sql` union all `,
  );
  // In user order, so two statements lock the same people's rows in the same order.
  return sql`event_seqs as (
    insert into event_sequences (user_id, last_seq)
    select v.user_id, count(*)
    from unnest(${`{${users.join(',')}}`}::uuid[], ${`{${events.join(',')}}`}::int[]) as v(user_id, n)
      join (${written}) w on w.n = v.n
    group by v.user_id
    order by v.user_id
    on conflict (user_id) do update set last_seq = event_sequences.last_seq + excluded.last_seq
    returning user_id, last_seq
  )`;
}

/** The rows a catch-up reads: who has which number in which outbox row. */
function deliveriesPart(plans: Map<number, SequencePlan>): SQL {
  const rows = [...plans.keys()].map(
    (n) => sql`select o.id, d.user_id, d.seq
      from ${sql.raw(`outbox_${n}`)} o, unnest(o.audience, o.sequences) as d(user_id, seq)`,
  );
  return sql`event_delivered as (
    insert into event_deliveries (user_id, seq, outbox_id)
    select distinct r.user_id, r.seq, r.id from (${sql.join(rows, sql` union all `)}) r
  )`;
}

/**
 * The common table expressions of the `n`th event of a statement: its change and audit row
 * (`head`), and its outbox row (`outbox`), which follows every head and the sequence upsert.
 */
function eventParts(
  n: number,
  write: EventWrite,
  meta: EventMeta,
  plan: SequencePlan | undefined,
): { head: SQL; outbox: SQL } {
  const { event, options = {} } = write;
  const actorId = write.actor?.id ?? null;
  const [change, audit, outbox] = ['change', 'audit', 'outbox'].map((name) =>
    sql.raw(`${name}_${n}`),
  );
  const descriptor = EVENT_DESCRIPTORS[event.type];
  const data = JSON.stringify(event.data);
  const audience = `{${(options.audience ?? []).join(',')}}`;
  const at = meta.at.toISOString();
  // An event no other instance acts on is born published: the relay never claims it.
  const publishedAt = isRelayed(event.type) ? null : at;
  const gate =
    options.change && options.onlyIfChanged ? sql`where exists (select 1 from ${change})` : sql``;
  const auditRow = descriptor.audit
    ? sql`insert into audit_events
          (actor_id, action, subject_type, subject, data, ip, user_agent, request_id, created_at)
        select ${actorId}::uuid, ${event.type}::text, ${descriptor.subject}::text,
          ${event.subjectId}::text, ${data}::jsonb, ${meta.ip ?? null}::text,
          ${meta.userAgent ?? null}::text, ${meta.requestId ?? null}::text, ${at}::timestamptz
        ${gate}
        returning id`
    : sql`select null::bigint as id ${gate}`;
  const sequences = plan
    ? sql`array(select s.last_seq - o.later
        from unnest(${`{${plan.users.join(',')}}`}::uuid[], ${`{${plan.later.join(',')}}`}::int[])
          with ordinality as o(user_id, later, i)
          join event_seqs s on s.user_id = o.user_id
        order by o.i)`
    : sql`null::bigint[]`;
  return {
    head: sql`${options.change ? sql`${change} as (${options.change}),` : sql``}
    ${audit} as (${auditRow})`,
    outbox: sql`${outbox} as (
      insert into outbox_events
        (audit_id, type, subject_id, actor_id, data, audience, sequences, created_at, published_at)
      select id, ${event.type}::text, ${event.subjectId}::text, ${actorId}::uuid, ${data}::jsonb,
        ${audience}::uuid[], ${sequences}, ${at}::timestamptz, ${publishedAt}::timestamptz
      from ${audit}
      returning id, audience, sequences
    )`,
  };
}

/**
 * Writes that run ahead of an event in its statement, and a column answered from them (issue 17:
 * a balance purchase's debit, sale and event are one statement). `before` is common table
 * expressions (`name as (…)`, comma separated) that the event's `change` may read.
 */
export interface Preceding<T> {
  before: SQL;
  answer: SQL<T>;
  /** Events of the writes in `before`, recorded in the same statement (with their consumers). */
  events?: readonly EventWrite[];
}

/**
 * The one statement that writes events' audit and outbox rows and their changes; it answers
 * one row (`n`, the event's place in `writes`) per event written, the first with `answer`.
 */
function eventsStatement(
  writes: readonly EventWrite[],
  meta: EventMeta,
  preceding?: Preceding<unknown>,
): SQL {
  const plans = planSequences(writes);
  const parts = writes.map((write, n) => eventParts(n, write, meta, plans.get(n)));
  const sequenced = plans.size > 0;
  const ctes = [
    ...parts.map((part) => part.head),
    ...(sequenced ? [sequencesPart(plans)] : []),
    ...parts.map((part) => part.outbox),
    ...(sequenced ? [deliveriesPart(plans)] : []),
  ];
  const written = writes.map(
    (_, n) => sql`select ${sql.raw(String(n))} as n,
      ${n === 0 && preceding ? preceding.answer : sql`null`} as answer
      from ${sql.raw(`outbox_${n}`)}`,
  );
  const before = preceding ? sql`${preceding.before},` : sql``;
  return sql`with ${before} ${sql.join(ctes, sql`,`)} ${sql.join(written, sql` union all `)}`;
}

type Written = { n: number | string; answer: unknown };

/** Which of a statement's events were written (an `onlyIfChanged` event may not be). */
const writtenOf = (result: unknown): Map<number, Written> =>
  new Map(rowsOf<Written>(result).map((row) => [Number(row.n), row]));

type Execute = (statement: SQL) => Promise<unknown>;

const executorOf =
  (db: Db, options: RecordOptions): Execute =>
  (statement) =>
    options.prepared ? executePrepared(db, statement) : db.execute(statement);

/**
 * Runs the writes in one statement and hands each written event to `written`. A gated event
 * (`onlyIfChanged`) takes its consumers' writes to a second statement, only once it was
 * written, which the caller runs in a transaction. Whether the main event was written, and
 * `preceding`'s answer.
 */
async function writeEvents(
  execute: Execute,
  main: EventWrite,
  extra: readonly EventWrite[],
  meta: EventMeta,
  written: (write: EventWrite) => void,
  preceding?: Preceding<unknown>,
): Promise<{ wrote: boolean; answer: unknown }> {
  const gated = Boolean(main.options?.change && main.options.onlyIfChanged);
  const first = gated ? [main] : [main, ...extra];
  const done = writtenOf(await execute(eventsStatement(first, meta, preceding)));
  const row = done.get(0);
  if (!row) return { wrote: false, answer: undefined };
  for (const n of done.keys()) written(first[n]!);
  if (gated && extra.length > 0) {
    const later = writtenOf(await execute(eventsStatement(extra, meta)));
    for (const n of later.keys()) written(extra[n]!);
  }
  return { wrote: true, answer: row.answer };
}

const committed = (write: EventWrite) => ({
  event: write.event,
  actorId: write.actor?.id ?? null,
  audience: [...(write.options?.audience ?? [])],
});

/**
 * Writes one domain event inside the caller's transaction (issue 9): the typed audit row (when
 * the event type belongs in the audit trail), the outbox row the relay publishes after commit,
 * `options.change` and the consumers' writes. One statement, so recording costs one round trip;
 * a rollback takes it all away. False when `onlyIfChanged` held the event back (then nothing
 * was written).
 */
export async function recordEvent(
  tx: Db,
  actor: EventActor,
  event: DomainEvent,
  meta: EventMeta,
  options: RecordOptions = {},
): Promise<boolean> {
  // Handed the database itself, the statement commits on its own: its events must reach this
  // process's listeners (and wake the relay) as recordChange's do.
  if (!isTransaction(tx)) return recordOutside(tx, actor, event, meta, options);
  const { wrote } = await writeEvents(
    executorOf(tx, options),
    { actor, event, options },
    consumerWrites(tx, event, meta),
    meta,
    (write) => onCommitted(tx, committed(write)),
  );
  return wrote;
}

/**
 * A change that is one statement (`options.change`) with its event (issue 17). Inside a
 * transaction it is recordEvent. Outside one it is a single statement, which is a transaction
 * of its own, so it needs no BEGIN and COMMIT round trips; unless it is gated (`onlyIfChanged`)
 * and consumers add writes to it, which then follow in the same transaction.
 */
export async function recordChange(
  db: Db,
  actor: EventActor,
  event: DomainEvent,
  meta: EventMeta,
  options: RecordOptions & { change: SQL },
): Promise<boolean> {
  if (isTransaction(db)) return recordEvent(db, actor, event, meta, options);
  return recordOutside(db, actor, event, meta, options);
}

/** An event and its change outside a transaction: one statement, unless gated with consumers. */
async function recordOutside(
  db: Db,
  actor: EventActor,
  event: DomainEvent,
  meta: EventMeta,
  options: RecordOptions,
): Promise<boolean> {
  const extra = consumerWrites(db, event, meta);
  if (options.onlyIfChanged && extra.length > 0) {
    return db.transaction((tx) => recordEvent(tx, actor, event, meta, options));
  }
  const { wrote } = await writeCommitted(db, { actor, event, options }, extra, meta);
  return wrote;
}

/**
 * writeEvents outside a transaction: its one statement commits on its own, and the events it
 * wrote go to this process's listeners once it has.
 */
async function writeCommitted(
  db: Db,
  main: EventWrite,
  extra: readonly EventWrite[],
  meta: EventMeta,
  preceding?: Preceding<unknown>,
) {
  const delivered: EventWrite[] = [];
  const result = await writeEvents(
    executorOf(db, main.options ?? {}),
    main,
    extra,
    meta,
    (write) => delivered.push(write),
    preceding,
  );
  for (const write of delivered) deliverCommitted(db, committed(write));
  return result;
}

/**
 * A change of several data-modifying expressions with its event, in one statement outside any
 * transaction (issue 17): `preceding.before` runs ahead of the event's change, which may read
 * it, and the statement answers `preceding.answer`. When a part cannot be written, the statement
 * must refuse (`refuseSql`), so that nothing is; hence no gating (`onlyIfChanged`), which would
 * take the consumers' writes to a second statement.
 */
export async function recordChangeAnswering<T>(
  db: Db,
  actor: EventActor,
  event: DomainEvent,
  meta: EventMeta,
  options: Omit<RecordOptions, 'onlyIfChanged'> & { change: SQL },
  preceding: Preceding<T>,
): Promise<T> {
  if (isTransaction(db)) throw new Error('recordChangeAnswering runs outside a transaction');
  const others = preceding.events ?? [];
  const extra = [
    ...others,
    ...[event, ...others.map((write) => write.event)].flatMap((e) => consumerWrites(db, e, meta)),
  ];
  const { answer } = await writeCommitted(db, { actor, event, options }, extra, meta, preceding);
  return answer as T;
}

/** Meta for changes no request caused (jobs, the demo seed). */
export const systemMeta = (at: Date): EventMeta => ({ at });
