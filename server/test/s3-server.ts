import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver's one built-in account; it checks every request's signature against this key. */
const ACCESS_KEY = 'S3RVER';

export interface S3Request {
  method: string;
  /** `/bucket/key` (path-style addressing). */
  path: string;
  query: URLSearchParams;
}

export interface LoopbackS3 {
  bucket: string;
  endpoint: string;
  /** The S3_* variables that point the app at this server. */
  env: Record<string, string>;
  /** A client of the same server, to look at the bucket behind the app's back. */
  client: S3Client;
  /** Every request, in the order they arrived. */
  requests: S3Request[];
  close(): Promise<void>;
}

/**
 * An S3-compatible server on 127.0.0.1 for tests: s3rver (the S3 API over a folder: signature
 * V4 checks, ranges, multipart uploads), so the real @aws-sdk/client-s3 runs against it. Each
 * call gets its own folder and bucket contents; close() removes them.
 */
export async function startLoopbackS3(bucket = 'aura-media'): Promise<LoopbackS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-s3-'));
  const s3rver = new S3rver({
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await s3rver.configureBuckets();
  // Served from our own HTTP server (s3rver's documented callback()), which records requests.
  const handle = s3rver.callback();
  const requests: S3Request[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams });
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'eu-central-1',
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    endpoint,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  return {
    bucket,
    endpoint,
    env,
    client,
    requests,
    async close() {
      client.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
