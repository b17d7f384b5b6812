/**
 * "This was not me": a confirmation mail names the account that uses the address and carries a
 * single-use link that takes the address back from it (confirming an address proves the
 * mailbox, not who set the account's password).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGoogleIssuer, type TestGoogleIssuer } from '../../adapters/identity/test-issuer';
import { auditEvents, jobs, users } from '../../db/schema/index';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { bearer, post, signUp } from '../auth/test-helpers';
import { NOT_ME_ANSWER } from './not-me';
import type { MailJobPayload } from './queue';
import type { MailOutboxRow } from './tables';
import { lastMail, mailsTo, tokenOf, verifyByMail } from './test-helpers';
import { linkToken } from './tokens';

const PUBLIC_URL = 'https://aura.example.org';
const CLIENT_ID = 'aura-not-me.apps.googleusercontent.com';
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let issuer: TestGoogleIssuer;
let t: TestApp;
beforeAll(async () => {
  issuer = await startTestGoogleIssuer(CLIENT_ID);
  // Its own database, as in mail.test.ts: its mails carry its own PUBLIC_URL.
  t = await createTestApp({
    ownDatabase: true,
    clock,
    env: { PUBLIC_URL, GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: issuer.jwksUrl },
  });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

const notMe = (token: unknown) => post(t, '/api/v1/auth/not-me', { token });
const freshEmail = () => `${uniqueName('victim')}@mail.example`;
const accountOf = async (id: string) =>
  (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const takenBackEvents = async (id: string) =>
  (await t.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id)))
    .filter((a) => a.action === 'account.email_taken_back')
    .map((a) => a.data);

/**
 * The "this was not me" token of a confirmation mail: the mail shows the link; the token is made
 * again from its job's `not-me` token id, as the mail job made it for the recipient's copy.
 */
async function notMeTokenOf(mail: MailOutboxRow): Promise<string> {
  expect(mail.text).toContain(`${PUBLIC_URL}/not-me?token=`);
  const [job] = await t.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.idempotencyKey, mail.jobKey));
  const tokenId = (job?.payload as MailJobPayload | undefined)?.notMeTokenId;
  expect(tokenId, 'the job of a confirmation mail names its not-me token').toBeTruthy();
  return linkToken(t.container.keys['mail-links'], tokenId!);
}

describe('the confirmation mail', () => {
  it('says which account was created with the address and carries a "this was not me" link', async () => {
    const account = await signUp(t);
    const mail = await lastMail(t, account.fields.email, 'verify-email');
    expect(mail.text).toContain(
      `An Aura account with the username ${account.fields.username} was created with the address ${account.fields.email}.`,
    );
    expect(mail.text).toMatch(/This was not me: .*\/not-me\?token=/);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/not-me?token=`);
    // Two links, two secrets.
    expect(await notMeTokenOf(mail)).not.toBe(tokenOf(t, mail));
  });
});

describe('POST /api/v1/auth/not-me', () => {
  it('takes the address back after the pre-registration attack, even once confirmed', async () => {
    // The attacker signs up with the victim's address; the victim follows the confirmation
    // link (proving only the mailbox), and an open reset link of the account waits too.
    const victimEmail = freshEmail();
    const attacker = await signUp(t, { email: victimEmail });
    const mail = await lastMail(t, victimEmail, 'verify-email');
    await verifyByMail(t, victimEmail);
    await post(t, '/api/v1/auth/forgot-password', { email: victimEmail });
    const resetToken = tokenOf(t, await lastMail(t, victimEmail, 'reset-password'));

    const res = await notMe(await notMeTokenOf(mail));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: NOT_ME_ANSWER });

    // The account keeps its username; the address, its verification and every session go.
    const row = await accountOf(attacker.user.id);
    expect(row.username).toBe(attacker.fields.username);
    expect(row.email.toLowerCase()).not.toBe(victimEmail.toLowerCase());
    expect(row.emailVerifiedAt).toBeNull();
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/email-status',
      headers: bearer(attacker.token),
    });
    expect(session.statusCode).toBe(401);
    expect(await takenBackEvents(attacker.user.id)).toEqual([{ removed: true }]);
    // Its open links for the address died with it.
    const reset = await post(t, '/api/v1/auth/reset-password', {
      token: resetToken,
      password: 'Vict1m!new',
      confirmPassword: 'Vict1m!new',
    });
    expect(reset.statusCode).toBe(400);
    // The address signs nobody in to that account; its password still opens it by username.
    const byEmail = await post(t, '/v1/auth/login', {
      email: victimEmail,
      password: attacker.fields.password,
    });
    expect(byEmail.statusCode).toBe(401);
    const byName = await post(t, '/v1/auth/login', {
      username: attacker.fields.username,
      password: attacker.fields.password,
    });
    expect(byName.statusCode).toBe(200);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/email-status',
      headers: bearer(byName.json().token),
    });
    expect(status.json()).toMatchObject({ verified: false, hasAddress: false });
    // The stand-in address gets no mail, whatever the account asks for.
    const resend = await post(
      t,
      '/api/v1/auth/resend-verification',
      {},
      bearer(byName.json().token),
    );
    expect(resend.statusCode).toBe(202);
    expect(await mailsTo(t, row.email)).toEqual([]);

    // The address is the victim's again: Google sign-in makes the victim an account of their own.
    const google = await post(t, '/v1/auth/google', {
      credential: await issuer.idToken({ email: victimEmail }),
    });
    expect(google.statusCode, google.body).toBe(200);
    expect(google.json().user.id).not.toBe(attacker.user.id);
  });

  it('cancels an e-mail change to the address that was not confirmed yet', async () => {
    const victimEmail = freshEmail();
    const attacker = await signUp(t);
    const asked = await post(
      t,
      '/api/v1/users/email',
      { email: victimEmail, password: attacker.fields.password },
      bearer(attacker.token),
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await lastMail(t, victimEmail, 'change-email');
    expect(mail.text).toContain(`username ${attacker.fields.username} asked to change`);

    expect((await notMe(await notMeTokenOf(mail))).statusCode).toBe(200);
    const confirm = await post(t, '/api/v1/auth/verify-email', { token: tokenOf(t, mail) });
    expect(confirm.statusCode).toBe(400);
    expect((await accountOf(attacker.user.id)).email).toBe(attacker.fields.email);
    expect(await takenBackEvents(attacker.user.id)).toEqual([{ removed: false }]);
  });

  it('refuses bad, foreign, used and expired tokens with 400, changing nothing', async () => {
    const account = await signUp(t);
    const mail = await lastMail(t, account.fields.email, 'verify-email');
    const token = await notMeTokenOf(mail);
    const unchanged = async () => {
      const row = await accountOf(account.user.id);
      expect(row.email).toBe(account.fields.email);
      expect(await takenBackEvents(account.user.id)).toEqual([]);
    };

    for (const bad of ['nope', `${token}x`, tokenOf(t, mail)]) {
      const res = await notMe(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'mail_link_invalid' });
    }
    expect((await notMe('')).statusCode).toBe(400);
    expect((await post(t, '/api/v1/auth/not-me', {})).statusCode).toBe(400);
    expect((await notMe(123)).statusCode).toBe(400);
    await unchanged();

    offsetMs += 31 * 24 * 3600_000;
    try {
      expect((await notMe(token)).statusCode).toBe(400);
    } finally {
      offsetMs -= 31 * 24 * 3600_000;
    }
    await unchanged();

    expect((await notMe(token)).statusCode).toBe(200);
    const reused = await notMe(token);
    expect(reused.statusCode).toBe(400);
    expect(await takenBackEvents(account.user.id)).toEqual([{ removed: true }]);
  });
});
