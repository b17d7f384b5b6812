import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row the health check writes on every call (issue 18): a database that still answers reads
 * but fails writes (full disk, read-only failover) shows as not ok.
 */
export const healthProbes = pgTable('health_probes', {
  name: text('name').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
});
