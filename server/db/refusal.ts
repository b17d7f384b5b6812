import { sql, type SQL } from 'drizzle-orm';

/**
 * Ends the statement it runs in with an error naming `reason` (migration 0017's `aura_refuse`),
 * so that nothing the statement wrote stays: how a write of several data-modifying expressions
 * in one statement refuses when one part could not be written. Use it in a CASE, so it runs
 * only then.
 */
export const refuseSql = (reason: string): SQL<boolean> =>
  sql<boolean>`aura_refuse(${reason}::text)`;

/** The reason of a refusal raised by `refuseSql` (through drizzle's wrapping), or null. */
export function refusalOf(error: unknown): string | null {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  const { code, hint, message } = (cause ?? {}) as {
    code?: unknown;
    hint?: unknown;
    message?: unknown;
  };
  return code === 'P0001' && hint === 'aura_refusal' && typeof message === 'string'
    ? message
    : null;
}
