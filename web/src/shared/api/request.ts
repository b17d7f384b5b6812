import type { ErrorParams } from '../../../../common/errors';
import i18n from 'i18next';
import { localizeMoneyParams } from '../../../../common/rules/money';
import { clearToken, readStoredToken } from '../../app/token-storage';

export class RequestError extends Error {
  /** The server's stable error code (common/errors.ts), when it sent one. */
  readonly code: string | null;
  /** The server's own (English) text, before translation. */
  readonly serverText: string;
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    const code = codeOf(body);
    super(translatedError(code, paramsOf(body)) ?? message);
    this.code = code;
    this.serverText = message;
  }
}

const fieldOf = (body: unknown, name: string): unknown =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

function codeOf(body: unknown): string | null {
  const code = fieldOf(body, 'code');
  return typeof code === 'string' && code !== '' ? code : null;
}

function paramsOf(body: unknown): ErrorParams {
  const params = fieldOf(body, 'params');
  return params && typeof params === 'object' ? (params as ErrorParams) : {};
}

/**
 * Issue 10: the reader's language for a code the catalogue knows (`errors.<code>`), else null so
 * the server's text shows. SPEC §5 message keys stay keys: their forms translate them. The
 * `errors` translations hold exactly the catalogue's codes (error-codes.test.ts), so asking
 * i18n is asking the catalogue, without its English texts in every page's JavaScript.
 */
function translatedError(code: string | null, params: ErrorParams): string | null {
  if (code === null) return null;
  const key = `errors.${code}`;
  if (!i18n.isInitialized || !i18n.exists(key)) return null;
  const t = i18n.t as (key: string, options?: ErrorParams) => string;
  const reasons = Object.hasOwn(REASON_KEYS, code) ? REASON_KEYS[code] : undefined;
  const shown = reasons ? { ...params, reason: reasonText(reasons, params.reason) } : params;
  return t(key, localizeMoneyParams(shown, i18n.language));
}

/**
 * Codes whose `reason` param is a code of its own, with where its translations are: an
 * `invalid_field` names zod's issue code (e.g. `too_big`) or a schema's own key, an
 * `import_malformed` what is wrong with the member file (IMPORT_MALFORMED_REASONS).
 */
const REASON_KEYS: Record<string, { prefix: string; fallback: string | null }> = {
  invalid_field: { prefix: 'validation', fallback: 'validation.invalid' },
  import_malformed: { prefix: 'members.import.malformed', fallback: null },
};

/**
 * The reader's language for a reason code, else the fallback's (the general "is not valid"),
 * else the code as the server sent it.
 */
function reasonText(
  { prefix, fallback }: { prefix: string; fallback: string | null },
  reason: unknown,
): string {
  const code = typeof reason === 'string' || typeof reason === 'number' ? String(reason) : '';
  const key = `${prefix}.${code}`;
  const t = i18n.t as (key: string) => string;
  if (i18n.exists(key)) return t(key);
  return fallback === null ? code : t(fallback);
}

/**
 * The shared request helper of SPEC §7: JSON in and out, optional bearer token; an error
 * throws the body's `error` field, else its `message` field, else `Error {status}`.
 */
export async function request<T>(
  path: string,
  options: {
    method?: string;
    body?: unknown;
    token?: string | null;
    signal?: AbortSignal;
    /** Extra headers, e.g. the wallet unlock's Idempotency-Key. */
    headers?: Record<string, string>;
  } = {},
): Promise<T> {
  const token = options.token === undefined ? readStoredToken() : options.token;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  // The server refuses a stored token it no longer honours (logged out elsewhere, role changed,
  // account deactivated): the session is over, so the app shows the signed-out state. A token
  // replaced while this request was under way (a password change hands out a fresh one) stays.
  if (res.status === 401 && token && options.token === undefined && readStoredToken() === token) {
    clearToken();
  }
  if (!res.ok) throw new RequestError(res.status, errorMessage(body, res.status), body);
  return body as T;
}

/** SPEC §8: the body's `error` field, else its `message` field, else `Error {status}`. */
export function errorMessage(body: unknown, status: number): string {
  const fields = (body && typeof body === 'object' ? body : {}) as {
    error?: unknown;
    message?: unknown;
  };
  if (typeof fields.error === 'string') return fields.error;
  if (typeof fields.message === 'string') return fields.message;
  return `Error ${status}`;
}

export const isNotFound = (error: unknown): boolean =>
  error instanceof RequestError && error.status === 404;

/** A query's retry rule: a missing record stays missing, so retrying a 404 only delays it. */
export const retryUnlessNotFound = (count: number, error: unknown): boolean =>
  !isNotFound(error) && count < 1;
