import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DOMAIN_EVENT_TYPES,
  SUBJECT_TYPES,
  type DomainEventType,
  type SubjectType,
} from '../../common/events';
import { inList } from '../db/checks';

/**
 * The audit trail (issue 9): one typed row per state change that matters, written by
 * recordEvent in the transaction of the change: who (actor), what (action and data), on what
 * (subject), from where (ip, user agent, request id) and when (the app's clock).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').$type<DomainEventType>().notNull(),
    subjectType: text('subject_type').$type<SubjectType>().notNull().default('system'),
    // Named `subject` since the first migration; it holds the subject's id.
    subjectId: text('subject'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_action_idx').on(t.action, t.createdAt),
    index('audit_events_subject_idx').on(t.subjectType, t.subjectId, t.id.desc()),
    index('audit_events_actor_idx').on(t.actorId, t.id.desc()),
    check('audit_events_subject_type_check', inList(t.subjectType, SUBJECT_TYPES)),
    // Only known event types: a new type needs a migration (npm run db:generate) like a column.
    check('audit_events_action_check', inList(t.action, DOMAIN_EVENT_TYPES)),
  ],
);
export type AuditEventRow = typeof auditEvents.$inferSelect;

/**
 * The transactional outbox: written with the audit row, published to the bus after commit by
 * the relay (at least once), then pruned. `audience` lists the users whose sockets hear it.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    auditId: bigint('audit_id', { mode: 'number' }),
    type: text('type').$type<DomainEventType>().notNull(),
    subjectId: text('subject_id').notNull(),
    actorId: uuid('actor_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    audience: uuid('audience')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A socket event's sequence number for each member of `audience`, in the same order. */
    sequences: bigint('sequences', { mode: 'number' }).array(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A relay took the row to publish it; past this time another relay may take it again. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [
    index('outbox_events_pending_idx')
      .on(t.id)
      .where(sql`${t.publishedAt} is null`),
    index('outbox_events_published_idx').on(t.publishedAt),
  ],
);
export type OutboxEventRow = typeof outboxEvents.$inferSelect;

/**
 * Each person's last realtime sequence number (issue 20): socket events take the next one for
 * every member of their audience, in the statement that records them. The row stays locked to
 * the commit, so numbers follow commit order and have no holes: a socket that sees one missing
 * knows it missed an event.
 */
export const eventSequences = pgTable('event_sequences', {
  userId: uuid('user_id').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});

/** Which outbox row holds a person's event number `seq`: what a catch-up reads (pruned with it). */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    userId: uuid('user_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seq] })],
);
