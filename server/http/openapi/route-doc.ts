import type { RouteOptions } from 'fastify';
import { guardKindOf } from '../../auth/guard';

/** A JSON schema as the OpenAPI document holds it (OpenAPI 3.1: JSON Schema 2020-12). */
export type SchemaObject = Record<string, unknown>;

/** An answer that is not the route's JSON (a file, an image, a CSV, an event stream). */
export interface ContentDoc {
  description: string;
  /** By media type; merged with the JSON answer of the same status when there is one. */
  content: Record<string, { schema: SchemaObject; example?: unknown }>;
}

/**
 * What a route's own options cannot tell the OpenAPI document (route `config.openapi`). The
 * common refusals are derived (errorStatusesOf); only what a service decides is listed here.
 */
export interface RouteDoc {
  /** Refusals the service answers beyond those the guard, input, path and limits imply. */
  errors?: readonly ErrorStatus[];
  /** A body the handler reads itself (a multipart upload): documented, never validated by Fastify. */
  body?: { contentType: string; description: string; schema: SchemaObject };
  /** Answers beside or instead of the JSON schema, by status. */
  responses?: Partial<Record<number, ContentDoc>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: RouteDoc;
  }
}

/** Every refusal status the API answers with the `{ error, code }` body. */
export const ERROR_STATUSES = [
  400, 401, 402, 403, 404, 409, 410, 413, 415, 416, 429, 502, 503, 504, 507,
] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const methodsOf = (route: Pick<RouteOptions, 'method'>): string[] =>
  (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());

/** What the route's guard asks of the caller ('none' without one). */
export function authOf(route: Pick<RouteOptions, 'preHandler'>): 'required' | 'optional' | 'none' {
  return guardKindOf(route.preHandler) ?? 'none';
}

/**
 * The refusals a route can answer, from what it is: 400 when it takes input (a schema or a body
 * that may be malformed), 413 and 415 for a body too large or of a type it does not read, 401 and
 * 403 behind the sign-in guard (every signed-in call asks `authorize`), 404 when its path names a
 * resource, 409 with an Idempotency-Key, 429 with a rate limit, 503 always (the database or the
 * media storage may be away) and 507 on a write (a full disk); plus what `config.openapi.errors`
 * adds.
 */
export function errorStatusesOf(route: RouteOptions): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>();
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const doc = route.config?.openapi;
  const takesBody = methodsOf(route).some((m) => BODY_METHODS.has(m));
  const takesInput =
    takesBody || ['body', 'querystring', 'params', 'headers'].some((part) => schema[part]);
  if (takesInput) statuses.add(400);
  if (takesBody) {
    statuses.add(413);
    statuses.add(415);
    statuses.add(507);
  }
  if (authOf(route) === 'required') {
    statuses.add(401);
    statuses.add(403);
  }
  if (/[:*]/.test(route.url)) statuses.add(404);
  if (hasHeader(schema.headers, 'idempotency-key')) statuses.add(409);
  if (route.config && 'rateLimit' in route.config && route.config.rateLimit) statuses.add(429);
  statuses.add(503);
  for (const status of doc?.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

function hasHeader(headers: unknown, name: string): boolean {
  const shape = (headers as { shape?: Record<string, unknown> } | undefined)?.shape;
  return !!shape && Object.keys(shape).some((key) => key.toLowerCase() === name);
}
