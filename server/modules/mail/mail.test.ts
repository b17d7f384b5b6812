import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, Mailer } from '../../adapters/mail/mailer';
import { jobs, users } from '../../db/schema/index';
import { systemMeta } from '../../events/record';
import { createTestApp, type TestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { bearer, post, signUp, STRONG_PASSWORD } from '../auth/test-helpers';
import { FORGOT_PASSWORD_ANSWER } from './account-mail';
import { queueMail } from './queue';
import { mailOutbox, mailTokens, noticeOptOuts } from './tables';
import { deliverMails, lastMail, mailsTo, tokenOf } from './test-helpers';

const PUBLIC_URL = 'https://aura.example.org';
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let t: TestApp;
beforeAll(async () => {
  // Its own database: with TEST_DATABASE_URL, other files' apps would deliver these mails too,
  // with their own PUBLIC_URL and in their own order.
  t = await createTestApp({
    ownDatabase: true,
    clock,
    env: { PUBLIC_URL, MAIL_RESEND_PER_HOUR: '2', PASSWORD_RESET_PER_HOUR: '2' },
  });
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const verify = (token: string) => post(t, '/api/v1/auth/verify-email', { token });
const status = async (token: string) => (await get('/api/v1/auth/email-status', token)).json();

describe('sign-up verification', () => {
  it('mails an absolute, single-use link in the language of the sign-up', async () => {
    const account = await signUp(t, {});
    const mail = await lastMail(t, account.fields.email, 'verify-email');
    expect(mail.subject).toBe('Confirm your e-mail address');
    expect(mail.text).toContain(`${PUBLIC_URL}/verify-email?token=`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/verify-email?token=`);
    expect(await status(account.token)).toMatchObject({ verified: false });

    const token = tokenOf(t, mail);
    // Only a hash of the token is stored.
    const stored = await t.db
      .select()
      .from(mailTokens)
      .where(eq(mailTokens.userId, account.user.id));
    expect(JSON.stringify(stored)).not.toContain(token);

    const ok = await verify(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ email: account.fields.email });
    expect(await status(account.token)).toMatchObject({ verified: true });
    // Single use.
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'mail_link_invalid' });
  });

  it('writes in Spanish or German when the browser asks for it', async () => {
    for (const [language, subject] of [
      ['es-ES,es;q=0.9', 'Confirma tu dirección de correo'],
      ['de-DE', 'Bestätige deine E-Mail-Adresse'],
    ] as const) {
      const fields = { username: `loc_${language.slice(0, 2)}_${Date.now().toString(36)}` };
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/signup',
        headers: { 'accept-language': language },
        payload: {
          ...fields,
          email: `${fields.username}@example.test`,
          password: STRONG_PASSWORD,
          termsAndConditions: true,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const mail = await lastMail(t, `${fields.username}@example.test`, 'verify-email');
      expect(mail.subject).toBe(subject);
    }
  });

  it('refuses tampered, unknown, malformed and expired tokens and changes nothing', async () => {
    const account = await signUp(t);
    const token = tokenOf(t, await lastMail(t, account.fields.email, 'verify-email'));
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    for (const bad of [tampered, 'nonsense', '']) {
      const res = await verify(bad);
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await post(t, '/api/v1/auth/verify-email', {})).statusCode).toBe(400);
    expect(
      (await post(t, '/api/v1/auth/verify-email', { token: 'x'.repeat(500) })).statusCode,
    ).toBe(400);
    offsetMs += 49 * 3600_000;
    try {
      const expired = await verify(token);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ code: 'mail_link_invalid' });
    } finally {
      offsetMs -= 49 * 3600_000;
    }
    expect(await status(account.token)).toMatchObject({ verified: false });
  });

  it('resends a fresh link that ends the older one, a few times an hour, only when signed in', async () => {
    const account = await signUp(t);
    const first = tokenOf(t, await lastMail(t, account.fields.email, 'verify-email'));
    expect((await post(t, '/api/v1/auth/resend-verification', {})).statusCode).toBe(401);
    // The sign-up's mail counts: one more is allowed (limit 2 an hour here), then 429.
    const resend = await post(t, '/api/v1/auth/resend-verification', {}, bearer(account.token));
    expect(resend.statusCode, resend.body).toBe(202);
    const limited = await post(t, '/api/v1/auth/resend-verification', {}, bearer(account.token));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'verification_resend_limited' });
    const mails = (await mailsTo(t, account.fields.email)).filter(
      (m) => m.template === 'verify-email',
    );
    expect(mails).toHaveLength(2);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(tokenOf(t, mails[1]!))).statusCode).toBe(200);
    const done = await post(t, '/api/v1/auth/resend-verification', {}, bearer(account.token));
    expect(done.statusCode).toBe(409);
    expect(done.json()).toMatchObject({ code: 'email_already_verified' });
  });
});

describe('password reset', () => {
  const forgot = (email: string) => post(t, '/api/v1/auth/forgot-password', { email });
  const reset = (token: string, password: string, confirmPassword = password) =>
    post(t, '/api/v1/auth/reset-password', { token, password, confirmPassword });

  it('answers a known and an unknown address the same way', async () => {
    const account = await signUp(t);
    const known = await forgot(account.fields.email);
    const unknown = await forgot(`nobody_${Date.now()}@example.test`);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect((await forgot('not-an-address')).statusCode).toBe(400);
  });

  it('resets once with a 30-minute link: the old password and every session end', async () => {
    const account = await signUp(t);
    await forgot(account.fields.email);
    await forgot(account.fields.email);
    const mails = (await mailsTo(t, account.fields.email)).filter(
      (m) => m.template === 'reset-password',
    );
    expect(mails).toHaveLength(2);
    const [older, newer] = mails.map((m) => tokenOf(t, m)) as [string, string];
    expect(mails[1]!.text).toContain(`${PUBLIC_URL}/reset-password?token=`);

    // Bad input changes nothing.
    expect((await reset(newer, 'Another!pass1', 'Different!pass1')).statusCode).toBe(400);
    const weak = await reset(newer, 'abcdefgh');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ error: 'passwordWeakAccept' });
    // The floor of issue 18 holds here too: too short, or one of the most common passwords.
    expect((await reset(newer, 'a!')).json()).toMatchObject({ error: 'passwordFloorLength' });
    expect((await reset(newer, 'password1')).json()).toMatchObject({ error: 'passwordCommon' });
    expect((await post(t, '/api/v1/auth/reset-password', { token: newer })).statusCode).toBe(400);
    // A newer link ends the older one.
    expect((await reset(older, 'Another!pass1')).statusCode).toBe(400);

    const done = await reset(newer, 'Another!pass1');
    expect(done.statusCode, done.body).toBe(200);
    expect((await reset(newer, 'Third!pass22')).statusCode).toBe(400);
    expect((await get('/api/v1/auth/email-status', account.token)).statusCode).toBe(401);
    const oldLogin = await post(t, '/v1/auth/login', {
      username: account.fields.username,
      password: account.fields.password,
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await post(t, '/v1/auth/login', {
      username: account.fields.username,
      password: 'Another!pass1',
    });
    expect(newLogin.statusCode).toBe(200);
    // The link reached the address, so the address is verified now.
    expect(await status(newLogin.json().token)).toMatchObject({ verified: true });
  });

  it('refuses a link older than 30 minutes', async () => {
    const account = await signUp(t);
    await forgot(account.fields.email);
    const token = tokenOf(t, await lastMail(t, account.fields.email, 'reset-password'));
    offsetMs += 31 * 60_000;
    try {
      expect((await reset(token, 'Another!pass1')).statusCode).toBe(400);
    } finally {
      offsetMs -= 31 * 60_000;
    }
  });

  it('mails at most a few links an hour per address and per account, answering the same', async () => {
    const account = await signUp(t);
    for (let i = 0; i < 4; i += 1) {
      const res = await forgot(account.fields.email.toUpperCase());
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    }
    const mails = (await mailsTo(t, account.fields.email)).filter(
      (m) => m.template === 'reset-password',
    );
    expect(mails).toHaveLength(2);
    // An hour later the address may ask again.
    offsetMs += 61 * 60_000;
    try {
      await forgot(account.fields.email);
      expect(
        (await mailsTo(t, account.fields.email)).filter((m) => m.template === 'reset-password'),
      ).toHaveLength(3);
    } finally {
      offsetMs -= 61 * 60_000;
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the e-mail calls', async () => {
    const doc = (await get('/api/docs/json')).json() as { paths: Record<string, unknown> };
    for (const path of [
      '/api/v1/auth/verify-email',
      '/api/v1/auth/resend-verification',
      '/api/v1/auth/forgot-password',
      '/api/v1/auth/reset-password',
      '/api/v1/admin/outbox',
      '/api/v1/users/notices',
      '/api/v1/mail/unsubscribe',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});

describe('GET /api/v1/admin/outbox', () => {
  it('shows admins the stored mails, and nobody else', async () => {
    const account = await signUp(t);
    await deliverMails(t);
    const admin = await createUser(t, { role: 'admin' });
    const user = await createUser(t);
    const moderator = await createUser(t, { role: 'moderator' });
    expect((await get('/api/v1/admin/outbox')).statusCode).toBe(401);
    expect((await get('/api/v1/admin/outbox', user.token)).statusCode).toBe(403);
    expect((await get('/api/v1/admin/outbox', moderator.token)).statusCode).toBe(403);
    expect((await get('/api/v1/admin/outbox?limit=0', admin.token)).statusCode).toBe(400);
    const res = await get('/api/v1/admin/outbox?limit=200', admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.transport).toBe('outbox');
    const mail = body.mails.find((m: { to: string }) => m.to === account.fields.email);
    expect(mail).toMatchObject({
      subject: 'Confirm your e-mail address',
      template: 'verify-email',
    });
    expect(mail.text).toContain(PUBLIC_URL);
    expect(typeof mail.sentAt).toBe('string');
  });
});

describe('delivery through the job runner', () => {
  it('reads a batch of mails in one statement and stores it in one more', async () => {
    const statements: string[] = [];
    const own = await createTestApp({
      ownDatabase: true,
      env: { PUBLIC_URL },
      onQuery: (statement) => statements.push(statement),
    });
    try {
      await deliverMails(own);
      const creator = await createUser(own, { role: 'creator' });
      const item = await createItem(own, creator, { title: 'Batch loop' });
      const [reader, optedOut, gone] = [
        await createUser(own),
        await createUser(own),
        await createUser(own),
      ];
      await own.db
        .insert(noticeOptOuts)
        .values({ userId: optedOut!.user.id, kind: 'receipts', createdAt: new Date() });
      await own.db.update(users).set({ status: 'deleted' }).where(eq(users.id, gone!.user.id));
      const params = { itemId: String(item!.id), creatorId: creator.user.id };
      const meta = systemMeta(new Date());
      await own.db.transaction(async (tx) => {
        for (const fan of [reader!, optedOut!, gone!]) {
          await queueMail(
            tx,
            { template: 'sale-receipt', userId: fan.user.id, params },
            `batch:${fan.user.id}`,
            meta,
          );
        }
        // A job no mail can be made of fails on its own, and the others still go out.
        await own.container.jobs.enqueue(
          tx,
          'mail',
          { template: 'no-such-template', userId: reader!.user.id },
          { key: `batch:bad:${reader!.user.id}` },
        );
        // Nor of one whose amount names no currency: it fails when rendered, alone too.
        await own.container.jobs.enqueue(
          tx,
          'mail',
          {
            template: 'sale-receipt',
            userId: reader!.user.id,
            params: { ...params, amountCents: '100', currency: 'not a currency' },
          },
          { key: `batch:unrenderable:${reader!.user.id}` },
        );
      });
      statements.length = 0;
      await own.container.jobs.runDue();
      expect(statements.filter((s) => /from unnest\(/.test(s))).toHaveLength(1);
      expect(statements.filter((s) => /insert into "mail_outbox"/.test(s))).toHaveLength(1);

      const stored = await own.db.select().from(mailOutbox);
      expect(stored.map((m) => m.to)).toEqual([reader!.user.email]);
      expect(stored[0]?.text).toContain('Batch loop');
      const [bad] = await own.db
        .select()
        .from(jobs)
        .where(eq(jobs.idempotencyKey, `batch:bad:${reader!.user.id}`));
      expect(bad).toMatchObject({ status: 'queued' });
      expect(bad?.lastError).toMatch(/unknown mail template/);
      const [unrenderable] = await own.db
        .select()
        .from(jobs)
        .where(eq(jobs.idempotencyKey, `batch:unrenderable:${reader!.user.id}`));
      expect(unrenderable).toMatchObject({ status: 'queued' });
      expect(unrenderable?.lastError).toMatch(/currency/i);
    } finally {
      await own.close();
    }
  });

  it('retries a failing transport with backoff and shows admins the mail it gave up on', async () => {
    let offset = 0;
    const failing: Mailer & { tries: MailMessage[] } = {
      name: 'smtp',
      tries: [],
      async send(message) {
        failing.tries.push(message);
        throw new Error('connection refused by test');
      },
      async close() {},
    };
    // Its own database: the job runners of other files' apps would deliver this mail too.
    const f = await createTestApp({
      ownDatabase: true,
      clock: { now: () => new Date(Date.now() + offset) },
      overrides: { mailer: failing },
      env: { MAIL_TRANSPORT: 'smtp', SMTP_HOST: '127.0.0.1' },
    });
    try {
      const account = await signUp(f);
      // Signing up did not wait for the mail: it is queued.
      const [queued] = await f.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
      expect(queued?.status).toMatch(/queued|running/);
      for (let attempt = 0; attempt < 6; attempt += 1) {
        await deliverMails(f);
        offset += 7 * 3600_000;
      }
      await deliverMails(f);
      expect(failing.tries).toHaveLength(6);
      const [job] = await f.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
      expect(job).toMatchObject({ status: 'failed', attempts: 6 });
      const admin = await createUser(f, { role: 'admin' });
      const res = await f.app.inject({
        method: 'GET',
        url: '/api/v1/admin/outbox',
        headers: bearer(admin.token),
      });
      expect(res.json()).toMatchObject({
        transport: 'smtp',
        failed: [
          {
            template: 'verify-email',
            to: account.fields.email,
            attempts: 6,
            lastError: 'connection refused by test',
          },
        ],
      });
    } finally {
      await f.close();
    }
  });

  it('stores each mail once even when its job runs again', async () => {
    const account = await signUp(t);
    await deliverMails(t);
    // A job that ran and then lost its "done" mark runs again: the outbox keeps one copy.
    await t.db
      .update(jobs)
      .set({ status: 'queued', runAt: new Date(0) })
      .where(eq(jobs.kind, 'mail'));
    await deliverMails(t);
    const mails = await mailsTo(t, account.fields.email);
    expect(mails.filter((m) => m.template === 'verify-email')).toHaveLength(1);
  });
});

describe('what a notice names', () => {
  it("reads the creator's name and page, the item's title and the amount when the mail is sent", async () => {
    const fan = await createUser(t);
    const creator = await createUser(t, { role: 'creator', displayName: 'Nora Named' });
    const queue = (
      template: 'membership-renewed' | 'sale-receipt',
      params: Record<string, string>,
    ) =>
      t.db.transaction((tx) =>
        queueMail(
          tx,
          { template, userId: fan.user.id, params },
          `named:${template}:${JSON.stringify(params)}`,
          systemMeta(new Date()),
        ),
      );
    await queue('membership-renewed', {
      creatorId: creator.user.id,
      amountCents: '500',
      currency: 'eur',
    });
    const item = await createItem(t, creator, { title: 'Named loop', priceCents: 300 });
    await queue('sale-receipt', { itemId: String(item.id), amountCents: '300', currency: 'eur' });
    // Ids that name nothing (or are not ids) leave the name empty instead of failing the job.
    await queue('membership-renewed', {
      creatorId: 'not-a-uuid',
      amountCents: '1',
      currency: 'eur',
    });
    await deliverMails(t);

    const mails = await mailsTo(t, fan.user.email);
    const renewed = mails.filter((m) => m.template === 'membership-renewed');
    expect(renewed.map((m) => m.text).join('\n')).toContain(
      'Your membership with Nora Named was renewed for €5.00.',
    );
    // With no link of its own, the notice links to the creator's page.
    const named = renewed.find((m) => m.text.includes('Nora Named'));
    expect(named?.text).toContain(`${PUBLIC_URL}/creator/${creator.user.username}`);
    expect(renewed.map((m) => m.text).join('\n')).toContain('Your membership with  was renewed');
    const [receipt] = mails.filter((m) => m.template === 'sale-receipt');
    expect(receipt!.text).toContain('Named loop');
    expect(receipt!.text).toContain('€3.00');
    const failed = await t.db.select().from(jobs).where(eq(jobs.status, 'failed'));
    expect(failed).toEqual([]);
  });
  it('names a creator without a display name as every page does: given and family name', async () => {
    const fan = await createUser(t);
    const creator = await createUser(t, {
      role: 'creator',
      displayName: '  ',
      givenName: 'Gina',
      familyName: 'Given',
    });
    await t.db.transaction((tx) =>
      queueMail(
        tx,
        {
          template: 'membership-renewed',
          userId: fan.user.id,
          params: { creatorId: creator.user.id, amountCents: '500', currency: 'eur' },
        },
        `named-parts:${creator.user.id}`,
        systemMeta(new Date()),
      ),
    );
    await deliverMails(t);
    const [renewed] = await mailsTo(t, fan.user.email);
    expect(renewed!.text).toContain('Your membership with Gina Given was renewed for €5.00.');
  });
});
