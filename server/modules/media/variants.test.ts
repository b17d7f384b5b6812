import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDetail } from '../../../common/schemas/items';
import { createUser, type TestUser } from '../../test/factories';
import { fetchMedia, publishItem } from '../items/test-helpers';
import { mediaPath, parsePreviewVariant, previewVariantKey, PREVIEW_VARIANTS } from './keys';
import { createMediaTestApp, filesUnder, uploadOk, type MediaTestApp } from './test-helpers';

/** Issue 10: feed pictures in two widths and AVIF/WebP, under exactly the preview's rules. */

let t: MediaTestApp;
let creator: TestUser;
let fan: TestUser;

beforeAll(async () => {
  t = await createMediaTestApp();
  creator = await createUser(t, { role: 'creator' });
  fan = await createUser(t);
});
afterAll(() => t.close());

const itemAs = async (id: number, user: TestUser | null): Promise<ItemDetail> => {
  const res = await t.app.inject({ url: `/api/v1/items/${id}`, headers: user?.auth ?? {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The URLs of a `srcset` value with their width descriptors. */
const entries = (srcset: string) =>
  srcset.split(', ').map((entry) => {
    const [url = '', width = ''] = entry.split(' ');
    return { url, width: Number(width.replace('w', '')) };
  });

const keyOf = (url: string) => new URL(url, 'http://x').pathname.split('/').pop() ?? '';
const storedVariants = () =>
  filesUnder(t.dataDir).filter((f) => parsePreviewVariant(path.basename(f)));

describe('preview variants', () => {
  it('hands an entitled viewer signed 320 and 640 px AVIF and WebP, made on first request', async () => {
    const item = await publishItem(t, creator, { price: '4.50' }, {});
    const owned = await itemAs(item.id, creator);
    // Only this item's variants count: other tests' files under the shared folder do not.
    const stem = keyOf(owned.previewUrl ?? '').replace(/\.webp$/, '');
    const mine = () => storedVariants().filter((f) => path.basename(f).startsWith(`${stem}.`));
    expect(mine()).toEqual([]);
    const srcset = owned.imageSrcSet;
    if (!srcset) throw new Error('the owner got no srcset');

    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
    ] as const) {
      const list = entries(srcset[format]);
      expect(list.map((e) => e.width)).toEqual([320, 640]);
      for (const { url, width } of list) {
        expect(url, 'paid media go out signed').toMatch(/\?exp=\d+&sig=/);
        const res = await fetchMedia(t, url);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp');
        // The test picture is 96 px wide: never enlarged.
        expect(meta.width).toBeLessThanOrEqual(width);
      }
    }
    // The WebP 640 entry is the preview itself; the other three were made and kept.
    expect(entries(srcset.webp)[1]?.url).toBe(owned.previewUrl);
    expect(mine()).toHaveLength(3);
  });

  it('gives a locked viewer no srcset and refuses every variant without a signature', async () => {
    const item = await publishItem(t, creator, { price: '4.50' }, {});
    const owned = await itemAs(item.id, creator);
    const signed = entries(owned.imageSrcSet?.avif ?? '')[1]?.url ?? '';

    for (const viewer of [fan, null]) {
      const locked = await itemAs(item.id, viewer);
      expect(locked.isPurchased).toBe(false);
      expect(locked.imageSrcSet).toBeNull();
      expect(locked.imageUrl).toMatch(/\.teaser\.webp$/);
    }
    const previewKey = keyOf(owned.previewUrl ?? '');
    for (const variant of PREVIEW_VARIANTS) {
      const url = mediaPath(previewVariantKey(previewKey, variant));
      expect((await fetchMedia(t, url)).statusCode, url).toBe(403);
      expect((await fetchMedia(t, url, fan.auth)).statusCode, url).toBe(403);
    }
    // A signature is for one key: the preview's does not open its variants, nor a tampered one.
    const [, query] = (owned.previewUrl ?? '').split('?');
    const variantKey = previewVariantKey(previewKey, { width: 320, format: 'avif' });
    expect((await fetchMedia(t, `${mediaPath(variantKey)}?${query}`)).statusCode).toBe(403);
    // A changed first character of the signature (one that already was 'A' becomes 'B').
    const forged = signed.replace(
      /sig=(.)/,
      (_, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`,
    );
    expect((await fetchMedia(t, forged)).statusCode).toBe(403);
  });

  it('serves a free item’s variants and an unused upload’s variants by their plain URL', async () => {
    const item = await publishItem(t, creator, { price: '0' }, {});
    const visitor = await itemAs(item.id, null);
    for (const { url } of entries(visitor.imageSrcSet?.avif ?? '')) {
      expect(url).not.toContain('sig=');
      expect((await fetchMedia(t, url)).statusCode, url).toBe(200);
    }
    const avatar = await uploadOk(t, fan, 'image');
    const variant = previewVariantKey(keyOf(avatar.previewUrl ?? ''), {
      width: 320,
      format: 'webp',
    });
    const res = await fetchMedia(t, mediaPath(variant));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('makes nothing for a variant of no stored preview and 404s malformed variant keys', async () => {
    const ofUnknown = () =>
      storedVariants().filter((f) => path.basename(f).startsWith(`pre-${'0'.repeat(32)}`));
    const unknown = previewVariantKey(`pre-${'0'.repeat(32)}.webp`, {
      width: 640,
      format: 'avif',
    });
    expect((await fetchMedia(t, mediaPath(unknown))).statusCode).toBe(404);
    for (const key of [
      `pre-${'0'.repeat(32)}.w300.avif`,
      `pre-${'0'.repeat(32)}.w320.png`,
      `pre-${'0'.repeat(32)}.teaser.w320.avif`,
    ]) {
      expect((await fetchMedia(t, mediaPath(key))).statusCode, key).toBe(404);
    }
    expect(ofUnknown()).toEqual([]);
  });
});
