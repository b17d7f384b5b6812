/**
 * `npm run bench -- newsletter` (issue 42): the new-post mail fan-out of one item to a creator's
 * followers. A fresh embedded database gets a creator with BENCH_NEWSLETTER_FOLLOWERS followers
 * who all chose a mail per item (bench/seed-followers.ts) and a draft item; the server process
 * sends its mail over SMTP to a sink on loopback (smtp-server, as the tests use) that counts what
 * arrives. The creator publishes the item through the API, and the benchmark measures:
 *
 *   - the fan-out: how long the job took to queue every mail (its mail jobs' creation to its
 *     end, read from the jobs table afterwards) and so the mails queued per second;
 *   - the time from the publish request until the last mail was handed to the SMTP server, and
 *     the mails sent per second from the first to the last;
 *   - the server process's resident memory: before the publish, and its peak (VmHWM) at the end
 *     (the embedded database runs inside it).
 *
 * Every follower must get exactly one mail and the item's counts must show them all sent, or the
 * run fails. The pace (NEWSLETTER_MAILS_PER_SECOND) is lifted to its highest allowed value by
 * default, so what is measured is how fast the server can go, not the configured pace.
 *
 *   BENCH_NEWSLETTER_FOLLOWERS    followers mailed (default 10000)
 *   BENCH_NEWSLETTER_PER_SECOND   the server's NEWSLETTER_MAILS_PER_SECOND (default 10000)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { ItemMailStats } from '../common/schemas/newsletter';
import { createTokenService } from '../server/auth/tokens';
import { systemClock } from '../server/context';
import { embeddedDatabaseDir, openDatabase, type Database } from '../server/db/client';
import { acquireDataDirLock } from '../server/db/lock';
import { rowsOf } from '../server/db/rows';
import { deriveKeys } from '../server/keys';
import { sql } from 'drizzle-orm';
import { positiveInt } from './env';
import { productionServerEnv, SERVING_LINE, startServerProcess } from './process';
import { benchReport } from './report';
import { seedCreatorWithFollowers, type SeededCreator } from './seed-followers';

/** A run that stops moving for this long has failed (a stuck queue, a lost mail). */
const STALL_MS = 60_000;
const POLL_MS = 200;

/** The embedded database of `dataDir`, opened for `work` while no server holds it. */
async function withDatabase<T>(dataDir: string, work: (db: Database) => Promise<T>): Promise<T> {
  const unlock = acquireDataDirLock(dataDir);
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(dataDir) });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  } finally {
    unlock();
  }
}

/** An SMTP server on loopback that takes every mail and counts them per recipient. */
async function smtpSink() {
  const perAddress = new Map<string, number>();
  let arrived = 0;
  let firstAt = 0;
  let lastAt = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const at = performance.now();
        for (const { address } of session.envelope.rcptTo) {
          perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
        }
        arrived += 1;
        firstAt ||= at;
        lastAt = at;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    perAddress,
    get arrived() {
      return arrived;
    },
    get firstAt() {
      return firstAt;
    },
    get lastAt() {
      return lastAt;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A field of /proc/<pid>/status in MiB (VmRSS now, VmHWM its peak); NaN off Linux. */
function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1];
    return kib ? Number(kib) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** When the fan-out started and ended, read from the jobs table after the run. */
async function fanOutTimes(db: Database, itemId: number) {
  const [row] = rowsOf<{ started: string; finished: string; queued: number }>(
    await db.execute(sql`
      select (select min(created_at) from jobs
          where kind = 'mail' and idempotency_key like ${`mail:newsletter:item:${itemId}:%`})
          as started,
        (select finished_at from jobs where idempotency_key = ${`newsletter:item:${itemId}`})
          as finished,
        (select count(*)::int from jobs
          where kind = 'mail' and idempotency_key like ${`mail:newsletter:item:${itemId}:%`})
          as queued`),
  );
  if (!row?.started || !row.finished) throw new Error('the fan-out job did not finish');
  return {
    ms: new Date(row.finished).getTime() - new Date(row.started).getTime(),
    queued: Number(row.queued),
  };
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export async function runNewsletterBenchmark(): Promise<boolean> {
  const followers = positiveInt('BENCH_NEWSLETTER_FOLLOWERS', 10_000);
  const perSecond = positiveInt('BENCH_NEWSLETTER_PER_SECOND', 10_000);
  console.log(
    `newsletter: a new item mailed to ${fmt(followers)} followers over SMTP (sink on loopback), ` +
      `NEWSLETTER_MAILS_PER_SECOND=${perSecond}, embedded database`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-bench-newsletter-'));
  const sink = await smtpSink();
  try {
    // Timed without opening and migrating the fresh database.
    let seedMs = 0;
    const seeded: SeededCreator = await withDatabase(dataDir, async (db) => {
      const started = performance.now();
      const result = await seedCreatorWithFollowers(db, { followers });
      seedMs = performance.now() - started;
      return result;
    });
    console.log(`newsletter: seeded ${fmt(followers)} followers in ${fmt(seedMs)} ms`);

    const secret = randomBytes(32).toString('hex');
    const server = await startServerProcess(
      'server/main.ts',
      productionServerEnv({
        DATA_DIR: dataDir,
        JWT_SECRET: secret,
        SMTP_URL: sink.url,
        MAIL_FROM: 'Aura <no-reply@bench.test>',
        NEWSLETTER_MAILS_PER_SECOND: String(perSecond),
      }),
      SERVING_LINE,
    );
    let publishToLastMs: number;
    let sendingMs: number;
    let rssBeforeMiB: number;
    let rssPeakMiB: number;
    try {
      const url = server.url.replace('localhost', '127.0.0.1');
      const tokens = createTokenService({
        key: deriveKeys(secret).tokens,
        ttlSeconds: 3600,
        clock: systemClock,
      });
      const auth = {
        authorization: `Bearer ${await tokens.issue({ id: seeded.creatorId, role: 'creator', tokenVersion: 0 })}`,
      };
      rssBeforeMiB = memoryMiB(server.pid, 'VmRSS');

      const published = performance.now();
      const res = await fetch(`${url}/api/v1/aura/${seeded.itemId}/publish`, {
        method: 'POST',
        headers: auth,
      });
      if (!res.ok) throw new Error(`publish answered ${res.status}: ${await res.text()}`);

      // Until the mail server has every mail and the item's counts show them sent.
      let moved = performance.now();
      let seen = -1;
      for (;;) {
        const stats = await fetch(`${url}/api/v1/creator/items/${seeded.itemId}/mail-stats`, {
          headers: auth,
        });
        if (!stats.ok)
          throw new Error(`mail-stats answered ${stats.status}: ${await stats.text()}`);
        const { sent } = ItemMailStats.parse(await stats.json());
        if (sink.arrived >= followers && sent >= followers) break;
        if (sink.arrived !== seen) {
          seen = sink.arrived;
          moved = performance.now();
        } else if (performance.now() - moved > STALL_MS) {
          throw new Error(`stalled at ${sink.arrived} of ${followers} mails`);
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      publishToLastMs = sink.lastAt - published;
      sendingMs = sink.lastAt - sink.firstAt;
      rssPeakMiB = memoryMiB(server.pid, 'VmHWM');
    } finally {
      await server.stop();
    }
    const fanOut = await withDatabase(dataDir, (db) => fanOutTimes(db, seeded.itemId));

    const twice = [...sink.perAddress.values()].filter((n) => n > 1).length;
    const once = sink.perAddress.size;
    const followersMailed = [...sink.perAddress.keys()].filter((a) =>
      /^bench_follower_\d+@bench\.test$/.test(a),
    ).length;
    if (fanOut.queued !== followers || followersMailed !== followers || twice > 0) {
      throw new Error(
        `expected one mail to each of ${followers} followers: ${fanOut.queued} queued, ` +
          `${followersMailed} followers mailed, ${twice} mailed more than once, ${once} addresses`,
      );
    }

    const queuedPerSecond = followers / (fanOut.ms / 1000);
    const sentPerSecond = followers / (sendingMs / 1000);
    const rows: [string, string][] = [
      ['followers seeded (ms)', fmt(seedMs)],
      ['fan-out: every mail queued (ms)', fmt(fanOut.ms)],
      ['mails queued per second', fmt(queuedPerSecond)],
      ['publish -> last mail handed to SMTP (s)', fmt(publishToLastMs / 1000, 1)],
      ['mails sent per second (first to last)', fmt(sentPerSecond)],
      ['server RSS before the publish (MiB)', fmt(rssBeforeMiB)],
      ['server peak RSS (MiB)', fmt(rssPeakMiB)],
    ];
    console.log('');
    for (const [what, value] of rows) console.log(`${what.padEnd(42)} ${value.padStart(10)}`);
    const table = benchReport.table(
      `Newsletter: one new item mailed to ${fmt(followers)} followers over SMTP, ` +
        `NEWSLETTER_MAILS_PER_SECOND=${perSecond}, embedded database`,
      ['measure', 'value'],
    );
    table.rows.push(...rows);
    benchReport.note(
      `newsletter: every one of the ${fmt(followers)} followers got exactly one mail ` +
        '(counted by the SMTP sink); the server process holds the embedded database, so its ' +
        'memory includes the database.',
    );
    return true;
  } finally {
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
