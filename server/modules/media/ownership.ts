import { and, eq, inArray } from 'drizzle-orm';
import type { MediaKind } from '../../../common/schemas/media';
import type { Db } from '../../db/client';
import { mediaObjects } from '../../db/schema/index';
import { isPreviewKey, keyFromMediaUrl, originalKeysOfPreview } from './keys';
import { IMAGE_EXTENSIONS } from './sniff';

/** One media URL a form sent back, for the field it came in and the kind that field takes. */
export interface UploadChoice<F extends string = string> {
  field: F;
  kind: MediaKind;
  url: string;
}

/** A stored upload of the caller's own. */
export interface OwnUpload {
  key: string;
  previewKey: string | null;
  kind: MediaKind;
}

/**
 * Why a URL cannot be used: not one of our media URLs at all, not an upload of the caller's
 * own (someone else's, or none), or an upload of another kind (an audio file as a picture).
 */
export type UploadProblem = 'notUploadedHere' | 'notYourUpload' | 'wrongMediaKind';

export type UploadResolution<F extends string> =
  | { field: F; upload: OwnUpload; problem?: undefined }
  | { field: F; problem: UploadProblem; upload?: undefined };

/**
 * The one ownership rule for media sent back by a form (items, profiles): each URL (of an
 * original or of an image's preview) must name an upload `ownerId` made, of the field's kind.
 * Answers per choice, in order, from one query; the caller words the refusal.
 */
export async function resolveOwnUploads<F extends string>(
  db: Db,
  ownerId: string,
  choices: readonly UploadChoice<F>[],
): Promise<UploadResolution<F>[]> {
  const keyed = choices.map((choice) => ({ choice, key: keyFromMediaUrl(choice.url.trim()) }));
  const candidates = new Set<string>();
  for (const { key } of keyed) {
    if (!key) continue;
    // A preview is found through its original's possible keys (primary key look-ups).
    if (isPreviewKey(key)) {
      for (const original of originalKeysOfPreview(key, IMAGE_EXTENSIONS)) candidates.add(original);
    } else candidates.add(key);
  }
  const rows =
    candidates.size === 0
      ? []
      : await db
          .select({
            key: mediaObjects.key,
            previewKey: mediaObjects.previewKey,
            kind: mediaObjects.kind,
          })
          .from(mediaObjects)
          .where(
            and(eq(mediaObjects.ownerId, ownerId), inArray(mediaObjects.key, [...candidates])),
          );
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const byPreview = new Map(rows.flatMap((row) => (row.previewKey ? [[row.previewKey, row]] : [])));

  return keyed.map(({ choice, key }): UploadResolution<F> => {
    if (!key) return { field: choice.field, problem: 'notUploadedHere' };
    const row = isPreviewKey(key) ? byPreview.get(key) : byKey.get(key);
    if (!row) return { field: choice.field, problem: 'notYourUpload' };
    if (row.kind !== choice.kind) return { field: choice.field, problem: 'wrongMediaKind' };
    return { field: choice.field, upload: row };
  });
}
