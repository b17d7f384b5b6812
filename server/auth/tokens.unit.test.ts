import fc from 'fast-check';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, verifyHs256 } from './tokens';

const key = Buffer.alloc(32, 3);
const otherKey = Buffer.alloc(32, 4);
const now = 1_900_000_000;
const clock = { now: () => new Date(now * 1000) };
const tokens = createTokenService({ key, ttlSeconds: 3600, clock });
const user = {
  id: '0b7c3a56-2f0b-4a5e-9c1f-5d2b1f0e9a11',
  role: 'creator' as const,
  tokenVersion: 2,
};

async function joseAccepts(token: string, withKey = key): Promise<boolean> {
  try {
    await jwtVerify(token, withKey, { algorithms: ['HS256'], currentDate: clock.now() });
    return true;
  } catch {
    return false;
  }
}

describe('HS256 verification with node:crypto', () => {
  it('accepts the tokens the service issues, with their claims', async () => {
    const token = await tokens.issue(user);
    expect(verifyHs256(token, key, now)).toMatchObject({
      id: user.id,
      role: 'creator',
      ver: 2,
      jti: expect.any(String),
      exp: now + 3600,
    });
  });

  it('issues standard HS256 JWTs: jose verifies them and reads the same claims', async () => {
    const token = await tokens.issue(user);
    const { payload, protectedHeader } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      currentDate: clock.now(),
    });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toEqual({
      id: user.id,
      role: 'creator',
      ver: 2,
      iat: now,
      exp: now + 3600,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(await joseAccepts(token, otherKey)).toBe(false);
  });

  it('refuses another key, expiry, alg none, a changed payload and junk', async () => {
    const token = await tokens.issue(user);
    const [h, p, s] = token.split('.') as [string, string, string];
    expect(verifyHs256(token, otherKey, now)).toBeNull();
    expect(verifyHs256(token, key, now + 3600)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyHs256(`${none}.${p}.`, key, now)).toBeNull();
    expect(verifyHs256(`${none}.${p}.${s}`, key, now)).toBeNull();
    const admin = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), role: 'admin' }),
    ).toString('base64url');
    expect(verifyHs256(`${h}.${admin}.${s}`, key, now)).toBeNull();
    for (const junk of ['', 'a.b', 'a.b.c', `${h}.${p}`, `${h}.${p}.${s}.x`, `${h}.${p}.${s}=`]) {
      expect(verifyHs256(junk, key, now)).toBeNull();
    }
  });

  it('refuses a token not yet valid (nbf) and one with critical headers', async () => {
    const early = await new SignJWT({ id: user.id, role: 'user', ver: 0, jti: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setNotBefore(now + 60)
      .setExpirationTime(now + 3600)
      .sign(key);
    expect(verifyHs256(early, key, now)).toBeNull();
    expect(verifyHs256(early, key, now + 61)).not.toBeNull();
  });

  it('answers a token seen before with the same claims until it expires, by the clock', async () => {
    const at = { seconds: now };
    const service = createTokenService({
      key,
      ttlSeconds: 60,
      clock: { now: () => new Date(at.seconds * 1000) },
    });
    const token = await service.issue(user);
    const first = await service.verify(token);
    expect(first).toMatchObject({ id: user.id, role: user.role, ver: user.tokenVersion });
    expect(await service.verify(token)).toEqual(first);
    const [h, p, s] = token.split('.') as [string, string, string];
    expect(await service.verify(`${h}.${p}.${s.slice(0, -2)}AA`)).toBeNull();
    at.seconds += 61;
    expect(await service.verify(token)).toBeNull();
  });

  it('refuses a token with a start time (nbf) again when the clock is set back', async () => {
    const at = { seconds: now + 61 };
    const service = createTokenService({
      key,
      ttlSeconds: 60,
      clock: { now: () => new Date(at.seconds * 1000) },
    });
    const early = await new SignJWT({ id: user.id, role: 'user', ver: 0, jti: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setNotBefore(now + 60)
      .setExpirationTime(now + 3600)
      .sign(key);
    expect(await service.verify(early)).not.toBeNull();
    at.seconds = now;
    expect(await service.verify(early)).toBeNull();
  });

  it('never accepts a token jose refuses (random mutations of a real token)', async () => {
    const token = await tokens.issue(user);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: token.length - 1 }),
        fc.constantFrom(...'ABCabc0123-_.='.split('')),
        async (at, ch) => {
          const mutated = token.slice(0, at) + ch + token.slice(at + 1);
          if (verifyHs256(mutated, key, now)) expect(await joseAccepts(mutated)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
