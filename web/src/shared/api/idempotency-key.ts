/**
 * A fresh Idempotency-Key for one purchase intent. crypto.randomUUID exists only in secure
 * contexts (https or localhost); a self-hosted instance on plain http falls back to
 * getRandomValues, which is available everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
