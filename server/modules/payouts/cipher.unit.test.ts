import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeKey32, deriveKeys } from '../../keys';
import { createPayoutCipher, keyIdOf, payoutCipherOf } from './cipher';

const KEY = randomBytes(32);
const CREATOR = '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('sealing payout numbers (AES-256-GCM)', () => {
  const cipher = createPayoutCipher({ current: KEY });

  it('opens what it sealed, with a fresh 12-byte nonce every time', () => {
    const a = cipher.seal('000123456789', CREATOR, 'accountNumber');
    const b = cipher.seal('000123456789', CREATOR, 'accountNumber');
    expect(a).not.toBe(b);
    expect(a).not.toContain('000123456789');
    const [version, keyId, nonce] = a.split('.');
    expect(version).toBe('v1');
    expect(keyId).toBe(keyIdOf(KEY));
    expect(Buffer.from(nonce!, 'base64url')).toHaveLength(12);
    expect(cipher.open(a, CREATOR, 'accountNumber')).toBe('000123456789');
  });

  it('refuses a value that was altered, moved to another creator or another field', () => {
    const sealed = cipher.seal('021000021', CREATOR, 'routingNumber');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    const altered = [...parts.slice(0, 3), body.toString('base64url')].join('.');
    expect(() => cipher.open(altered, CREATOR, 'routingNumber')).toThrow();
    expect(() => cipher.open(sealed, 'another-creator', 'routingNumber')).toThrow();
    expect(() => cipher.open(sealed, CREATOR, 'accountNumber')).toThrow();
    expect(() => cipher.open('plain text', CREATOR, 'routingNumber')).toThrow(/not a sealed/);
  });

  it('names the key it lacks instead of guessing', () => {
    const other = createPayoutCipher({ current: randomBytes(32) });
    const sealed = other.seal('1234', CREATOR, 'accountNumber');
    expect(() => cipher.open(sealed, CREATOR, 'accountNumber')).toThrow(/PAYOUT_KEYS_PREVIOUS/);
  });
});

describe('payout keys from configuration', () => {
  it('reads 32 bytes as hex, base64 or base64url, and nothing else', () => {
    expect(decodeKey32(KEY.toString('hex'))).toEqual(KEY);
    expect(decodeKey32(KEY.toString('base64'))).toEqual(KEY);
    expect(decodeKey32(KEY.toString('base64url'))).toEqual(KEY);
    for (const bad of [
      '',
      'short',
      randomBytes(16).toString('hex'),
      randomBytes(31).toString('base64'),
      `${KEY.toString('hex')}00`,
    ]) {
      expect(decodeKey32(bad), bad).toBeNull();
    }
  });

  it('seals with the derived key by default and with PAYOUT_KEY when set', () => {
    const keys = deriveKeys('root-secret-root-secret-root-secret-0123');
    expect(payoutCipherOf({}, keys).currentKeyId).toBe(keyIdOf(keys['payout-encryption']));
    expect(payoutCipherOf({ PAYOUT_KEY: KEY.toString('hex') }, keys).currentKeyId).toBe(
      keyIdOf(KEY),
    );
  });
});
