import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '../../common/rules/roles';
import { fail } from '../http/errors';
import type { SessionCache } from './session-cache';
import type { TokenService, VerifiedToken } from './tokens';

/** The signed-in user behind a request, as the database says now (not as the token remembers). */
export interface Viewer {
  id: string;
  role: Role;
  username: string;
  token: VerifiedToken;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

export interface Guards {
  /** Refuses with 401 unless a live token of an active user comes with the request. */
  requireAuth: preHandlerAsyncHookHandler;
  /** requireAuth, then 403 unless the user's current role is one of `roles`. */
  requireRole(roles: readonly Role[]): preHandlerAsyncHookHandler;
  /** Sets request.viewer when a live token comes along; a bad or missing one means signed out. */
  optionalAuth: preHandlerAsyncHookHandler;
  /** The viewer of a request that passed requireAuth. */
  viewerOf(request: FastifyRequest): Viewer;
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Checks the token and that its account still exists, is active, still has the token version
 * the token was issued for, and did not revoke this token by logout. The account's state comes
 * from the session cache (no database round trip while fresh; dropped at once by any
 * session-ending event). The role is the database's, not the token's (issue 9): a promotion
 * keeps the session; a demotion, suspension or deletion bumps the token version and ends it.
 */
export async function resolveViewer(
  sessions: SessionCache,
  tokens: TokenService,
  token: string,
): Promise<Viewer | null> {
  const verified = await tokens.verify(token);
  if (!verified) return null;
  const account = await sessions.get(verified.id);
  if (!account || account.status !== 'active') return null;
  if (account.tokenVersion !== verified.ver || account.revokedJtis.has(verified.jti)) return null;
  return { id: verified.id, role: account.role, username: account.username, token: verified };
}

/** What a guard asks of a caller: a live session, or one only if it comes along. */
export type GuardKind = 'required' | 'optional';

const guardKinds = new WeakMap<object, GuardKind>();

/**
 * The guard among a route's preHandlers, so the OpenAPI document can say what the route needs
 * (server/http/openapi) from the hooks that enforce it rather than from a second list.
 */
export function guardKindOf(preHandler: unknown): GuardKind | undefined {
  const hooks: unknown[] = Array.isArray(preHandler) ? preHandler : [preHandler];
  for (const hook of hooks) {
    const kind = typeof hook === 'function' ? guardKinds.get(hook) : undefined;
    if (kind) return kind;
  }
  return undefined;
}

function marked<T extends object>(hook: T, kind: GuardKind): T {
  guardKinds.set(hook, kind);
  return hook;
}

/** Told of every request with a live token (SPEC §3 lastOnline); throttles its own writes. */
export interface ActivityListener {
  seen(userId: string): Promise<void>;
}

export function createGuards(
  sessions: SessionCache,
  tokens: TokenService,
  activity: ActivityListener,
): Guards {
  const requireAuth: preHandlerAsyncHookHandler = marked(async (request) => {
    const token = bearerToken(request);
    if (!token) throw fail('sign_in_required');
    const viewer = await resolveViewer(sessions, tokens, token);
    if (!viewer) throw fail('sign_in_expired');
    request.viewer = viewer;
    await activity.seen(viewer.id);
  }, 'required');
  const optionalAuth: preHandlerAsyncHookHandler = marked(async (request) => {
    const token = bearerToken(request);
    request.viewer = token ? await resolveViewer(sessions, tokens, token) : null;
    if (request.viewer) await activity.seen(request.viewer.id);
  }, 'optional');
  return {
    requireAuth,
    requireRole(roles) {
      const hook: preHandlerAsyncHookHandler = async function (this: unknown, request, reply) {
        await requireAuth.call(this as never, request, reply);
        if (!request.viewer || !roles.includes(request.viewer.role)) {
          throw fail('role_forbidden');
        }
      };
      return marked(hook, 'required');
    },
    optionalAuth,
    viewerOf(request) {
      if (!request.viewer) throw fail('sign_in_required');
      return request.viewer;
    },
  };
}
