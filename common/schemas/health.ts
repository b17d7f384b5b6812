import { z } from 'zod';

export const HealthResponse = z.object({
  /** ok; degraded when the database or storage fails; draining while the server stops (SIGTERM). */
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
  storage: z.object({
    ok: z.boolean(),
    /** Free bytes under DATA_DIR; null when they could not be read. */
    freeBytes: z.number().nullable(),
    minFreeBytes: z.number(),
  }),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** Every error the API gives has this shape (SPEC §7: the request helper reads `error`). */
export const ErrorResponse = z.object({ error: z.string(), field: z.string().optional() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
