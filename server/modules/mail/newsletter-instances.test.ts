import type { AddressInfo } from 'node:net';
import { and, eq, inArray, isNotNull, like, lte } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../adapters/mail/mailer';
import { createSmtpMailer } from '../../adapters/mail/smtp';
import { jobs } from '../../db/schema/index';
import { manualClock } from '../billing/test-helpers';
import { publishItem } from '../items/test-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, grantMembership, type TestUser } from '../../test/factories';
import { runFanOut } from './newsletter';
import { MAIL_JOB } from './queue';
import { newsletterSends } from './tables';

/*
 * New-post e-mails (issue 42) sent by two app instances on one PostgreSQL database, as behind a
 * load balancer, into one SMTP server (smtp-server on loopback): what the mail server received
 * is counted, so a mail sent twice shows, whatever the database says. On PGlite one process owns
 * the data, so there is nothing to share: skipped there (CI sets TEST_DATABASE_URL).
 */
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The job runner's lease (server/jobs/runner.ts): after it another instance may take a job back. */
const LEASE_MS = 5 * MINUTE;

const received: { to: string[]; subject: string }[] = [];
let server: SMTPServer;
let smtpUrl = '';

/** How many mails the mail server received for this address about this item title. */
const arrived = (who: TestUser, title: string) =>
  received.filter((r) => r.to.includes(who.user.email) && r.subject.includes(title)).length;

/** Waits (on a condition, not a time) until `ready()` holds; fails after many rounds. */
async function until(ready: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let round = 0; round < 2000; round += 1) {
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * An SMTP mailer of an instance that dies mid-batch when told to: once armed, it sends `sendBefore`
 * of the watched recipients' mails, then its next send never returns (the process is gone
 * between two mails) and nothing after it reaches the mail server. `release` lets the stuck call
 * fail, so the test can close the app.
 */
function dyingMailer(url: string) {
  const smtp = createSmtpMailer({
    url,
    port: 0,
    secure: false,
    from: 'Aura <a@aura.test>',
    requireTls: false,
  });
  let watched = new Set<string>();
  let left = Number.POSITIVE_INFINITY;
  let dead = false;
  let stuck = false;
  let release: () => void = () => {};
  const mailer: Mailer = {
    name: 'smtp',
    async send(message: MailMessage) {
      if (dead) {
        if (!stuck) {
          stuck = true;
          await new Promise<void>((resolve) => (release = resolve));
        }
        throw new Error('instance died');
      }
      if (watched.has(message.to)) {
        if (left === 0) {
          dead = true;
          return mailer.send(message);
        }
        left -= 1;
      }
      await smtp.send(message);
    },
    close: () => smtp.close(),
  };
  return {
    mailer,
    arm(recipients: TestUser[], sendBefore: number) {
      watched = new Set(recipients.map((r) => r.user.email));
      left = sendBefore;
    },
    get stuck() {
      return stuck;
    },
    release: () => release(),
  };
}

describe.skipIf(!databaseUrl)(
  'new-post mails across two instances (PostgreSQL only: TEST_DATABASE_URL)',
  () => {
    // Each instance has its own clock, so the test decides which one finds a job due.
    const clockA = manualClock('2040-01-08T10:00:00.000Z');
    const clockB = manualClock('2040-01-08T10:00:00.000Z');
    let a: TestApp;
    let b: TestApp;
    let dying: ReturnType<typeof dyingMailer>;
    /** Instance A's run that dies mid-batch, ended once its stuck call is released. */
    let runningOnA: Promise<unknown> = Promise.resolve();

    beforeAll(async () => {
      server = new SMTPServer({
        disabledCommands: ['STARTTLS', 'AUTH'],
        onData(stream, session, callback) {
          simpleParser(stream)
            .then((mail) => {
              received.push({
                to: session.envelope.rcptTo.map((r) => r.address),
                subject: mail.subject ?? '',
              });
              callback();
            })
            .catch(callback);
        },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
      dying = dyingMailer(smtpUrl);
      const env = {
        SMTP_URL: smtpUrl,
        MAIL_FROM: 'Aura <no-reply@aura.test>',
        NEWSLETTER_MAILS_PER_SECOND: '10000',
      };
      [a, b] = await Promise.all([
        createTestApp({ clock: clockA, env, overrides: { mailer: dying.mailer } }),
        createTestApp({ clock: clockB, env }),
      ]);
    });
    afterAll(async () => {
      dying?.release();
      await runningOnA;
      await Promise.all([a?.close(), b?.close()]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    /** A creator with `count` members, who get new-post mails at once by default. */
    async function creatorWithMembers(count: number) {
      const creator = await createUser(a, { role: 'creator', displayName: 'Twin Beats' });
      const fans: TestUser[] = [];
      for (let i = 0; i < count; i += 1) {
        const fan = await createUser(a);
        await grantMembership(a, fan, creator, 'Hypr', new Date(clockA.now().getTime() + 60 * DAY));
        fans.push(fan);
      }
      return { creator, fans };
    }

    /** The item's mail jobs still to run (queued or held) as `t` sees the time. */
    const mailJobsLeft = (t: TestApp, itemId: number) =>
      t.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, MAIL_JOB),
            like(jobs.idempotencyKey, `mail:newsletter:item:${itemId}:%`),
            inArray(jobs.status, ['queued', 'running']),
            lte(jobs.runAt, t.container.clock.now()),
          ),
        );

    /** Both instances run due jobs at the same moment until none of the item's mails is left. */
    async function bothRun(itemId: number): Promise<void> {
      await until(async () => {
        await Promise.all([
          a.container.jobs.runDue(),
          b.container.jobs.runDue(),
          a.container.jobs.runDue(),
          b.container.jobs.runDue(),
        ]);
        return (await mailJobsLeft(a, itemId)).length === 0;
      }, 'the mail jobs to run');
    }

    const sentCount = async (itemId: number) =>
      (
        await a.db
          .select({ id: newsletterSends.id })
          .from(newsletterSends)
          .where(and(eq(newsletterSends.itemId, itemId), isNotNull(newsletterSends.sentAt)))
      ).length;

    it('mails every recipient once when both instances run the fan-out and the mails', async () => {
      const { creator, fans } = await creatorWithMembers(6);
      const title = `Twin loop ${Date.now()}`;
      const item = await publishItem(a, creator, { title, price: '0' }, {});

      // The fan-out job runs where it is claimed; the other instance runs the same fan-out as
      // well, as one would whose lease on it ran out, all at the same moment.
      await Promise.all([
        a.container.jobs.runDue(),
        b.container.jobs.runDue(),
        runFanOut(
          { db: b.db, perSecond: 10_000 },
          { source: `item:${item.id}`, itemId: item.id },
          clockB.now(),
        ),
        runFanOut(
          { db: a.db, perSecond: 10_000 },
          { source: `item:${item.id}`, itemId: item.id },
          clockA.now(),
        ),
      ]);
      await bothRun(item.id);

      for (const fan of fans) expect(arrived(fan, title), fan.user.email).toBe(1);
      expect(arrived(creator, title)).toBe(0);
      expect(await sentCount(item.id)).toBe(fans.length);
      const queued = await a.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(like(jobs.idempotencyKey, `mail:newsletter:item:${item.id}:%`));
      expect(queued).toHaveLength(fans.length);

      // Run again later on both: nothing more goes out.
      clockA.advanceDays(1);
      clockB.advanceDays(1);
      await bothRun(item.id);
      for (const fan of fans) expect(arrived(fan, title), fan.user.email).toBe(1);
    });

    it('sends no mail twice when an instance dies mid-batch and the other takes its jobs back', async () => {
      const { creator, fans } = await creatorWithMembers(6);
      const title = `Crash loop ${Date.now()}`;
      // Instance B's clock stays behind A's, so A claims the item's mails first.
      clockB.set(new Date(clockA.now().getTime() - 10 * MINUTE).toISOString());
      dying.arm(fans, 3);
      const item = await publishItem(a, creator, { title, price: '0' }, {});
      runningOnA = a.container.jobs.runDue().then(() => a.container.jobs.runDue());
      // A handed three of the batch to the mail server, then died before the fourth.
      await until(() => dying.stuck, 'instance A to die mid-batch');
      expect(fans.reduce((n, fan) => n + arrived(fan, title), 0)).toBe(3);

      // A's lease runs out; B claims the jobs A held and sends what A did not.
      clockB.set(new Date(clockA.now().getTime() + LEASE_MS + MINUTE).toISOString());
      await until(async () => {
        await b.container.jobs.runDue();
        return (await mailJobsLeft(b, item.id)).length === 0;
      }, 'instance B to send the rest');
      for (const fan of fans) expect(arrived(fan, title), fan.user.email).toBe(1);
      expect(await sentCount(item.id)).toBe(fans.length);

      // The dead instance's stuck call ends (its jobs count as failed tries, retried later):
      // the retries send nothing again.
      dying.release();
      await runningOnA;
      clockA.advanceDays(1);
      clockB.set(clockA.now().toISOString());
      await bothRun(item.id);
      for (const fan of fans) expect(arrived(fan, title), fan.user.email).toBe(1);
    });
  },
);
