import type { preValidationAsyncHookHandler } from 'fastify';
import { fail } from './errors';

export const NUL_TEXT_ERROR = 'Text must not contain NUL characters';

/** Whether a parsed JSON value holds a string with U+0000 anywhere inside it. */
export function containsNul(value: unknown): boolean {
  // A work list, not recursion: a deeply nested body must not overflow the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, inner] of Object.entries(next)) pending.push(key, inner);
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL in any JSON body, query or path value would
 * reach the database only to fail there as a 500. No field of this API has a use for it:
 * refused with 400 before validation, for every route.
 */
export const refuseNulText: preValidationAsyncHookHandler = async (request) => {
  if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
    throw fail('nul_text');
  }
};
