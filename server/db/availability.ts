/**
 * Tells a lost database connection (server restarting, network cut, failover) from every other
 * failure, so a request answers 503 `database_unavailable` instead of a 500 and is not charged
 * to its caller's rate limit (issue 18). Only connection-level signals count: a query the
 * server refused (constraint, syntax, serialisation) is a database answer, not an outage.
 */

// SQLSTATE class 08 is "connection exception"; 57P01-57P03 are the server shutting down or
// starting; 53300 is "too many connections".
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

// Node socket errors on the way to the server.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// What node-postgres says when a connection ends under it or cannot be made in time.
const PG_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /Cannot use a pool after calling end on the pool/,
  // A query's client-side deadline passed without an answer (a silent network cut).
  /^Query read timeout$/,
  // A new connection's own bound passed (pg's wording; pg-pool's wraps it as the cause of
  // "Connection terminated due to connection timeout" only when the pool's bound fired first).
  /^timeout expired$/,
];

function* causes(err: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    yield current;
    if (current instanceof AggregateError) for (const inner of current.errors) yield* causes(inner);
    current = (current as { cause?: unknown }).cause;
  }
}

// What pg-pool says when every pooled connection stayed busy for the whole wait (its wording
// says "connect", but no connection was attempted: a new connection's timeout ends with
// "Connection terminated due to connection timeout").
const POOL_WAIT_MESSAGE = /^timeout exceeded when trying to connect$/;

/**
 * True when `err` (or anything in its `cause` chain) is a request that waited for a pooled
 * connection for the whole of the pool's wait while every connection was working: the server is
 * overloaded, not the database lost.
 */
export function isDatabasePoolExhausted(err: unknown): boolean {
  for (const e of causes(err)) {
    const { message } = e as { message?: unknown };
    if (typeof message === 'string' && POOL_WAIT_MESSAGE.test(message)) return true;
  }
  return false;
}

// SQLSTATE 57014: the server cancelled a statement that ran past statement_timeout.
const STATEMENT_TIMEOUT_SQLSTATE = '57014';

/**
 * True when `err` (or anything in its `cause` chain) is a statement the server cancelled because
 * it ran past its bound (server/db/postgres.ts): the database is too slow right now, not lost.
 */
export function isStatementTimedOut(err: unknown): boolean {
  for (const e of causes(err)) {
    if ((e as { code?: unknown }).code === STATEMENT_TIMEOUT_SQLSTATE) return true;
  }
  return false;
}

/** True when `err` (or anything in its `cause` chain) says the database could not be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || SOCKET_CODES.has(code))) {
      return true;
    }
    if (typeof message === 'string' && PG_CONNECTION_MESSAGES.some((re) => re.test(message))) {
      return true;
    }
  }
  return false;
}
