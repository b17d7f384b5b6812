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
import { lastMail, tokenOf, verifyByMail } from '../mail/test-helpers';
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

  it('links an existing account with a verified email, in any letter case', async () => {
    const existing = await signUp(t);
    await verifyByMail(t, existing.fields.email);
    const sub = uniqueName('sub-');
    const res = await google(
      await issuer.idToken({ sub, email: existing.fields.email.toUpperCase() }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(existing.user.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, existing.user.id));
    expect(row?.googleSub).toBe(sub);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, existing.user.id));
    expect(audit.map((a) => a.action)).toContain('account.google_linked');
    // The password still works after linking.
    const login = await post(t, '/v1/auth/login', {
      username: existing.fields.username,
      password: existing.fields.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses the account takeover: an address registered by someone else is not linked until verified', async () => {
    // The attacker registers the victim's address with a password of their own...
    const victimEmail = freshEmail();
    const attacker = await signUp(t, { email: victimEmail });
    // ...the victim then signs in with Google, which vouches for the address.
    const sub = uniqueName('sub-');
    const res = await google(await issuer.idToken({ sub, email: victimEmail }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'google_link_unverified' });
    const [row] = await t.db.select().from(users).where(eq(users.id, attacker.user.id));
    expect(row?.googleSub).toBeNull();
    // The attacker's session never becomes the victim's Google sign-in, and no account was made.
    expect(await t.db.select().from(users).where(eq(users.googleSub, sub))).toHaveLength(0);
    // The victim, who reads the mail, can take the address back with a password reset.
    const forgot = await post(t, '/api/v1/auth/forgot-password', { email: victimEmail });
    expect(forgot.statusCode).toBe(202);
    const token = tokenOf(await lastMail(t, victimEmail, 'reset-password'));
    const reset = await post(t, '/api/v1/auth/reset-password', {
      token,
      password: 'Vict1m!new',
      confirmPassword: 'Vict1m!new',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const attackerSession = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/email-status',
      headers: bearer(attacker.token),
    });
    expect(attackerSession.statusCode).toBe(401);
    const linked = await google(await issuer.idToken({ sub, email: victimEmail }));
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().user.id).toBe(attacker.user.id);
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
