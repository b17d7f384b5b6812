import { newIdempotencyKey } from './idempotency-key';

/**
 * One Idempotency-Key per thing a person means to create: sending the same form again (a retry
 * after a lost answer) reuses the key, so the server answers the item it already made; a changed
 * form, or a new one after a success, gets a fresh key.
 */
export function intentKeys(makeKey: () => string = newIdempotencyKey) {
  let current: { request: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const request = JSON.stringify(body);
      if (current?.request !== request) current = { request, key: makeKey() };
      return current.key;
    },
    /** The intent was answered: the next request is a new one. */
    done(): void {
      current = null;
    },
  };
}
