import { bigint, bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { items } from '../items/tables';
import { users } from '../users/tables';

/**
 * Warnings issued by moderators (issue 14; SPEC §3 warning: id, user, reason, date). A warning
 * about an item is issued to its creator and keeps the item's id; the warned person sees it on
 * their dashboard until they acknowledge it.
 */
export const warnings = pgTable(
  'warnings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' }).references(() => items.id, {
      onDelete: 'set null',
    }),
    reason: text('reason').notNull(),
    issuedBy: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [
    index('warnings_user_idx').on(t.userId, t.id.desc()),
    index('warnings_item_idx').on(t.itemId),
  ],
);
export type WarningRow = typeof warnings.$inferSelect;
