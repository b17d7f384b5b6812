import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  bigserial,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TIERS, type Tier } from '../../../common/rules/tiers';
import { ENTITLEMENT_SOURCES, type EntitlementSource } from '../../../common/schemas/billing';
import { inList } from '../../db/checks';
import { items } from '../items/tables';
import { users } from '../users/tables';

/**
 * Who may see what: either one item (purchase, balance unlock, grant) or a creator's tier for a
 * period (membership). The single source every module asks through canViewItems().
 */
export const entitlements = pgTable(
  'entitlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' }).references(() => items.id, {
      onDelete: 'cascade',
    }),
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').$type<Tier>(),
    source: text('source').$type<EntitlementSource>().notNull(),
    /** Provider session / event / idempotency key: makes every grant happen exactly once. */
    sourceRef: text('source_ref').notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('entitlements_source_check', inList(t.source, ENTITLEMENT_SOURCES)),
    check('entitlements_tier_check', inList(t.tier, TIERS)),
    uniqueIndex('entitlements_source_ref_idx').on(t.sourceRef),
    uniqueIndex('entitlements_user_item_idx')
      .on(t.userId, t.itemId)
      .where(sql`${t.itemId} is not null`),
    index('entitlements_user_creator_idx').on(t.userId, t.creatorId),
  ],
);
