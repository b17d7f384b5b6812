import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, PASSWORD_HASH_OPTIONS, verifyPassword } from './passwords';

describe('passwords (argon2id, OWASP parameters)', () => {
  it('hashes with argon2id, 19 MiB, 2 passes, 1 lane and a fresh salt', async () => {
    const [a, b] = await Promise.all([hashPassword('S3cret!pw'), hashPassword('S3cret!pw')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('S3cret!pw');
    expect(needsRehash(a)).toBe(false);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('S3cret!pw');
    expect(await verifyPassword(stored, 'S3cret!pw')).toBe(true);
    expect(await verifyPassword(stored, 'S3cret!pW')).toBe(false);
  });

  it('answers false without a hash or with a damaged one', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it('asks for a new hash when the stored one is weaker than today', async () => {
    const weak = await hash('S3cret!pw', {
      ...PASSWORD_HASH_OPTIONS,
      memoryCost: 4096,
      timeCost: 1,
    });
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash('garbage')).toBe(true);
  });
});
