import { z } from 'zod';
import { fail } from './errors';

/*
 * The Idempotency-Key of a write that must happen once (the wallet unlock, a payout run, an item
 * creation): a repeat under the same key answers what the first did, and the same key with a
 * different request answers 409 `idempotency_key_reused`. Each service keeps the key where its
 * write lands (a ledger ref, a run row, the item row), so the key and the write commit together.
 */

/** 1 to 100 of A-Z a-z 0-9 _ - : . */
const IDEMPOTENCY_KEY = /^[\w\-:.]{1,100}$/;

/** The header of the routes that take a key (fastify-type-provider-zod). */
export const IdempotencyKeyHeaders = z.object({ 'idempotency-key': z.string().optional() });

const refused = () => fail('idempotency_key_required', undefined, { field: 'Idempotency-Key' });

/** The key of a write that needs one; 400 `idempotency_key_required` when absent or malformed. */
export function requiredIdempotencyKey(raw: string | undefined): string {
  if (!raw || !IDEMPOTENCY_KEY.test(raw)) throw refused();
  return raw;
}

/** The key of a write that may come without one (null); 400 when one is sent malformed. */
export function optionalIdempotencyKey(raw: string | undefined): string | null {
  return raw === undefined ? null : requiredIdempotencyKey(raw);
}
