import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { loadSharp } from '../../adapters/images/sharp';
import type { MediaStorage } from '../../adapters/storage/index';
import type { Db } from '../../db/client';
import { uploadRowOf } from './access';
import { previewKeyOfTeaser } from './keys';

/*
 * The teaser is what a viewer who may not see an item gets instead of its picture: drawn from
 * a few dozen pixels across and blurred, so no detail of paid content leaves the server, and
 * scaled back up so the locked card keeps its shape.
 */

/** Width the picture is reduced to first: nothing finer than 1/48 of the width survives. */
export const TEASER_SOURCE_WIDTH = 48;
/** Width of the served teaser. */
export const TEASER_WIDTH = 480;
const TEASER_MAX_HEIGHT = 1200;

/** The teaser of an image (a file path or its bytes) as WebP bytes. */
export async function renderTeaser(source: string | Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const small = await sharp(source)
    .rotate()
    .resize({
      width: TEASER_SOURCE_WIDTH,
      height: Math.round((TEASER_SOURCE_WIDTH * TEASER_MAX_HEIGHT) / TEASER_WIDTH),
      fit: 'inside',
    })
    .blur(1.5)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = small.info;
  return sharp(small.data, { raw: { width, height, channels } })
    .resize({ width: TEASER_WIDTH, height: TEASER_MAX_HEIGHT, fit: 'inside', kernel: 'cubic' })
    .blur(6)
    .webp({ quality: 60 })
    .toBuffer();
}

export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Makes the missing teaser of an upload stored before teasers existed, from its preview, on
 * the first request for it. False when the key names no stored preview: then nothing is made.
 * Two requests racing both write the same picture, so no lock is needed.
 */
export async function createMissingTeaser(
  deps: { db: Db; storage: MediaStorage; tempDir: string },
  teaserKey: string,
): Promise<boolean> {
  const previewKey = previewKeyOfTeaser(teaserKey);
  if (!previewKey) return false;
  const row = await uploadRowOf(deps.db, previewKey);
  if (!row) return false;
  const preview = await deps.storage.open(previewKey);
  if (!preview) return false;
  const teaser = await renderTeaser(await readAll(preview.body));
  await fsp.mkdir(deps.tempDir, { recursive: true });
  const tempPath = path.join(deps.tempDir, `${randomUUID()}.teaser`);
  try {
    await fsp.writeFile(tempPath, teaser, { flag: 'wx' });
    await deps.storage.commitFile(tempPath, teaserKey, 'image/webp');
  } finally {
    await fsp.rm(tempPath, { force: true });
  }
  return true;
}
