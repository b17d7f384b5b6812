import {
  bigint,
  bigserial,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { items } from './items';
import { users } from './users';

export type MediaKind = 'image' | 'audio' | 'video';

/**
 * One uploaded file (issue 4). Items refer to media by key; the owner check on create stops a
 * user from publishing somebody else's upload, and paid media are served only after an
 * entitlement check.
 */
export const mediaObjects = pgTable(
  'media_objects',
  {
    key: text('key').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MediaKind>().notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Resized preview of an image (feed cards never load originals). */
    previewKey: text('preview_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_objects_owner_idx').on(t.ownerId, t.createdAt.desc())],
);

export type MediaObjectRow = typeof mediaObjects.$inferSelect;

/** One like per user and item (SPEC §4's unlimited likes is a weakness). */
export const itemLikes = pgTable(
  'item_likes',
  {
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index('item_likes_user_idx').on(t.userId)],
);

/** Comments are stored as plain text and always rendered as text. */
export const itemComments = pgTable(
  'item_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('item_comments_item_idx').on(t.itemId, t.createdAt, t.id)],
);

/** A visitor is counted once per viewer and item per day; the key is a user id or a hashed address. */
export const itemVisits = pgTable(
  'item_visits',
  {
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.viewerKey, t.day] })],
);

/** Fans following creators (SPEC §7 follow/unfollow); one row per pair, so a repeat is a no-op. */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.creatorId] }),
    index('follows_creator_idx').on(t.creatorId),
  ],
);
