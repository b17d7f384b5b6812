import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed sign-ins per identifier typed (issue 18), kept whether or not an account has it, so an
 * unknown name is slowed exactly like an existing one and the slowdown tells nothing. The
 * identifier is stored only as a keyed hash: the names and addresses people mistype are not kept.
 */
export const loginFailures = pgTable('login_failures', {
  identifierHash: text('identifier_hash').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
});
