import type { Readable } from 'node:stream';

/** Inclusive byte range of an HTTP `Range: bytes=start-end` request. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  body: Readable;
  /** Size of the whole object (not of the range). */
  size: number;
  /** The range actually returned, when one was asked for. */
  range: ByteRange | null;
}

/**
 * Where media bytes live (issue 4): local disk by default, an S3-compatible bucket when
 * S3_BUCKET is set. Uploads arrive as finished temporary files, so a refused or interrupted
 * upload never reaches the store.
 */
export interface MediaStorage {
  /** Moves a complete temporary file into the store under `key`; the temp file is gone after. */
  commitFile(tempPath: string, key: string, contentType: string): Promise<void>;
  /** Streams an object (or one range of it); null when there is no such object. */
  open(key: string, range?: (size: number) => ByteRange | null): Promise<StoredObject | null>;
  /** Removes an object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The folder a store on disk writes, whose volume the health check watches; null for a bucket. */
  readonly directory: string | null;
  /** Resolves when the store answers (a bucket: HeadBucket) before `signal` ends; rejects otherwise. */
  ping(signal: AbortSignal): Promise<void>;
}

/**
 * The store cannot be reached (connection refused or timed out, a 5xx after the retries): the
 * request is answered 503 `storage_unavailable`, since a retry may work once it is back.
 */
export class StorageUnavailableError extends Error {}
