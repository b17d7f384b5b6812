import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { MediaKind, UploadMediaResponse } from '../../../common/schemas/media';
import { renderCover, toneWav } from '../../seed/content-media';
import { createTestApp, type TestApp } from '../../test/app';
import type { TestUser } from '../../test/factories';

/** Builders shared by the media, items, feed and dashboard API tests. */

const BOUNDARY = '----aura-test-boundary';
export const MULTIPART_HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** One part of a multipart body: a file when it has a filename, else a plain field. */
export interface TestPart {
  field: string;
  filename?: string;
  contentType?: string;
  bytes: Buffer | string;
}

const partHead = (p: TestPart) =>
  Buffer.from(
    `--${BOUNDARY}\r\n` +
      `Content-Disposition: form-data; name="${p.field}"` +
      (p.filename === undefined ? '' : `; filename="${p.filename}"`) +
      '\r\n' +
      (p.filename === undefined
        ? ''
        : `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n`) +
      '\r\n',
  );

/** A multipart/form-data body of several parts (what a browser's FormData sends). */
export const multipartOf = (parts: TestPart[]) =>
  Buffer.concat([
    ...parts.flatMap((p) => [partHead(p), Buffer.from(p.bytes), Buffer.from('\r\n')]),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);

/** A multipart/form-data body with one file part (what the web's FormData sends). */
export function multipartBody(
  file: Buffer,
  options: { filename?: string; contentType?: string; field?: string; truncate?: boolean } = {},
) {
  const part: TestPart = {
    field: options.field ?? 'file',
    filename: options.filename ?? 'upload.bin',
    bytes: file,
    ...(options.contentType ? { contentType: options.contentType } : {}),
  };
  // A request that stops mid-file, like a browser tab closed during the upload.
  const payload = options.truncate
    ? Buffer.concat([partHead(part), file.subarray(0, Math.floor(file.length / 2))])
    : multipartOf([part]);
  return { payload, headers: MULTIPART_HEADERS };
}

export function upload(
  t: TestApp,
  user: TestUser | null,
  kind: MediaKind,
  file: Buffer,
  options: Parameters<typeof multipartBody>[1] = {},
) {
  const body = multipartBody(file, options);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/media/upload-${kind}`,
    headers: { ...body.headers, ...(user ? user.auth : {}) },
    payload: body.payload,
  });
}

export const tinyPng = (title = 'cover') =>
  renderCover({ width: 96, height: 64, colors: ['#3b82f6', '#9333ea'], title });
export const tinyWav = () => toneWav({ seconds: 0.05, frequency: 440, sampleRate: 8000 });
/** An MP4 header and filler: the server checks the container signature, it does not decode video. */
export const tinyMp4 = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41'),
    Buffer.alloc(64, 1),
  ]);

export async function uploadOk(
  t: TestApp,
  user: TestUser,
  kind: MediaKind,
  file?: Buffer,
): Promise<UploadMediaResponse> {
  const bytes =
    file ?? (kind === 'image' ? await tinyPng() : kind === 'audio' ? tinyWav() : tinyMp4());
  const res = await upload(t, user, kind, bytes, { filename: `x.${kind}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A private DATA_DIR, so a test can look at exactly the files its uploads left. */
export const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'aura-media-test-'));

export type MediaTestApp = TestApp & { dataDir: string };

/** A test app whose media land in a private DATA_DIR, removed again by close(). */
export async function createMediaTestApp(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<MediaTestApp> {
  const dataDir = tempDataDir();
  const t = await createTestApp({ ...options, env: { DATA_DIR: dataDir, ...options.env } });
  return {
    ...t,
    dataDir,
    async close() {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every regular file under a folder (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}
