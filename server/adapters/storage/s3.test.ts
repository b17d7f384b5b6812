import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMediaTestApp,
  filesUnder,
  tinyMp4,
  tinyPng,
  tinyWav,
  upload,
  uploadOk,
  type MediaTestApp,
} from '../../modules/media/test-helpers';
import { teaserKeyOf } from '../../modules/media/keys';
import { createUser } from '../../test/factories';
import { startLoopbackS3, type LoopbackS3 } from '../../test/s3-server';

const MiB = 1024 * 1024;

let s3: LoopbackS3;
let t: MediaTestApp;

beforeAll(async () => {
  s3 = await startLoopbackS3();
  t = await createMediaTestApp({ env: s3.env });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

async function bucketKeys(): Promise<string[]> {
  const listing = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (listing.Contents ?? []).map((object) => object.Key ?? '').sort();
}

const headOf = (key: string) =>
  s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));

/** The writes s3rver saw for one object key, named by their S3 operation. */
const writesTo = (key: string) =>
  s3.requests
    .filter((r) => r.path === `/${s3.bucket}/${key}` && ['PUT', 'POST'].includes(r.method))
    .map((r) => {
      if (r.query.has('uploads')) return 'CreateMultipartUpload';
      if (r.query.has('partNumber')) return `UploadPart ${r.query.get('partNumber')}`;
      if (r.query.has('uploadId')) return 'CompleteMultipartUpload';
      return 'PutObject';
    });

describe('S3 media storage', () => {
  it('puts uploads into the bucket and serves them back, ranges included', async () => {
    const user = await createUser(t);
    const image = await uploadOk(t, user, 'image');
    const audio = await uploadOk(t, user, 'audio');
    const previewKey = image.previewUrl?.split('/').pop() ?? '';
    const keys = await bucketKeys();
    for (const key of [image.key, audio.key, previewKey, teaserKeyOf(previewKey)]) {
      expect(keys).toContain(key);
    }
    expect((await headOf(audio.key)).ContentType).toBe('audio/wav');
    expect((await headOf(previewKey)).ContentType).toBe('image/webp');
    // A file under one part goes up in a single PUT.
    expect(writesTo(audio.key)).toEqual(['PutObject']);
    // Nothing stays on the local disk: temp files are gone once the object is in the bucket.
    expect(filesUnder(t.dataDir)).toEqual([]);

    const whole = await t.app.inject({ url: audio.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(tinyWav())).toBe(true);
    const part = await t.app.inject({ url: audio.url, headers: { range: 'bytes=8-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.payload).toBe('WAVE');

    // An object missing from the bucket is a 404, not a server error.
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: audio.key }));
    expect((await t.app.inject({ url: audio.url })).statusCode).toBe(404);
  });

  it('sends a 20 MiB video as a multipart upload and serves a range across its parts', async () => {
    const user = await createUser(t);
    const video = Buffer.concat([tinyMp4(), randomBytes(20 * MiB - tinyMp4().length)]);
    const answer = await uploadOk(t, user, 'video', video);
    expect(answer.mimeType).toBe('video/mp4');

    // Started, sent in 5 MiB parts, completed: the object appears only at the end.
    const writes = writesTo(answer.key);
    expect(writes[0]).toBe('CreateMultipartUpload');
    expect(writes.slice(1, -1).sort()).toEqual([1, 2, 3, 4].map((n) => `UploadPart ${n}`));
    expect(writes.at(-1)).toBe('CompleteMultipartUpload');
    const head = await headOf(answer.key);
    expect(head.ContentLength).toBe(video.length);
    expect(head.ContentType).toBe('video/mp4');

    // A player seeking across the boundary of the first two parts.
    const [start, end] = [5 * MiB - 1000, 5 * MiB + 999];
    const range = await t.app.inject({
      url: answer.url,
      headers: { range: `bytes=${start}-${end}` },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes ${start}-${end}/${video.length}`);
    expect(range.rawPayload.equals(video.subarray(start, end + 1))).toBe(true);
    const tail = await t.app.inject({ url: answer.url, headers: { range: 'bytes=-16' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(video.subarray(-16))).toBe(true);
    expect(filesUnder(t.dataDir)).toEqual([]);
  });

  it('keeps nothing in the bucket of a refused upload', async () => {
    const user = await createUser(t);
    const before = await bucketKeys();
    const text = await upload(t, user, 'image', Buffer.from('hello, I am plain text'), {
      filename: 'cover.png',
    });
    expect(text.statusCode).toBe(415);
    const wrongKind = await upload(t, user, 'video', await tinyPng(), { filename: 'clip.mp4' });
    expect(wrongKind.statusCode).toBe(415);
    expect(await bucketKeys()).toEqual(before);
    expect(filesUnder(t.dataDir)).toEqual([]);
  });

  it('removes objects, and a missing one is neither found nor an error to remove', async () => {
    const user = await createUser(t);
    const { key } = await uploadOk(t, user, 'audio');
    const storage = t.container.storage;
    const opened = await storage.open(key, () => ({ start: 0, end: 3 }));
    expect(opened?.size).toBe(tinyWav().length);
    expect(opened?.range).toEqual({ start: 0, end: 3 });
    opened?.body.resume();
    await storage.remove(key);
    expect(await storage.open(key)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
    expect(await bucketKeys()).not.toContain(key);
  });
});

describe('an unreachable bucket', () => {
  let away: LoopbackS3;
  let u: MediaTestApp;
  beforeAll(async () => {
    away = await startLoopbackS3();
    u = await createMediaTestApp({ env: away.env });
  });
  afterAll(async () => {
    await u.close();
  });

  it('answers uploads and downloads 503 storage_unavailable, not 500, and health says so', async () => {
    const user = await createUser(u);
    const stored = await uploadOk(u, user, 'audio');
    const up = await u.app.inject({ url: '/api/v1/health' });
    expect(up.json().storage).toMatchObject({
      volumes: [{ name: 'data' }],
      bucket: { status: 'ok' },
    });
    // The store goes away: its port is closed, every connection is refused.
    await away.close();

    const refused = await upload(u, user, 'audio', tinyWav());
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'storage_unavailable' });
    expect(refused.headers['retry-after']).toBe('5');
    const download = await u.app.inject({ url: stored.url });
    expect(download.statusCode, download.body).toBe(503);
    expect(download.json()).toMatchObject({ code: 'storage_unavailable' });
    // The refused upload leaves nothing behind on the local disk either.
    expect(filesUnder(u.dataDir)).toEqual([]);

    const down = await u.app.inject({ url: '/api/v1/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      status: 'degraded',
      storage: { ok: false, bucket: { status: 'down', roundTripMs: null } },
    });
    expect(down.json().error).toMatch(/media bucket does not answer/);
  });
});
