import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadSharp } from '../../adapters/images/sharp';
import type { MediaKind } from '../../../common/schemas/media';
import type { MediaStorage } from '../../adapters/storage/index';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { mediaObjects, type MediaObjectRow } from '../../db/schema/index';
import { recordEvent, type EventMeta } from '../../events/record';
import { fail, HttpError } from '../../http/errors';
import { newMediaKeys, teaserKeyOf } from './keys';
import { renderTeaser } from './teaser';
import { tooLarge, UploadGuard } from './upload-guard';

export { tooLarge } from './upload-guard';

/** Feed cards show at most this width; the original is never sent to a card. */
export const PREVIEW_WIDTH = 640;
const PREVIEW_MAX_HEIGHT = 1600;
/** Decompression-bomb guard: a 10 MB PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 100_000_000;

export interface MediaDeps {
  db: Db;
  config: Config;
  storage: MediaStorage;
  tempDir: string;
}

export const maxBytesOf = (config: Config, kind: MediaKind): number =>
  ({
    image: config.MEDIA_MAX_IMAGE_BYTES,
    audio: config.MEDIA_MAX_AUDIO_BYTES,
    video: config.MEDIA_MAX_VIDEO_BYTES,
  })[kind];

/**
 * A failure while receiving: our own refusals pass through, the file system's own errors stay
 * server faults, and anything else is the request ending before the file did.
 */
function asUploadError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return err;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return err;
  return fail('upload_interrupted');
}

async function makePreview(source: string, target: string): Promise<void> {
  const sharp = await loadSharp();
  try {
    await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({
        width: PREVIEW_WIDTH,
        height: PREVIEW_MAX_HEIGHT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 76 })
      .toFile(target);
  } catch {
    // The header looked right but the picture does not decode (truncated, corrupt, a bomb).
    throw fail('image_unreadable');
  }
}

/**
 * Stores one upload (issue 4): streamed to a temporary file while type and size are checked,
 * an image gets its preview and its teaser (the locked view, see teaser.ts), then all move into
 * storage and the row is written. A refusal or an interrupted request at any step leaves no
 * file and no row. `beforeCommit` may still refuse once the file is checked (the rest of a
 * multipart body), before anything is kept.
 */
export async function storeUpload(
  deps: MediaDeps,
  ownerId: string,
  kind: MediaKind,
  file: Readable,
  isTruncated: () => boolean,
  meta: EventMeta,
  beforeCommit: () => Promise<void> = async () => {},
): Promise<MediaObjectRow> {
  await fsp.mkdir(deps.tempDir, { recursive: true });
  const tempPath = path.join(deps.tempDir, `${randomUUID()}.upload`);
  const previewTemp = `${tempPath}.preview`;
  const teaserTemp = `${tempPath}.teaser`;
  const committed: string[] = [];
  try {
    const limit = maxBytesOf(deps.config, kind);
    const guard = new UploadGuard(kind, limit);
    // Opened before the pipeline starts: a stream that opens lazily could create the file after
    // an early refusal has already cleaned up, leaving it behind.
    const handle = await fsp.open(tempPath, 'wx');
    await pipeline(file, guard, handle.createWriteStream()).catch((err: unknown) => {
      throw asUploadError(err);
    });
    // The multipart parser stops at its own limit by ending the stream early.
    if (isTruncated()) throw tooLarge(kind, limit);
    const type = guard.sniffed;
    if (!type) throw fail('file_empty');

    const { key, previewKey } = newMediaKeys(kind, type.ext);
    const hasPreview = kind === 'image';
    if (hasPreview) {
      await makePreview(tempPath, previewTemp);
      // From the preview: already decoded, rotated and small.
      await fsp.writeFile(teaserTemp, await renderTeaser(previewTemp), { flag: 'wx' });
    }
    await beforeCommit();

    await deps.storage.commitFile(tempPath, key, type.mimeType);
    committed.push(key);
    if (hasPreview) {
      await deps.storage.commitFile(previewTemp, previewKey, 'image/webp');
      committed.push(previewKey);
      await deps.storage.commitFile(teaserTemp, teaserKeyOf(previewKey), 'image/webp');
      committed.push(teaserKeyOf(previewKey));
    }
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mediaObjects)
        .values({
          key,
          ownerId,
          kind,
          mimeType: type.mimeType,
          sizeBytes: guard.bytes,
          previewKey: hasPreview ? previewKey : null,
          createdAt: meta.at,
        })
        .returning();
      if (!row) throw new Error('media insert returned nothing');
      await recordEvent(
        tx,
        { id: ownerId },
        {
          type: 'media.uploaded',
          subjectId: key,
          data: { kind, sizeBytes: row.sizeBytes, mimeType: row.mimeType },
        },
        meta,
      );
      return row;
    });
  } catch (err) {
    await Promise.all(committed.map((key) => deps.storage.remove(key).catch(() => {})));
    throw err;
  } finally {
    await fsp.rm(tempPath, { force: true });
    await fsp.rm(previewTemp, { force: true });
    await fsp.rm(teaserTemp, { force: true });
  }
}
