import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { loadSharp } from '../../adapters/images/sharp';
import type { MediaStorage } from '../../adapters/storage/index';
import type { Db } from '../../db/client';
import { uploadRowOf } from './access';
import {
  parsePreviewVariant,
  previewContentType,
  previewVariantKey,
  PREVIEW_VARIANTS,
  type PreviewVariant,
} from './keys';
import { readAll } from './teaser';

/*
 * A preview's other sizes and formats (issue 10): feed cards offer them in `srcset`, so a phone
 * loads 320 px instead of 640 and a browser that reads AVIF gets the smaller file. They are
 * made from the preview on the first request for each (uploads of any age get them the same
 * way) and kept in storage beside it. They carry exactly the preview's rights: the access
 * check runs on the preview they belong to before anything is made or sent.
 */

/** One variant of a preview as bytes. */
export async function renderPreviewVariant(
  preview: Buffer,
  variant: PreviewVariant,
): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(preview).resize({ width: variant.width, withoutEnlargement: true });
  return variant.format === 'avif'
    ? image.avif({ quality: 50, effort: 2 }).toBuffer()
    : image.webp({ quality: 72 }).toBuffer();
}

/**
 * Makes a missing variant from its stored preview. False when the key names no variant of a
 * stored preview: then nothing is made. Two requests racing both write the same picture.
 */
export async function createMissingVariant(
  deps: { db: Db; storage: MediaStorage; tempDir: string },
  key: string,
): Promise<boolean> {
  const parsed = parsePreviewVariant(key);
  if (!parsed) return false;
  if (!(await uploadRowOf(deps.db, parsed.previewKey))) return false;
  const preview = await deps.storage.open(parsed.previewKey);
  if (!preview) return false;
  const bytes = await renderPreviewVariant(await readAll(preview.body), parsed.variant);
  await fsp.mkdir(deps.tempDir, { recursive: true });
  const tempPath = path.join(deps.tempDir, `${randomUUID()}.variant`);
  try {
    await fsp.writeFile(tempPath, bytes, { flag: 'wx' });
    await deps.storage.commitFile(tempPath, key, previewContentType(key));
  } finally {
    await fsp.rm(tempPath, { force: true });
  }
  return true;
}

/** `srcset` values of a preview per format, each URL made by `url` (plain or signed). */
export interface PreviewSrcSet {
  avif: string;
  webp: string;
}

export function previewSrcSet(previewKey: string, url: (key: string) => string): PreviewSrcSet {
  const entry = (variant: PreviewVariant) =>
    `${url(previewVariantKey(previewKey, variant))} ${variant.width}w`;
  const [webp320, avif320, avif640] = PREVIEW_VARIANTS;
  return {
    avif: `${entry(avif320)}, ${entry(avif640)}`,
    webp: `${entry(webp320)}, ${url(previewKey)} 640w`,
  };
}
