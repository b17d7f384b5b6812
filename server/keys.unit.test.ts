import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey, deriveKeys, KEY_PURPOSES } from './keys';

const ROOT = 'root-secret-root-secret-root-secret-0123';

describe('keys derived per purpose (HKDF)', () => {
  it('gives every purpose its own 32-byte key, none equal to the root', () => {
    const keys = deriveKeys(ROOT);
    const seen = new Set<string>();
    for (const purpose of KEY_PURPOSES) {
      expect(keys[purpose]).toHaveLength(32);
      seen.add(keys[purpose].toString('hex'));
      expect(keys[purpose].equals(Buffer.from(ROOT))).toBe(false);
    }
    expect(seen.size).toBe(KEY_PURPOSES.length);
  });

  it('is stable for one root and differs for another', () => {
    expect(deriveKey(ROOT, 'tokens').equals(deriveKey(ROOT, 'tokens'))).toBe(true);
    expect(deriveKey(ROOT, 'tokens').equals(deriveKey(`${ROOT}x`, 'tokens'))).toBe(false);
  });

  it('never equals the old habit of keying an HMAC with the root secret', () => {
    const legacy = createHmac('sha256', ROOT).update('aura/media-url/v1').digest();
    expect(deriveKey(ROOT, 'media-urls').equals(legacy)).toBe(false);
  });
});
