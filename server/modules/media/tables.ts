import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { MEDIA_KINDS, type MediaKind } from '../../../common/schemas/media';
import { inList } from '../../db/checks';
import { users } from '../users/tables';

export type { MediaKind };

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
  (t) => [
    index('media_objects_owner_idx').on(t.ownerId, t.createdAt.desc()),
    check('media_objects_kind_check', inList(t.kind, MEDIA_KINDS)),
  ],
);

export type MediaObjectRow = typeof mediaObjects.$inferSelect;
