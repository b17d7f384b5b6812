import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { bearer, signUp } from '../auth/test-helpers';
import { MAIL_OVERDUE_MS } from './backlog';
import { mailTokens } from './tables';
import { deliverMails } from './test-helpers';
import { linkToken } from './tokens';

/*
 * A mail server that refuses mail (issue 19): each failed try is logged with the server's error,
 * the admin outbox shows the waiting mail with its tries and last error, and the health check
 * counts it once it is late. Against a real SMTP server on loopback (smtp-server) told to fail.
 */

const lines: Record<string, unknown>[] = [];
let refusing = true;
const arrived: string[] = [];
let server: SMTPServer;
let t: TestApp;
let offsetMs = 0;

beforeAll(async () => {
  server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        if (!refusing) {
          arrived.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
          return;
        }
        const refusal = new Error('Service not available, try again later') as Error & {
          responseCode: number;
        };
        refusal.responseCode = 421;
        callback(refusal);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  // Its own database: the jobs of other files' apps would be counted and sent here.
  t = await createTestApp({
    ownDatabase: true,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'warn' },
    clock: { now: () => new Date(Date.now() + offsetMs) },
    logStream: {
      write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>),
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const health = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/health' })).json() as {
    status: string;
    mail?: { undelivered: number; failed: number; overdue: number };
  };

describe('a mail server that refuses mail', () => {
  it('logs each failed try, shows it in the outbox and counts the late mail in health', async () => {
    const account = await signUp(t);
    await deliverMails(t);
    const [token] = await t.db
      .select({ id: mailTokens.id })
      .from(mailTokens)
      .where(eq(mailTokens.userId, account.user.id));
    const secret = linkToken(t.container.keys['mail-links'], token!.id);

    // One warn line for the try, with the server's answer and no secret of the mail.
    const failures = lines.filter((l) => String(l.msg).startsWith('mail not sent'));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: 40,
      template: 'verify-email',
      attempt: 1,
      responseCode: 421,
      error: expect.stringMatching(/Service not available/),
    });
    expect(JSON.stringify(lines)).not.toContain(secret);

    const admin = await createUser(t, { role: 'admin' });
    const outbox = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/admin/outbox',
          headers: bearer(admin.token),
        })
      ).json();
    expect(await outbox()).toMatchObject({
      transport: 'smtp',
      pending: 1,
      waiting: [
        {
          template: 'verify-email',
          to: account.fields.email,
          attempts: 1,
          lastError: expect.stringMatching(/Service not available/),
        },
      ],
    });

    // Not late yet; then, past the threshold and a second failed try, counted but still ok.
    expect((await health()).mail).toMatchObject({ undelivered: 0 });
    offsetMs += MAIL_OVERDUE_MS + 60_000;
    await deliverMails(t);
    expect(lines.filter((l) => String(l.msg).startsWith('mail not sent'))).toHaveLength(2);
    expect((await outbox()).waiting).toMatchObject([{ attempts: 2 }]);
    const late = await health();
    expect(late.status).toBe('ok');
    expect(late.mail).toMatchObject({ undelivered: 1, overdue: 1, failed: 0 });

    // The server is back: the next try delivers, and nothing is counted any more.
    refusing = false;
    offsetMs += 3 * 3600_000;
    await deliverMails(t);
    expect(arrived).toContain(account.fields.email);
    expect((await health()).mail).toMatchObject({ undelivered: 0 });
    expect(await outbox()).toMatchObject({ pending: 0, waiting: [] });
  });
});
