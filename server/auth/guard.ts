import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '../../common/rules/roles';
import type { Database } from '../db/client';
import { revokedTokens, users } from '../db/schema/index';
import { fail } from '../http/errors';
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
 * One query per request checks the user still exists, is active, still has the token version
 * the token was issued for, and that this token was not revoked by logout (revocation takes
 * effect at once). The role is the database's, not the token's (issue 9): a promotion keeps the
 * session; a demotion, suspension or deletion bumps the token version and so ends it.
 */
export async function resolveViewer(
  db: Database,
  tokens: TokenService,
  token: string,
): Promise<Viewer | null> {
  const verified = await tokens.verify(token);
  if (!verified) return null;
  const rows = await db
    .select({
      id: users.id,
      role: users.role,
      username: users.username,
      status: users.status,
      tokenVersion: users.tokenVersion,
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${verified.jti})`,
    })
    .from(users)
    .where(and(eq(users.id, verified.id)))
    .limit(1);
  const user = rows[0];
  if (!user || user.revoked || user.status !== 'active') return null;
  if (user.tokenVersion !== verified.ver) return null;
  return { id: user.id, role: user.role, username: user.username, token: verified };
}

export function createGuards(db: Database, tokens: TokenService): Guards {
  const requireAuth: preHandlerAsyncHookHandler = async (request) => {
    const token = bearerToken(request);
    if (!token) throw fail('sign_in_required');
    const viewer = await resolveViewer(db, tokens, token);
    if (!viewer) throw fail('sign_in_expired');
    request.viewer = viewer;
  };
  return {
    requireAuth,
    requireRole(roles) {
      return async function (this: unknown, request, reply) {
        await requireAuth.call(this as never, request, reply);
        if (!request.viewer || !roles.includes(request.viewer.role)) {
          throw fail('role_forbidden');
        }
      };
    },
    async optionalAuth(request) {
      const token = bearerToken(request);
      request.viewer = token ? await resolveViewer(db, tokens, token) : null;
    },
    viewerOf(request) {
      if (!request.viewer) throw fail('sign_in_required');
      return request.viewer;
    },
  };
}
