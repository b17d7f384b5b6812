import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usernameProblem } from '../../../common/rules/account';
import { LoginResponse } from '../../../common/schemas/auth';
import { createGoogleVerifier } from '../../adapters/identity/google';
import { startTestGoogleIssuer, type TestGoogleIssuer } from '../../adapters/identity/test-issuer';
import { systemClock } from '../../context';
import { auditEvents, users } from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { GOOGLE_LOGIN_FAILED, googleSignIn } from './google-signin';
import { verifyByMail } from '../mail/test-helpers';
import { bearer, post, signUp } from './test-helpers';

const CLIENT_ID = 'aura-test.apps.googleusercontent.com';

let issuer: TestGoogleIssuer;
let t: TestApp;
beforeAll(async () => {
  issuer = await startTestGoogleIssuer(CLIENT_ID);
  t = await createTestApp({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: issuer.jwksUrl },
  });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

const google = (credential: string, app: TestApp = t) =>
  post(app, '/v1/auth/google', { credential });
const freshEmail = () => `${uniqueName('g')}@gmail.example`;

describe('POST /v1/auth/google', () => {
  it('creates an account for a new verified Google identity, then signs the same one in', async () => {
    const email = freshEmail();
    const claims = {
      sub: uniqueName('sub-'),
      email,
      name: 'Gina Google',
      given_name: 'Gina',
      family_name: 'Google',
      picture: 'https://lh3.example/photo.jpg',
    };
    const first = await google(await issuer.idToken(claims));
    expect(first.statusCode, first.body).toBe(200);
    const created = LoginResponse.parse(first.json());
    expect(created.user).toMatchObject({ email, role: 'user', avatar: claims.picture });
    expect(usernameProblem(created.user.username)).toBeNull();
    expect(created.user.username.toLowerCase()).toBe(email.split('@')[0]);

    const [row] = await t.db.select().from(users).where(eq(users.id, created.user.id));
    expect(row).toMatchObject({
      googleSub: claims.sub,
      givenName: 'Gina',
      familyName: 'Google',
      passwordHash: null,
    });

    const again = LoginResponse.parse((await google(await issuer.idToken(claims))).json());
    expect(again.user.id).toBe(created.user.id);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/profile',
      headers: bearer(again.token),
    });
    expect(me.json()).toMatchObject({ email, given_name: 'Gina', family_name: 'Google' });
  });

  it('refuses the pre-registration takeover: an account with the address is never linked by it', async () => {
    // The attacker registers the victim's address with a password of their own...
    const victimEmail = freshEmail();
    const attacker = await signUp(t, { email: victimEmail });
    // ...the victim, seeing a confirmation mail, follows its link (proving only the mailbox)...
    await verifyByMail(t, victimEmail);
    // ...and later signs in with Google, which vouches for the address (in any letter case).
    const sub = uniqueName('sub-');
    const res = await google(await issuer.idToken({ sub, email: victimEmail.toUpperCase() }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'google_account_exists' });
    expect(res.json().token).toBeUndefined();
    // Nothing was linked or made: the victim's Google sign-in never lands in the attacker's
    // account, so the attacker's password and session reach only what the attacker made.
    const [row] = await t.db.select().from(users).where(eq(users.id, attacker.user.id));
    expect(row?.googleSub).toBeNull();
    expect(await t.db.select().from(users).where(eq(users.googleSub, sub))).toHaveLength(0);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, attacker.user.id));
    expect(audit.map((a) => a.action)).not.toContain('account.google_linked');
    // Unverified, the address is refused the same way.
    const unverifiedEmail = freshEmail();
    await signUp(t, { email: unverifiedEmail });
    const unverified = await google(await issuer.idToken({ email: unverifiedEmail }));
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json()).toMatchObject({ code: 'google_account_exists' });
  });

  it('creates Google accounts with a verified address', async () => {
    const email = freshEmail();
    const res = await google(await issuer.idToken({ email }));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json().user.id));
    expect(row?.emailVerifiedAt).not.toBeNull();
  });

  it('makes a unique valid username when the email part is taken or unusable', async () => {
    const taken = await signUp(t);
    const res = await google(
      await issuer.idToken({ email: `${taken.fields.username.toUpperCase()}@other.example` }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.username).toBe(`${taken.fields.username.toUpperCase()}_2`);

    const odd = await google(await issuer.idToken({ email: `é.${uniqueName('x')}@mail.example` }));
    expect(odd.statusCode, odd.body).toBe(200);
    expect(usernameProblem(odd.json().user.username)).toBeNull();
  });

  it.each([
    ['a wrong audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['a foreign issuer', { iss: 'https://accounts.evil.example' }],
    ['an unverified email', { email_verified: false }],
  ])('refuses a token with %s', async (_what, claims) => {
    const email = freshEmail();
    const res = await google(await issuer.idToken({ email, ...claims }));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: GOOGLE_LOGIN_FAILED, code: 'google_login_failed' });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('accepts the issuer spelled without https://', async () => {
    const res = await google(
      await issuer.idToken({ iss: 'accounts.google.com', email: freshEmail() }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a token signed with a key Google did not publish', async () => {
    const token = await issuer.idToken({ email: freshEmail() }, { key: issuer.foreignKey });
    const res = await google(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: GOOGLE_LOGIN_FAILED, code: 'google_login_failed' });
  });

  it('refuses an expired token', async () => {
    const token = await issuer.idToken(
      { email: freshEmail() },
      { now: new Date(Date.now() - 2 * 3600_000), expiresInSeconds: 3600 },
    );
    const res = await google(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: GOOGLE_LOGIN_FAILED, code: 'google_login_failed' });
  });

  it('refuses something that is no token at all, and an empty credential', async () => {
    expect((await google('not-a-jwt')).statusCode).toBe(401);
    expect((await post(t, '/v1/auth/google', { credential: '' })).statusCode).toBe(400);
    expect((await post(t, '/v1/auth/google', {})).statusCode).toBe(400);
  });

  it('does not move an email that belongs to another Google account', async () => {
    const email = freshEmail();
    expect((await google(await issuer.idToken({ email }))).statusCode).toBe(200);
    const other = await google(await issuer.idToken({ email, sub: uniqueName('other-') }));
    expect(other.statusCode).toBe(401);
  });

  it('refuses a suspended account', async () => {
    const existing = await signUp(t);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, existing.user.id));
    const res = await google(await issuer.idToken({ email: existing.fields.email }));
    expect(res.statusCode).toBe(403);
  });

  it('hands the client id to the web', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/config' });
    expect(res.json()).toEqual({ googleClientId: CLIENT_ID });
  });
});

describe('POST /api/v1/users/google (linking from the account settings)', () => {
  const link = (token: string | null, payload: object) =>
    post(t, '/api/v1/users/google', payload, token ? bearer(token) : {});
  const methods = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/sign-in-methods',
        headers: bearer(token),
      })
    ).json();
  const googleSubOf = async (id: string) =>
    (await t.db.select().from(users).where(eq(users.id, id)))[0]?.googleSub;

  it('links Google to the signed-in account with its password; Google then signs it in', async () => {
    const owner = await signUp(t);
    const claims = { sub: uniqueName('sub-'), email: owner.fields.email };
    expect((await google(await issuer.idToken(claims))).statusCode).toBe(409);
    expect(await methods(owner.token)).toEqual({ password: true, google: false });

    const res = await link(owner.token, {
      credential: await issuer.idToken(claims),
      password: owner.fields.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ password: true, google: true });
    expect(await methods(owner.token)).toEqual({ password: true, google: true });
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, owner.user.id));
    expect(audit.find((a) => a.action === 'account.google_linked')?.data).toEqual({
      via: 'settings',
    });

    const signedIn = await google(await issuer.idToken(claims));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.id).toBe(owner.user.id);
    const login = await post(t, '/v1/auth/login', {
      username: owner.fields.username,
      password: owner.fields.password,
    });
    expect(login.statusCode).toBe(200);

    // Once linked, the account keeps that Google account.
    const again = await link(owner.token, {
      credential: await issuer.idToken({ email: freshEmail() }),
      password: owner.fields.password,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'google_already_linked' });
    expect(await googleSubOf(owner.user.id)).toBe(claims.sub);
  });

  it("links a Google account whose address differs from the account's", async () => {
    const owner = await signUp(t);
    const sub = uniqueName('sub-');
    const res = await link(owner.token, {
      credential: await issuer.idToken({ sub, email: freshEmail() }),
      password: owner.fields.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await googleSubOf(owner.user.id)).toBe(sub);
  });

  it('refuses a Google account tied to another account', async () => {
    const claims = { sub: uniqueName('sub-'), email: freshEmail() };
    expect((await google(await issuer.idToken(claims))).statusCode).toBe(200);
    const owner = await signUp(t);
    const res = await link(owner.token, {
      credential: await issuer.idToken(claims),
      password: owner.fields.password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'google_linked_elsewhere' });
    expect(await googleSubOf(owner.user.id)).toBeNull();
  });

  it('refuses a wrong password, a bad or unverified token, bad input and no session, linking nothing', async () => {
    const owner = await signUp(t);
    const credential = await issuer.idToken({ email: freshEmail() });
    const wrong = await link(owner.token, { credential, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'wrongPassword', field: 'password' });
    const forged = await link(owner.token, {
      credential: await issuer.idToken({ email: freshEmail() }, { key: issuer.foreignKey }),
      password: owner.fields.password,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'google_login_failed' });
    const unverified = await link(owner.token, {
      credential: await issuer.idToken({ email: freshEmail(), email_verified: false }),
      password: owner.fields.password,
    });
    expect(unverified.statusCode).toBe(401);
    // Password checks are few a minute per caller: the malformed requests come from another.
    const other = await signUp(t);
    expect((await link(other.token, { credential })).statusCode).toBe(400);
    expect((await link(other.token, { password: other.fields.password })).statusCode).toBe(400);
    expect(
      (await link(other.token, { credential: '', password: other.fields.password })).statusCode,
    ).toBe(400);
    expect(await googleSubOf(other.user.id)).toBeNull();
    expect((await link(null, { credential, password: owner.fields.password })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/sign-in-methods' })).statusCode,
    ).toBe(401);
    expect(await googleSubOf(owner.user.id)).toBeNull();
  });
});

describe('Google sign-in while Google is unreachable', () => {
  it('answers 502 when Google keys cannot be fetched', async () => {
    // The real verifier against a closed port, on this test's database: no second app needed.
    const unreachable = createGoogleVerifier({
      clientId: CLIENT_ID,
      jwksUrl: 'http://127.0.0.1:9/certs',
      clock: systemClock,
    });
    const deps = {
      db: t.db,
      clock: systemClock,
      tokens: t.tokens,
      google: unreachable,
      mailKey: t.container.keys['mail-links'],
    };
    const email = freshEmail();
    await expect(
      googleSignIn(deps, await issuer.idToken({ email }), { at: new Date() }),
    ).rejects.toMatchObject({
      statusCode: 502,
      message: expect.stringMatching(/Google could not be reached/),
    });
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});
