import { hkdfSync } from 'node:crypto';

/**
 * Every secret the server uses is derived from one root secret (JWT_SECRET, or the one generated
 * under DATA_DIR) with HKDF-SHA256, one purpose each (issue 9). A key of one purpose can never
 * pass for another's: a media-URL signature is not a token signature, a visitor hash does not
 * reveal the signing key, and the root itself is never used as a key.
 */
export const KEY_PURPOSES = [
  'tokens',
  'media-urls',
  'visitor-hash',
  'payout-encryption',
  'mail-links',
  'ai-placeholder',
  'ops-backup',
  'login-throttle',
  'feed-links',
] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

export type Keys = Readonly<Record<KeyPurpose, Buffer>>;

const SALT = 'aura/hkdf/v1';

/** 32 bytes for `purpose`, the same on every instance that shares the root secret. */
export function deriveKey(rootSecret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', rootSecret, SALT, `aura/${purpose}`, 32));
}

export function deriveKeys(rootSecret: string): Keys {
  const keys = {} as Record<KeyPurpose, Buffer>;
  for (const purpose of KEY_PURPOSES) keys[purpose] = deriveKey(rootSecret, purpose);
  return Object.freeze(keys);
}

/**
 * A 32-byte key given in configuration (PAYOUT_KEY): 64 hex digits, or base64 / base64url of
 * 32 bytes. Null for anything else, so a mistyped key stops the start instead of weakening it.
 */
export function decodeKey32(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}
