import { createHmac } from 'node:crypto';

/**
 * Who a visit is counted for, once per day: a signed-in viewer by their id, a signed-out one by
 * a keyed hash of their address (the `visitor-hash` key), so the address itself is never
 * stored and the hash cannot be reversed without the server's key. Items and profiles count
 * visitors with it.
 */
export function visitorKey(
  hashKey: Uint8Array,
  viewer: { id: string } | null,
  address: string,
): string {
  if (viewer) return `u:${viewer.id}`;
  const hash = createHmac('sha256', hashKey).update(address).digest('base64url');
  return `a:${hash.slice(0, 22)}`;
}
