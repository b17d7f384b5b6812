import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMediaTestApp, type MediaTestApp } from '../media/test-helpers';
import { canMountVolumes, fillVolume, mountTinyVolume } from '../../test/tiny-volume';

const GiB = 1024 ** 3;
const health = (t: MediaTestApp) => t.app.inject({ method: 'GET', url: '/api/v1/health' });

describe('health of every volume the server writes', () => {
  let t: MediaTestApp;
  /** Free bytes the health check sees, per volume name ('data' or 'media'). */
  const free = { data: 10 * GiB, media: 10 * GiB };
  beforeAll(async () => {
    t = await createMediaTestApp({
      env: { STORAGE_MIN_FREE_BYTES: String(GiB) },
      freeBytes: async (dir) => (path.basename(dir) === 'media' ? free.media : free.data),
    });
  });
  afterAll(() => t.close());
  afterEach(() => {
    free.media = 10 * GiB;
    fs.rmSync(path.join(t.dataDir, 'media'), { recursive: true, force: true });
  });

  it('reports the data and the media volume, each writable with room', async () => {
    const res = await health(t);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().storage).toEqual({
      ok: true,
      freeBytes: 10 * GiB,
      minFreeBytes: GiB,
      volumes: [
        { name: 'data', status: 'ok', freeBytes: 10 * GiB, writable: true },
        { name: 'media', status: 'ok', freeBytes: 10 * GiB, writable: true },
      ],
    });
    // The probe files are gone again.
    expect(fs.readdirSync(path.join(t.dataDir, 'media'))).toEqual([]);
  });

  it('is degraded when the media volume, mounted apart from the data, runs low', async () => {
    free.media = 1024;
    const res = await health(t);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'degraded',
      storage: {
        ok: false,
        freeBytes: 10 * GiB,
        volumes: [
          { name: 'data', status: 'ok' },
          { name: 'media', status: 'degraded', freeBytes: 1024, writable: true },
        ],
      },
    });
    expect(res.json().error).toMatch(/media volume is below/);
  });

  it('reports a media volume that refuses writes as down', async () => {
    // Where the media folder should be, something that is not a folder: every write fails.
    fs.writeFileSync(path.join(t.dataDir, 'media'), 'not a folder');
    const res = await health(t);
    expect(res.statusCode).toBe(503);
    expect(res.json().storage.volumes[1]).toMatchObject({
      name: 'media',
      status: 'down',
      writable: false,
    });
    expect(res.json().error).toMatch(/media volume refuses writes/);
  });
});

describe.runIf(canMountVolumes())('health on a real full media volume (tmpfs)', () => {
  let t: MediaTestApp;
  let volume: { unmount(): void } | null = null;
  beforeAll(async () => {
    t = await createMediaTestApp();
    volume = mountTinyVolume(path.join(t.dataDir, 'media'), '1m');
  });
  afterAll(async () => {
    volume?.unmount();
    await t.close();
  });

  it('is ok with room, and down once the volume is full', async () => {
    const before = await health(t);
    expect(before.json().storage.volumes[1]).toMatchObject({ name: 'media', writable: true });
    fillVolume(path.join(t.dataDir, 'media'));
    const full = await health(t);
    expect(full.statusCode).toBe(503);
    expect(full.json().storage.volumes[1]).toMatchObject({
      name: 'media',
      status: 'down',
      freeBytes: 0,
      writable: false,
    });
    expect(full.json().storage.volumes[0]).toMatchObject({ name: 'data', writable: true });
  });
});
