import { and, eq, inArray, or } from 'drizzle-orm';
import type { Role } from '../../../common/rules/roles';
import type { Db } from '../../db/client';
import { items, mediaObjects, users, type MediaObjectRow } from '../../db/schema/index';
import { viewableItemIds, type EntitlementSubject } from '../access/index';
import { basePreviewKey, isPreviewKey, originalKeysOfPreview } from './keys';
import type { MediaVisibility } from './policy';
import { IMAGE_EXTENSIONS } from './sniff';

export interface MediaLookup {
  row: MediaObjectRow;
  visibility: MediaVisibility;
  /** The items using this upload (usually one). */
  usedBy: EntitlementSubject[];
}

/**
 * The upload row behind an original's key or an image preview's key (or one of the preview's
 * variants, which share its rights). A preview is found by its original's possible keys
 * (primary key look-ups), since preview_key has no index.
 */
export async function uploadRowOf(db: Db, key: string): Promise<MediaObjectRow | null> {
  const [row] = await db.select().from(mediaObjects).where(uploadKeyIs(key)).limit(1);
  return row ?? null;
}

const uploadKeyIs = (key: string) =>
  isPreviewKey(key)
    ? and(
        inArray(mediaObjects.key, originalKeysOfPreview(key, IMAGE_EXTENSIONS)),
        eq(mediaObjects.previewKey, basePreviewKey(key)),
      )
    : eq(mediaObjects.key, key);

/**
 * The stored upload behind a key (original or preview) and the items that use it; null for an
 * unknown key.
 */
export async function lookUpMedia(db: Db, key: string): Promise<MediaLookup | null> {
  const row = await uploadRowOf(db, key);
  if (!row) return null;
  // Items can only use their creator's own uploads, so only the owner's items (indexed by
  // creator) need looking at. An item using an image uses its preview too.
  const usedBy = await db
    .select({
      id: items.id,
      creatorId: items.creatorId,
      priceCents: items.priceCents,
      tierRequired: items.tierRequired,
      status: items.status,
      hidden: items.hidden,
      creatorStatus: users.status,
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(
      and(
        eq(items.creatorId, row.ownerId),
        or(eq(items.imageKey, row.key), eq(items.audioKey, row.key), eq(items.videoKey, row.key)),
      ),
    );
  return { row, visibility: usedBy.length > 0 ? 'item' : 'public', usedBy };
}

/** Whether the caller (signed in or not) may see at least one item that uses this upload. */
export async function viewerMaySeeItemMedia(
  db: Db,
  viewer: { id: string; role: Role } | null,
  lookup: MediaLookup,
  now: Date,
): Promise<boolean> {
  return (await viewableItemIds(db, viewer, lookup.usedBy, now)).size > 0;
}
