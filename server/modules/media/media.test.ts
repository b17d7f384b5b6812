import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_KINDS } from '../../../common/schemas/media';
import { mediaObjects } from '../../db/schema/index';
import { createUser } from '../../test/factories';
import { publishItem } from '../items/test-helpers';
import { mediaPath, teaserKeyOf } from './keys';
import { TEASER_WIDTH } from './teaser';
import {
  createMediaTestApp,
  filesUnder,
  MULTIPART_HEADERS,
  multipartOf,
  tinyMp4,
  tinyPng,
  tinyWav,
  upload,
  uploadOk,
  type MediaTestApp,
} from './test-helpers';

const IMAGE_LIMIT = 64 * 1024;
let t: MediaTestApp;
let dataDir: string;

beforeAll(async () => {
  // A small image limit, so the oversize case needs no big file.
  t = await createMediaTestApp({ env: { MEDIA_MAX_IMAGE_BYTES: String(IMAGE_LIMIT) } });
  dataDir = t.dataDir;
});
afterAll(() => t.close());

/**
 * How much of a picture a copy `width` pixels wide loses (mean difference per channel, 0-255):
 * near zero when the picture holds no detail finer than that.
 */
async function detailFinerThan(image: Buffer, width: number): Promise<number> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const small = await sharp(image).resize({ width }).toBuffer();
  const back = await sharp(small)
    .resize({ width: info.width, height: info.height, fit: 'fill' })
    .raw()
    .toBuffer();
  let sum = 0;
  for (let i = 0; i < data.length; i += 1) sum += Math.abs((data[i] ?? 0) - (back[i] ?? 0));
  return sum / data.length;
}

const rowsOf = (ownerId: string) =>
  t.db.select().from(mediaObjects).where(eq(mediaObjects.ownerId, ownerId));

describe('media upload', () => {
  it('stores an image with a resized WebP preview and a teaser, and serves them', async () => {
    const user = await createUser(t);
    const png = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const answer = await uploadOk(t, user, 'image', png);
    expect(answer).toMatchObject({ mimeType: 'image/png', sizeBytes: png.length });
    expect(answer.url).toBe(`/api/v1/media/${answer.key}`);
    expect(answer.previewUrl).toMatch(/^\/api\/v1\/media\/pre-[0-9a-f]{32}\.webp$/);

    const original = await t.app.inject({ url: answer.url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(png)).toBe(true);

    const preview = await t.app.inject({ url: answer.previewUrl ?? '' });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.headers['cache-control']).toContain('public');
    const meta = await sharp(preview.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 360 });

    expect(await rowsOf(user.user.id)).toHaveLength(1);
    const teaserKey = teaserKeyOf(answer.previewUrl?.split('/').pop() ?? '');
    const teaser = await t.app.inject({ url: mediaPath(teaserKey) });
    expect(teaser.statusCode).toBe(200);
    expect(await sharp(teaser.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: TEASER_WIDTH,
      height: 270,
    });
    expect(filesUnder(path.join(dataDir, 'media'))).toHaveLength(3);
  });

  it('draws the teaser from a few dozen pixels across, so no detail survives', async () => {
    const user = await createUser(t);
    // Random pixels: all detail, no shapes. 128 x 96 keeps it under this suite's size limit.
    const noise = Buffer.alloc(128 * 96 * 3);
    let state = 42;
    for (let i = 0; i < noise.length; i += 1) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      noise[i] = state >>> 24;
    }
    const png = await sharp(noise, { raw: { width: 128, height: 96, channels: 3 } })
      .png()
      .toBuffer();
    const answer = await uploadOk(t, user, 'image', png);
    const teaserUrl = mediaPath(teaserKeyOf(answer.previewUrl?.split('/').pop() ?? ''));
    // Signed out, and the same for everyone: public and cached for good.
    const res = await t.app.inject({ url: teaserUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const teaser = res.rawPayload;
    const preview = (await t.app.inject({ url: answer.previewUrl ?? '' })).rawPayload;

    // What a 64 px wide copy loses: next to nothing of the teaser, nearly all of the preview.
    expect(await detailFinerThan(teaser, 64)).toBeLessThan(5);
    expect(await detailFinerThan(preview, 64)).toBeGreaterThan(30);
    const [teaserStats, previewStats] = await Promise.all([
      sharp(teaser).stats(),
      sharp(preview).stats(),
    ]);
    for (const channel of teaserStats.channels) expect(channel.stdev).toBeLessThan(15);
    for (const channel of previewStats.channels) expect(channel.stdev).toBeGreaterThan(50);
  });

  it('makes the teaser of an image stored before teasers existed on its first request', async () => {
    const user = await createUser(t);
    const answer = await uploadOk(t, user, 'image');
    const teaserKey = teaserKeyOf(answer.previewUrl?.split('/').pop() ?? '');
    const stored = () => filesUnder(dataDir).filter((f) => path.basename(f) === teaserKey);
    const [file] = stored();
    if (!file) throw new Error('the upload made no teaser');
    fs.rmSync(file);

    const res = await t.app.inject({ url: mediaPath(teaserKey) });
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(TEASER_WIDTH);
    expect(stored()).toHaveLength(1);
    // A teaser of no stored preview is made of nothing.
    const unknown = teaserKeyOf(`pre-${'0'.repeat(32)}.webp`);
    expect((await t.app.inject({ url: mediaPath(unknown) })).statusCode).toBe(404);
    expect(filesUnder(dataDir).some((f) => f.endsWith(unknown))).toBe(false);
  });

  it('takes audio and video by their bytes, whatever the name says', async () => {
    const user = await createUser(t);
    const audio = await upload(t, user, 'audio', tinyWav(), { filename: 'song.mp3' });
    expect(audio.statusCode, audio.body).toBe(201);
    expect(audio.json()).toMatchObject({ mimeType: 'audio/wav', previewUrl: null });
    const video = await upload(t, user, 'video', tinyMp4(), { filename: 'clip.txt' });
    expect(video.statusCode, video.body).toBe(201);
    expect(video.json().mimeType).toBe('video/mp4');

    // Players seek with byte ranges.
    const range = await t.app.inject({ url: audio.json().url, headers: { range: 'bytes=0-3' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-3/${tinyWav().length}`);
    expect(range.payload).toBe('RIFF');
    const past = await t.app.inject({ url: audio.json().url, headers: { range: 'bytes=99999-' } });
    expect(past.statusCode).toBe(416);
  });

  it('refuses a text file named .png and keeps nothing', async () => {
    const user = await createUser(t);
    const before = filesUnder(dataDir).length;
    const res = await upload(t, user, 'image', Buffer.from('hello, I am plain text'), {
      filename: 'cover.png',
      contentType: 'image/png',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatch(/not a supported image/);
    // An image uploaded to the audio call is refused the same way.
    const wrongKind = await upload(t, user, 'audio', await tinyPng(), { filename: 'a.wav' });
    expect(wrongKind.statusCode).toBe(415);
    // A file that starts like a PNG but does not decode gets no row either.
    const broken = Buffer.concat([(await tinyPng()).subarray(0, 40), Buffer.alloc(100)]);
    const corrupt = await upload(t, user, 'image', broken, { filename: 'c.png' });
    expect(corrupt.statusCode).toBe(400);
    expect(await rowsOf(user.user.id)).toHaveLength(0);
    expect(filesUnder(dataDir).length).toBe(before);
  });

  it('leaves no file and no row when the request ends mid-file', async () => {
    const user = await createUser(t);
    const before = filesUnder(dataDir).length;
    const res = await upload(t, user, 'audio', tinyWav(), { truncate: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The upload was interrupted before the file was complete');
    expect(await rowsOf(user.user.id)).toHaveLength(0);
    expect(filesUnder(dataDir).length).toBe(before);
  });

  it.each(MEDIA_KINDS)(
    'upload-%s needs a signed-in caller, multipart and the field "file"',
    async (kind) => {
      const user = await createUser(t);
      expect((await upload(t, null, kind, await tinyPng())).statusCode).toBe(401);
      const wrongField = await upload(t, user, kind, await tinyPng(), { field: 'picture' });
      expect(wrongField.statusCode).toBe(400);
      const json = await t.app.inject({
        method: 'POST',
        url: `/api/v1/media/upload-${kind}`,
        headers: user.auth,
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(415);
      const empty = await upload(t, user, kind, Buffer.alloc(0));
      expect(empty.statusCode).toBe(400);
      expect(await rowsOf(user.user.id)).toHaveLength(0);
    },
  );

  it('answers a broken or ambiguous multipart body with 400 and keeps nothing', async () => {
    const user = await createUser(t);
    const png = await tinyPng();
    const file = (field = 'file') => ({ field, filename: 'a.png', bytes: png });
    const before = filesUnder(dataDir).length;
    const cases: [string, Record<string, string>, Buffer | string, RegExp][] = [
      [
        'no boundary',
        { 'content-type': 'multipart/form-data' },
        multipartOf([file()]),
        /malformed/,
      ],
      ['not multipart inside', MULTIPART_HEADERS, 'just some text', /malformed|one file/],
      ['only the closing boundary', MULTIPART_HEADERS, multipartOf([]), /one file/],
      [
        'fields but no file',
        MULTIPART_HEADERS,
        multipartOf([{ field: 'title', bytes: 'x' }]),
        /one file/,
      ],
      [
        'a part without filename',
        MULTIPART_HEADERS,
        multipartOf([{ field: 'file', bytes: png }]),
        /one file/,
      ],
      ['two files in "file"', MULTIPART_HEADERS, multipartOf([file(), file()]), /one file/],
      ['a second file field', MULTIPART_HEADERS, multipartOf([file(), file('other')]), /one file/],
      ['the file second', MULTIPART_HEADERS, multipartOf([file('other'), file()]), /one file/],
    ];
    for (const [what, headers, payload, error] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/media/upload-image',
        headers: { ...user.auth, ...headers },
        payload,
      });
      expect(res.statusCode, what).toBe(400);
      expect(res.json().error, what).toMatch(error);
    }
    expect(await rowsOf(user.user.id)).toHaveLength(0);
    expect(filesUnder(dataDir).length).toBe(before);

    // Other fields beside the one file are ignored, before or after it.
    const withFields = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media/upload-image',
      headers: { ...user.auth, ...MULTIPART_HEADERS },
      payload: multipartOf([{ field: 'title', bytes: 'x' }, file(), { field: 'n', bytes: '1' }]),
    });
    expect(withFields.statusCode, withFields.body).toBe(201);
  });

  it('refuses an image over MEDIA_MAX_IMAGE_BYTES and leaves no file or row', async () => {
    const user = await createUser(t);
    const before = filesUnder(dataDir).length;
    const big = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(IMAGE_LIMIT);
    const res = await upload(t, user, 'image', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('The image is larger than the limit of 64 KiB');
    expect(await rowsOf(user.user.id)).toHaveLength(0);
    expect(filesUnder(dataDir).length).toBe(before);
  });

  it('answers 404 for unknown and malformed keys, and never leaves the media folder', async () => {
    const user = await createUser(t);
    const { key } = await uploadOk(t, user, 'audio');
    const hex = key.slice(4, 36);
    for (const bad of [
      'img-00000000000000000000000000000000.png',
      '..%2F..%2Fetc%2Fpasswd',
      'x',
      `..%2F${key}`,
      `pre-${hex}.webp%2F..%2F..%2F..%2Fetc%2Fpasswd`,
      `pre-..%2F..%2F${hex}.wav`,
      `aud-${hex}.wav%00`,
      `aud-${hex}.wav%5C..%5C..`,
      encodeURIComponent(`aud-${hex.toUpperCase()}.wav`),
      `${hex.slice(0, 2)}%2F${key}`,
    ]) {
      const res = await t.app.inject({ url: `/api/v1/media/${bad}` });
      expect([400, 404], bad).toContain(res.statusCode);
      expect(typeof res.json().error, bad).toBe('string');
    }
    const tooLong = await t.app.inject({ url: `/api/v1/media/${'x'.repeat(81)}` });
    expect(tooLong.statusCode).toBe(400);
  });

  it('answers bad signature parameters with a 4xx, never the file', async () => {
    const creator = await createUser(t, { role: 'creator' });
    const { item } = await publishItem(t, creator, {}, { audio: true });
    const url = item.audioUrl ?? '';
    const base = url.slice(0, url.indexOf('?'));
    for (const query of [
      '?exp=99999999999999999999&sig=x',
      '?exp=-1&sig=x',
      '?exp=abc&sig=x',
      '?exp=&sig=',
      `?exp=1&exp=2&sig=x`,
      `${url.slice(url.indexOf('?'))}&sig=again`,
      `?sig=${url.split('sig=')[1]}`,
    ]) {
      const res = await t.app.inject({ url: `${base}${query}` });
      expect([400, 403], query).toContain(res.statusCode);
      expect(typeof res.json().error, query).toBe('string');
    }
  });
});
