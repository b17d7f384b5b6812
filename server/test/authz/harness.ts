import type { Role } from '../../../common/rules/roles';

/**
 * Who may call an operation (issue 18), as the authorization matrix test checks it:
 * - `anyone`: every caller, signed out too;
 * - `signed-in`: every role, not a signed-out caller (401);
 * - a list of roles: those (others 403, signed out 401).
 * `owner: true` marks an operation on one resource (an item): its owner may, and the roles
 * listed may on someone else's (others 403 or 404).
 */
export type Who = 'anyone' | 'signed-in' | readonly Role[];

/** What the matrix test builds before each row: the resource ids a request may name. */
export interface Fixtures {
  /** An item of `owner` (a creator), fresh for each row. */
  itemId: number;
  owner: { id: string; username: string };
  /** Another account, fresh for each row (a target of blocks, messages, warnings). */
  target: { id: string; username: string };
}

export interface MatrixRequest {
  /** Values of the path's `{name}` parts. */
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface MatrixRow {
  who: Who;
  owner?: true;
  /**
   * The code of this operation's own 401 refusal, for one guarded by a key rather than a
   * session (the backup key): every caller without that key is refused with it.
   */
  refusedWith?: string;
  /** A valid request (validation runs before the guard, so bad input would hide the outcome). */
  request?: (fx: Fixtures) => MatrixRequest;
}

/** Rows by `METHOD /openapi/path` (the OpenAPI spelling: `{id}`). */
export type MatrixRows = Record<string, MatrixRow>;
