import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import { StorageUnavailableError, type ByteRange, type MediaStorage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');

/*
 * Without these the SDK waits for a connection, and for a silent socket, as long as the operating
 * system lets it: an unreachable bucket held every upload for minutes. Each attempt (the SDK makes
 * three) gets CONNECT_TIMEOUT_MS to connect and may then stay silent IDLE_TIMEOUT_MS, long enough
 * for a store to take a 5 MiB part.
 */
const CONNECT_TIMEOUT_MS = 5_000;
const IDLE_TIMEOUT_MS = 30_000;

const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** The store is away (no connection, no answer, a 5xx after the retries), not refusing this request. */
export function isStoreUnreachable(err: unknown): boolean {
  if (err instanceof S3ServiceException) return (err.$metadata.httpStatusCode ?? 0) >= 500;
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, name } = e as { code?: unknown; name?: unknown };
    if (typeof code === 'string' && NETWORK_ERRORS.has(code)) return true;
    if (name === 'TimeoutError') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs one call to the store; an unreachable store becomes a StorageUnavailableError (503). */
async function reaching<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isStoreUnreachable(err)) {
      throw new StorageUnavailableError('the media bucket cannot be reached', { cause: err });
    }
    throw err;
  }
}

/** Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Garage). */
export function createS3Storage(options: S3StorageOptions): MediaStorage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: the streamed aws-chunked uploads of the newer
    // default are not understood by every S3-compatible store (MinIO, R2, Garage versions).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: IDLE_TIMEOUT_MS },
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  });
  const Bucket = options.bucket;

  return {
    async commitFile(tempPath, key, contentType) {
      try {
        const { size } = await fsp.stat(tempPath);
        // AWS's upload helper: one PUT for a file under one part (5 MiB), else a multipart
        // upload of 5 MiB parts, four in flight, each retried on its own, so a long video does
        // not start over on one failed request and may pass the 5 GB limit of a single PUT.
        // The object appears only when the upload completes; a failed one is aborted, which
        // leaves no parts behind.
        await reaching(() =>
          new Upload({
            client,
            params: {
              Bucket,
              Key: key,
              Body: fs.createReadStream(tempPath),
              ContentLength: size,
              ContentType: contentType,
            },
          }).done(),
        );
      } finally {
        await fsp.rm(tempPath, { force: true });
      }
    },
    async open(key, rangeOf) {
      let size: number;
      try {
        const head = await reaching(() => client.send(new HeadObjectCommand({ Bucket, Key: key })));
        size = head.ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      const range: ByteRange | null = rangeOf?.(size) ?? null;
      try {
        const answer = await reaching(() =>
          client.send(
            new GetObjectCommand({
              Bucket,
              Key: key,
              ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
            }),
          ),
        );
        const body = answer.Body;
        if (!(body instanceof Readable)) throw new Error('S3 answered without a body stream');
        return { body, size, range };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      await reaching(() => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },
    directory: null,
    async ping(signal) {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: signal });
    },
  };
}
