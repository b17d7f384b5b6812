import { and, eq, inArray } from 'drizzle-orm';
import type { Role } from '../../../common/rules/roles';
import type { Db } from '../../db/client';
import { itemsUsingUpload } from './item-use.read-model';
import { viewableItemIds, type EntitlementSubject } from '../access/index';
import { basePreviewKey, isPreviewKey, originalKeysOfPreview } from './keys';
import type { MediaVisibility } from './policy';
import { mediaObjects, type MediaObjectRow } from './tables';
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
  const usedBy = await itemsUsingUpload(db, row);
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
