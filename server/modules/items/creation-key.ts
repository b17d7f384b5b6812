import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CreateItemRequest } from '../../../common/schemas/items';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { items, type ItemRow } from './tables';

/**
 * An item creation sent with an Idempotency-Key (server/http/idempotency-key.ts): the key and a
 * hash of the form are stored on the item, in the insert itself, so a creation that committed
 * without its answer (a crash, a lost connection) is found again by its retry.
 */
export interface CreationKey {
  key: string;
  hash: string;
}

/** The form as validated (the schema's own key order), hashed: the same form, the same hash. */
export const creationKeyOf = (key: string, body: CreateItemRequest): CreationKey => ({
  key,
  hash: createHash('sha256').update(JSON.stringify(body)).digest('base64url'),
});

/**
 * The item an earlier request of this creator made under the same key, or null. 409
 * `idempotency_key_reused` when that request sent another form, as the wallet does for another
 * item.
 */
export async function itemCreatedUnder(
  db: Db,
  creatorId: string,
  creation: CreationKey,
): Promise<ItemRow | null> {
  const [earlier] = await db
    .select()
    .from(items)
    .where(and(eq(items.creatorId, creatorId), eq(items.creationKey, creation.key)));
  if (!earlier) return null;
  if (earlier.creationHash !== creation.hash) throw fail('idempotency_key_reused');
  return earlier;
}
