import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ERROR_CATALOGUE,
  errorText,
  genericCodeOf,
  isMessageKeyCode,
  type ErrorCode,
  type MessageKeyCode,
  type ErrorParams,
} from '../../common/errors';
import { StorageUnavailableError } from '../adapters/storage/index';
import {
  isDatabasePoolExhausted,
  isDatabaseUnavailable,
  isStatementTimedOut,
} from '../db/availability';
import { loggableError } from './loggable-error';

/** A refusal the client caused: answered with its status and `{ error }`, never logged as a fault. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * A refusal by catalogue code (common/errors.ts): its status, its English text with `params`
 * filled in, and `code` plus `params` in the answer so the web can translate it.
 */
export function fail(
  code: ErrorCode,
  params?: ErrorParams,
  extra: Record<string, unknown> = {},
): HttpError {
  const { status } = ERROR_CATALOGUE[code];
  return new HttpError(status, errorText(code, params), {
    code,
    ...(params ? { params } : {}),
    ...extra,
  });
}

/**
 * A refusal by SPEC §5 message key (`usernameTaken`, `passwordCommon`, ...): the key is both the
 * `error` and the `code`, and the form that sent the request translates it.
 */
export function failWithKey(
  status: 400 | 409,
  key: MessageKeyCode,
  extra: Record<string, unknown> = {},
): HttpError {
  return new HttpError(status, key, { code: key, ...extra });
}

/**
 * A refusal in an outside provider's own words (SPEC §8: the card network's message under the
 * card field), still under a catalogue code so the web can translate it.
 */
export function failInProviderWords(
  code: ErrorCode,
  providerText: string,
  extra: Record<string, unknown> = {},
): HttpError {
  return new HttpError(ERROR_CATALOGUE[code].status, providerText, { code, ...extra });
}

// A message key from common/ (e.g. `usernameTooShort`, `creatorIdInvalid`) is machine-readable;
// zod's own messages are English sentences, so the answer carries zod's issue code instead.
const MESSAGE_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*$/;

function describeValidation(
  context: string | undefined,
  instancePath: string,
  message: string,
  issueCode: string | undefined,
): { error: string; field: string; code: string; params?: ErrorParams } {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.') || (context ?? 'body');
  // A SPEC §5 key is its own code (the form that sent it translates it).
  if (isMessageKeyCode(message)) return { error: message, field, code: message };
  const isKey = MESSAGE_KEY.test(message);
  const reason = isKey ? message : (issueCode ?? 'invalid');
  return {
    // A schema's own key is the answer's text as SPEC §8 quotes it ('studio.error.tooShort').
    error: isKey ? message : errorText('invalid_field', { field, reason }),
    field,
    code: 'invalid_field',
    params: { field, reason },
  };
}

/**
 * Every `{ error }` carries a stable `code` (issue 10): the thrower's own, a SPEC §5 key sent as
 * the text, or the generic code of the status.
 */
export function codeOf(status: number, message: string, given: unknown): string {
  if (typeof given === 'string' && given !== '') return given;
  if (isMessageKeyCode(message)) return message;
  return genericCodeOf(status);
}

/**
 * A full disk (issue 18): the filesystem's ENOSPC / EDQUOT, or PostgreSQL's disk_full (53100), as
 * the error itself or its cause (Drizzle wraps driver errors).
 */
export function isStorageFull(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT' || code === '53100') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const outageAnswers = new WeakSet<FastifyRequest>();

/**
 * Whether `request` was answered 503 `database_unavailable`, `server_busy` or
 * `storage_unavailable`: the caller did nothing wrong, so its rate-limit count is refunded.
 */
export const answeredDatabaseOutage = (request: FastifyRequest): boolean =>
  outageAnswers.has(request);

export interface ErrorHandlingOptions {
  /**
   * Asked when a failure looks like a lost database connection, to tell a database outage from
   * another service refusing a socket (S3, a model server): only then the answer is a 503.
   */
  databaseReachable?: () => Promise<boolean>;
}

export function registerErrorHandling(
  app: FastifyInstance,
  options: ErrorHandlingOptions = {},
): void {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const answer = describeValidation(
        err.validationContext,
        first?.instancePath ?? '',
        first?.message ?? '',
        first?.keyword,
      );
      return reply.status(400).send(answer);
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({
        error: err.message,
        ...err.extra,
        code: codeOf(err.statusCode, err.message, err.extra.code),
      });
    }
    if (isStorageFull(err)) {
      request.log.error(
        { reqId: request.id, code: (err as { code?: unknown }).code },
        'storage full',
      );
      return reply
        .status(507)
        .send({ error: errorText('storage_full'), code: 'storage_full', requestId: request.id });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (bad JSON, body too large, rate limit, unsupported media type).
      return reply.status(status).send({ error: err.message, code: genericCodeOf(status) });
    }
    // These 503s say "try again shortly" and are not charged to the caller's rate limit.
    const retryLater = (
      code: 'server_busy' | 'database_unavailable' | 'storage_unavailable',
      why: string,
      cause?: unknown,
    ) => {
      outageAnswers.add(request);
      request.log.warn({ reqId: request.id, ...(cause ? { err: loggableError(cause) } : {}) }, why);
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: errorText(code), code });
    };
    // The media bucket is away (issue 18's outages): a retry works once it is back.
    if (err instanceof StorageUnavailableError) {
      return retryLater('storage_unavailable', 'media storage unavailable', err.cause);
    }
    // Every pooled connection stayed busy for the pool's whole wait: an overload, not an internal
    // error. No reachability probe: it would queue for the same busy pool.
    if (isDatabasePoolExhausted(err)) return retryLater('server_busy', 'database pool busy');
    // The server cancelled a statement past a request's bound: it is overloaded (or the query is
    // slow, which the log line says), and a retry may well be served.
    if (isStatementTimedOut(err)) {
      request.log.warn({ err: loggableError(err), reqId: request.id }, 'statement timed out');
      return retryLater('server_busy', 'database statement timeout');
    }
    if (
      isDatabaseUnavailable(err) &&
      !(await (options.databaseReachable?.() ?? Promise.resolve(false)))
    ) {
      // The database is away (restart, network): a retry will work once it is back (issue 18).
      return retryLater('database_unavailable', 'database unavailable');
    }
    request.log.error({ err: loggableError(err), reqId: request.id }, 'request failed');
    return reply
      .status(500)
      .send({ error: errorText('internal'), code: 'internal', requestId: request.id });
  });
}

export const isApiPath = (url: string) => /^\/(api|v1)(\/|$|\?)/.test(url);
