/**
 * What of an error may be logged (issue 18). A failed database statement carries its parameters
 * (Drizzle puts them in the message and in `params`; PostgreSQL's `detail` repeats row values, as
 * in "Key (email)=(…) already exists"), which would put password hashes and e-mail addresses in
 * the log. Database errors are logged with the statement and the codes only.
 */
export function loggableError(err: unknown): unknown {
  if (!err || typeof err !== 'object') return err;
  const e = err as {
    name?: string;
    message?: string;
    stack?: string;
    query?: unknown;
    params?: unknown;
    cause?: unknown;
  };
  const cause =
    e.cause && typeof e.cause === 'object' ? (e.cause as Record<string, unknown>) : null;
  const isDatabaseError = typeof e.query === 'string' || Array.isArray(e.params);
  const isDriverError = typeof (err as { severity?: unknown }).severity === 'string';
  if (!isDatabaseError && !isDriverError) return err;
  const driver = isDriverError ? (err as Record<string, unknown>) : cause;
  return {
    type: e.name ?? 'Error',
    message: typeof e.query === 'string' ? `Failed query: ${e.query}` : 'Database error',
    // Codes and names only: never `detail`, `where` or parameters, which hold row values.
    code: driver?.code,
    constraint: driver?.constraint,
    table: driver?.table,
    column: driver?.column,
    driverMessage: typeof driver?.message === 'string' ? redactValues(driver.message) : undefined,
  };
}

/** PostgreSQL quotes offending values in some messages ("invalid input syntax … \"value\""). */
const redactValues = (message: string) => message.replace(/"[^"]*"|\([^)]*\)=\([^)]*\)/g, '…');
