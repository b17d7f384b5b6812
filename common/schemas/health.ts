import { z } from 'zod';
import { MailHealth } from './mail';

/** One part the server depends on: degraded still works but needs attention; down does not work. */
export const HealthComponentStatus = z.enum(['ok', 'degraded', 'down']);
export type HealthComponentStatus = z.infer<typeof HealthComponentStatus>;

/** Every place the server writes: volumes on disk and, with S3_BUCKET, the media bucket. */
export const HealthStorage = z.object({
  /** Every part below is ok. */
  ok: z.boolean(),
  /** Free bytes under DATA_DIR; null when they could not be read. */
  freeBytes: z.number().nullable(),
  minFreeBytes: z.number(),
  /**
   * data: DATA_DIR (embedded database, upload temp files, secrets); media: DATA_DIR/media when
   * media are files (it may be a volume of its own). degraded below minFreeBytes, down when a
   * small write fails.
   */
  volumes: z.array(
    z.object({
      name: z.enum(['data', 'media']),
      status: HealthComponentStatus,
      freeBytes: z.number().nullable(),
      writable: z.boolean(),
    }),
  ),
  /** The media bucket (S3_BUCKET only): down when it does not answer a HeadBucket in time. */
  bucket: z
    .object({ status: HealthComponentStatus, roundTripMs: z.number().nullable() })
    .optional(),
});
export type HealthStorage = z.infer<typeof HealthStorage>;

export const HealthResponse = z.object({
  /**
   * ok; degraded when the database, storage or Redis fails (a 503 for the first two; Redis alone
   * answers 200, as the instance still serves); draining while the server stops (SIGTERM).
   */
  status: z.enum(['ok', 'degraded', 'draining']),
  version: z.string(),
  /** Why the answer is 503 (the `{error}` shape of every refusal). */
  error: z.string().optional(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    roundTripMs: z.number().nullable(),
    /** A write went through (a database may answer reads while every write fails). */
    writable: z.boolean(),
  }),
  storage: HealthStorage,
  /** Undelivered mail (informative only; absent where the app has no mail job). */
  mail: MailHealth.optional(),
  /** Only with REDIS_URL: degraded when Redis does not answer a PING within a second. */
  redis: z
    .object({ status: z.enum(['ok', 'degraded']), roundTripMs: z.number().nullable() })
    .optional(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/**
 * Every refusal the API answers has this shape (SPEC §7: the request helper reads `error`): the
 * English text and the catalogue code of common/errors.ts, with the text's params, the field it
 * is about and, on a 500 or 507, the request id to quote. Some refusals add fields of their own.
 */
export const ErrorResponse = z.looseObject({
  error: z.string(),
  code: z.string(),
  field: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
