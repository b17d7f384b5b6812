import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponse } from '../../../common/schemas/auth';
import { deriveKey } from '../../keys';
import type { Db } from '../../db/client';
import { systemMeta } from '../../events/record';
import { endAllSessions, setAccountStatus } from '../users/index';
import { hashPassword } from '../../auth/passwords';
import { createTokenService } from '../../auth/tokens';
import type { Clock } from '../../context';
import { loginFailures, revokedTokens, users } from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { WRONG_CREDENTIALS } from './service';
import { bearer, post, signUp, STRONG_PASSWORD } from './test-helpers';

// A clock the throttle tests move forward instead of sleeping.
let nowMs = Date.parse('2030-01-01T12:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const login = (payload: object) => post(t, '/v1/auth/login', payload);
const profile = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: bearer(token) });

describe('POST /v1/auth/login', () => {
  it('signs in by username and by email, in any letter case, with a token and the user', async () => {
    const { fields, user } = await signUp(t);
    for (const payload of [
      { username: fields.username, password: fields.password },
      { username: fields.username.toUpperCase(), password: fields.password },
      { email: fields.email, password: fields.password },
      { email: fields.email.toUpperCase(), password: fields.password },
    ]) {
      const res = await login(payload);
      expect(res.statusCode, res.body).toBe(200);
      const body = LoginResponse.parse(res.json());
      expect(body.user).toEqual(user);
      expect(body.user).toHaveProperty('avatar', null);
      expect((await profile(body.token)).statusCode).toBe(200);
    }
  });

  it('reads an identifier with @ as an email whichever field it came in (SPEC §5)', async () => {
    const { fields } = await signUp(t);
    const res = await login({ username: fields.email, password: fields.password });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('gives one answer for a wrong password and an unknown account', async () => {
    const { fields } = await signUp(t);
    const wrongPassword = await login({ username: fields.username, password: 'Wrong-pass-1' });
    const unknownUser = await login({ username: uniqueName('nobody_'), password: 'Wrong-pass-1' });
    const unknownEmail = await login({ email: 'nobody@example.test', password: 'Wrong-pass-1' });
    for (const res of [wrongPassword, unknownUser, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: WRONG_CREDENTIALS, code: 'invalid_credentials' });
    }
  });

  it('checks the identifier at 3 characters and the password at 6 (SPEC §5)', async () => {
    const short = await login({ username: 'ab', password: 'secret1' });
    expect(short.statusCode).toBe(400);
    // The form shows SPEC §5's texts before sending; the server names field and reason as codes.
    expect(short.json()).toMatchObject({
      code: 'invalid_field',
      params: { field: 'username', reason: 'too_small' },
    });
    const shortPassword = await login({ username: 'abc', password: '12345' });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json()).toMatchObject({
      code: 'invalid_field',
      params: { field: 'password', reason: 'too_small' },
    });
    // At the boundaries the request is checked against the accounts: 401, not 400.
    const atBoundary = await login({ username: 'abc', password: '123456' });
    expect(atBoundary.statusCode).toBe(401);
  });

  it('still signs in with a 6-character password set before the 8-character floor', async () => {
    const { user } = await createUser(t, { passwordHash: await hashPassword('ab1!cd') });
    expect((await login({ username: user.username, password: 'ab1!cd' })).statusCode).toBe(200);
  });

  it.each([
    [{ password: 'secret12' }],
    [{ username: 'someone', email: 'someone@example.test', password: 'secret12' }],
    [{ username: 'someone' }],
    [{ username: ['someone'], password: 'secret12' }],
    [{ username: 'x'.repeat(255), password: 'secret12' }],
    [{ email: `${'x'.repeat(250)}@e.io`, password: 'secret12' }],
    [{ username: 'someone', password: 'x'.repeat(257) }],
  ])('refuses a malformed body with 400 (%j)', async (payload) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
  });

  it('refuses a suspended account with the right password, and treats a deleted one as unknown', async () => {
    const suspended = await signUp(t);
    const deleted = await signUp(t);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    await t.db.update(users).set({ status: 'deleted' }).where(eq(users.id, deleted.user.id));
    const s = await login({ username: suspended.fields.username, password: STRONG_PASSWORD });
    expect(s.statusCode).toBe(403);
    expect(s.json().error).toBe('This account is suspended');
    const d = await login({ username: deleted.fields.username, password: STRONG_PASSWORD });
    expect(d.statusCode).toBe(401);
    expect(d.json()).toEqual({ error: WRONG_CREDENTIALS, code: 'invalid_credentials' });
  });

  it('refuses a password for an account that signs in only through Google', async () => {
    const { user } = await createUser(t, { googleSub: uniqueName('sub') });
    const res = await login({ username: user.username, password: 'anything-1!' });
    expect(res.statusCode).toBe(401);
  });

  it('slows repeated failures of one account: 5 free, then a doubling wait', async () => {
    const { fields } = await signUp(t);
    const wrong = { username: fields.username, password: 'Wrong-pass-1' };
    const right = { username: fields.username, password: fields.password };
    for (let i = 0; i < 5; i += 1) expect((await login(wrong)).statusCode).toBe(401);

    // Even the right password waits: the lock is about the account, not the guess.
    const locked = await login(right);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('30');
    expect(locked.json().error).toMatch(/Try again in 30 seconds/);
    // Another account is not affected.
    const other = await signUp(t);
    expect(
      (await login({ username: other.fields.username, password: other.fields.password }))
        .statusCode,
    ).toBe(200);

    nowMs += 30_000;
    expect((await login(wrong)).statusCode).toBe(401);
    const longer = await login(right);
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('60');

    nowMs += 60_000;
    expect((await login(right)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.username, fields.username));
    expect(row).toMatchObject({ failedLogins: 0, lastFailedLoginAt: null });
    expect(row?.lastLoginAt?.getTime()).toBe(nowMs);
    // The count starts over after a success.
    expect((await login(wrong)).statusCode).toBe(401);
    expect((await login(right)).statusCode).toBe(200);
  });
});

describe('tokens on a protected call', () => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses a missing, malformed, expired, forged, unsigned or altered token', async () => {
    const { user, token } = await signUp(t);
    expect((await profile(token)).statusCode).toBe(200);

    const expired = await createTokenService({
      key: t.container.keys.tokens,
      ttlSeconds: 60,
      clock: { now: () => new Date(nowMs - 120_000) },
    }).issue({ id: user.id, role: user.role, tokenVersion: 0 });
    const forged = await createTokenService({
      key: deriveKey('another-secret-another-secret-0123456789', 'tokens'),
      ttlSeconds: 3600,
      clock,
    }).issue({ id: user.id, role: user.role, tokenVersion: 0 });
    const [header, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object;
    const algNone = `${part({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const algNoneAdmin = `${part({ alg: 'none' })}.${part({ ...claims, role: 'admin' })}.`;
    const altered = `${header}.${part({ ...claims, role: 'admin' })}.${token.split('.')[2]}`;
    // Same secret, other algorithm: HS512 is not accepted either.
    const hs512 = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(t.config.JWT_SECRET!));

    const noHeader = await t.app.inject({ method: 'GET', url: '/api/v1/users/profile' });
    expect(noHeader.statusCode).toBe(401);
    for (const bad of [expired, forged, algNone, algNoneAdmin, altered, hs512, 'a.b.c', 'x']) {
      const res = await profile(bad);
      expect(res.statusCode, bad).toBe(401);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('stops a token once the account is suspended or deleted or its sessions ended', async () => {
    const meta = () => systemMeta(new Date());
    for (const [what, end] of [
      [
        'suspended',
        (tx: Db, id: string) => setAccountStatus(tx, id, 'suspended', null, 't', meta()),
      ],
      ['deleted', (tx: Db, id: string) => setAccountStatus(tx, id, 'deleted', null, 't', meta())],
      ['signed out everywhere', (tx: Db, id: string) => endAllSessions(tx, id, null, 't', meta())],
    ] as const) {
      const { user, token } = await signUp(t);
      expect((await profile(token)).statusCode).toBe(200);
      await t.db.transaction(async (tx) => {
        await end(tx, user.id);
      });
      expect((await profile(token)).statusCode, what).toBe(401);
    }
  });

  it('ends a session at once even when the account changes behind the app (cache expiry)', async () => {
    const { user, token } = await signUp(t);
    expect((await profile(token)).statusCode).toBe(200);
    // A write that records no event (a console edit) is seen once the cached state is dropped.
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    t.container.sessions.forget(user.id);
    expect((await profile(token)).statusCode).toBe(401);
  });
});

describe('POST /api/v1/auth/logout', () => {
  it('revokes this token only, at once', async () => {
    const { fields, token } = await signUp(t);
    const second = LoginResponse.parse(
      (await login({ username: fields.username, password: fields.password })).json(),
    );

    // As the web sends it: a POST without a body.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(token),
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ message: 'Signed out' });
    expect((await profile(token)).statusCode).toBe(401);
    // A second logout with the ended token is refused like any dead token.
    expect((await post(t, '/api/v1/auth/logout', {}, bearer(token))).statusCode).toBe(401);
    expect((await profile(second.token)).statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const res = await post(t, '/api/v1/auth/logout', {});
    expect(res.statusCode).toBe(401);
  });

  it('prunes revocations whose tokens have expired anyway', async () => {
    const { user } = await signUp(t);
    const staleJti = uniqueName('stale');
    await t.db
      .insert(revokedTokens)
      .values({ jti: staleJti, userId: user.id, expiresAt: new Date(nowMs - 1000) });
    const { token } = await signUp(t);
    await post(t, '/api/v1/auth/logout', {}, bearer(token));
    const left = await t.db.select().from(revokedTokens).where(eq(revokedTokens.jti, staleJti));
    expect(left).toHaveLength(0);
  });
});

describe('the login slowdown tells nothing about which accounts exist (issue 18)', () => {
  // Every 401 and the 429 look the same whether or not an account has the identifier.
  const answersOf = async (identifier: { username: string } | { email: string }) => {
    const answers: { status: number; body: unknown; retryAfter: unknown }[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await login({ ...identifier, password: 'Wrong-pass-1' });
      answers.push({
        status: res.statusCode,
        body: res.json() as unknown,
        retryAfter: res.headers['retry-after'],
      });
    }
    return answers;
  };

  it('answers an unknown username exactly like an existing one: 401 five times, then 429', async () => {
    const { fields } = await signUp(t);
    const existing = await answersOf({ username: fields.username });
    const unknown = await answersOf({ username: uniqueName('ghost_') });
    expect(existing.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(unknown).toEqual(existing);
  });

  it('does the same for an unknown e-mail address, in any letter case', async () => {
    const { fields } = await signUp(t);
    const existing = await answersOf({ email: fields.email });
    const ghost = `${uniqueName('ghost_')}@example.test`;
    const unknown = await answersOf({ email: ghost });
    expect(unknown).toEqual(existing);
    const upper = await login({ email: ghost.toUpperCase(), password: 'Wrong-pass-1' });
    expect(upper.statusCode).toBe(429);
  });

  it('keeps no identifier in clear', async () => {
    const ghost = uniqueName('ghost_');
    await login({ username: ghost, password: 'Wrong-pass-1' });
    const rows = await t.db.select().from(loginFailures);
    expect(JSON.stringify(rows)).not.toContain(ghost);
  });
});
