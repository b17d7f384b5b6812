import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemMeta } from '../../events/record';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { bearer, post, STRONG_PASSWORD } from '../auth/test-helpers';
import { queueMail } from './queue';
import { deliverMails, tokenInText } from './test-helpers';

/*
 * The smtp adapter against a real SMTP server on loopback (smtp-server): nodemailer speaks SMTP
 * with authentication, and what arrived is parsed back (headers, language, links). Nothing mocked.
 */

const PUBLIC_URL = 'https://mail.aura.example';
const received: { from: string; to: string[]; mail: ParsedMail; user?: string }[] = [];
let server: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'aura' && auth.password === 's3cret') {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            mail,
            user: session.user as string | undefined,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  // Its own database: other files' apps on a shared one would deliver these mails to their outbox.
  t = await createTestApp({
    ownDatabase: true,
    env: {
      PUBLIC_URL,
      SMTP_URL: `smtp://aura:s3cret@127.0.0.1:${port}`,
      MAIL_FROM: 'Aura <no-reply@aura.example>',
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const arrivedFor = (address: string) => received.filter((r) => r.to.includes(address));

describe('smtp adapter', () => {
  it('delivers the sign-up verification in the recipient language with an absolute link', async () => {
    const username = `smtp_${Date.now().toString(36)}`;
    const email = `${username}@example.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
      payload: { username, email, password: STRONG_PASSWORD, termsAndConditions: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    await deliverMails(t);
    const [arrived] = arrivedFor(email);
    expect(arrived).toBeDefined();
    expect(arrived!.user).toBe('aura');
    expect(arrived!.from).toBe('no-reply@aura.example');
    expect(arrived!.mail.subject).toBe('Bestätige deine E-Mail-Adresse');
    expect(arrived!.mail.from?.value[0]).toMatchObject({
      name: 'Aura',
      address: 'no-reply@aura.example',
    });
    expect(arrived!.mail.text).toContain(`${PUBLIC_URL}/verify-email?token=`);
    expect(arrived!.mail.html).toContain(`href="${PUBLIC_URL}/verify-email?token=`);
    // The link works.
    const verified = await post(t, '/api/v1/auth/verify-email', {
      token: tokenInText(arrived!.mail.text ?? ''),
    });
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('gives notices a one-click List-Unsubscribe that switches off only its own user', async () => {
    const person = await createUser(t);
    const other = await createUser(t);
    await t.db.transaction((tx) =>
      queueMail(
        tx,
        { template: 'user-warned', userId: person.user.id, params: { reason: 'Spam links' } },
        `test-warning:${person.user.id}`,
        systemMeta(new Date()),
      ),
    );
    await deliverMails(t);
    const [arrived] = arrivedFor(person.user.email);
    expect(arrived!.mail.text).toContain('Spam links');
    const header = (name: string) =>
      arrived!.mail.headerLines
        .find((h) => h.key === name)
        ?.line.replace(/^[^:]+:\s*/, '')
        .replace(/\r?\n\s+/g, '');
    const url = (header('list-unsubscribe') ?? '').replace(/^<|>$/g, '');
    expect(url.startsWith(`${PUBLIC_URL}/api/v1/mail/unsubscribe?token=`), url).toBe(true);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(arrived!.mail.text).toContain(`${PUBLIC_URL}/unsubscribe?token=`);

    const token = decodeURIComponent(new URL(url).searchParams.get('token') ?? '');
    // Another user's id with this signature is refused and changes nothing.
    const forged = token.replace(person.user.id, other.user.id);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/mail/unsubscribe?token=${encodeURIComponent(forged)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(refused.statusCode).toBe(400);
    expect((await post(t, '/api/v1/mail/unsubscribe', {})).statusCode).toBe(400);
    // The mail client's one-click POST, with no sign-in.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname + new URL(url).search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toMatchObject({ kind: 'moderation' });

    const settings = async (token: string) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/users/notices', headers: bearer(token) })
      ).json();
    expect(await settings(person.token)).toMatchObject({ moderation: false, sales: true });
    expect(await settings(other.token)).toMatchObject({ moderation: true });

    // Switched off: the next notice of that kind is not sent.
    await t.db.transaction((tx) =>
      queueMail(
        tx,
        { template: 'user-warned', userId: person.user.id, params: { reason: 'Again' } },
        `test-warning-2:${person.user.id}`,
        systemMeta(new Date()),
      ),
    );
    await deliverMails(t);
    expect(arrivedFor(person.user.email)).toHaveLength(1);
  });
});
