import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    roundTripMs: z.number().nullable(),
  }),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/** Every error the API gives has this shape (SPEC §7: the request helper reads `error`). */
export const ErrorResponse = z.object({ error: z.string(), field: z.string().optional() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;
