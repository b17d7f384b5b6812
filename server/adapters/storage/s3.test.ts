import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMediaTestApp,
  filesUnder,
  tinyWav,
  uploadOk,
  type MediaTestApp,
} from '../../modules/media/test-helpers';
import { teaserKeyOf } from '../../modules/media/keys';
import { createUser } from '../../test/factories';
import { startFakeS3 } from './s3-fake';

let s3: Awaited<ReturnType<typeof startFakeS3>>;
let t: MediaTestApp;

beforeAll(async () => {
  s3 = await startFakeS3();
  t = await createMediaTestApp({
    env: {
      S3_BUCKET: 'aura-media',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('S3 media storage', () => {
  it('puts uploads into the bucket and serves them back, ranges included', async () => {
    const user = await createUser(t);
    const image = await uploadOk(t, user, 'image');
    const audio = await uploadOk(t, user, 'audio');
    expect([...s3.objects.keys()].sort()).toEqual(
      [
        `/aura-media/${image.key}`,
        `/aura-media/${audio.key}`,
        `/aura-media/${image.previewUrl?.split('/').pop()}`,
        `/aura-media/${teaserKeyOf(image.previewUrl?.split('/').pop() ?? '')}`,
      ].sort(),
    );
    expect(s3.objects.get(`/aura-media/${audio.key}`)?.contentType).toBe('audio/wav');
    // Nothing stays on the local disk: temp files are gone once the object is in the bucket.
    expect(filesUnder(t.dataDir)).toEqual([]);

    const whole = await t.app.inject({ url: audio.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(tinyWav())).toBe(true);
    const part = await t.app.inject({ url: audio.url, headers: { range: 'bytes=8-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.payload).toBe('WAVE');

    // An object missing from the bucket is a 404, not a server error.
    s3.objects.delete(`/aura-media/${audio.key}`);
    expect((await t.app.inject({ url: audio.url })).statusCode).toBe(404);
  });
});
