import { bigint, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/**
 * A person's private feed link for one creator (issue 42). The token is an HMAC of the row id and
 * its generation under the `feed-links` key (links.ts), so the account settings can show it
 * again, while the table keeps only its SHA-256 hash: the database alone holds no working link.
 */
export const feedLinks = pgTable(
  'feed_links',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Moved on by "Reset link": the token of every earlier generation stops. */
    generation: integer('generation').notNull().default(1),
    tokenHash: text('token_hash').notNull(),
    /**
     * The membership (billing's entitlement row) the link was made under, or null for a link made
     * while only following: a member's link stops when that membership ends.
     */
    membershipId: bigint('membership_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('feed_links_token_hash_idx').on(t.tokenHash),
    uniqueIndex('feed_links_user_creator_idx').on(t.userId, t.creatorId),
  ],
);

export type FeedLinkRow = typeof feedLinks.$inferSelect;
