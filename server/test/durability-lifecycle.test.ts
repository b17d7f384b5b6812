/**
 * The embedded database is owned by one server process at a time and survives its stops:
 * real `server/main.ts` processes on a temporary DATA_DIR (always PGlite, even when the API
 * tests run against TEST_DATABASE_URL, since this is about the embedded default).
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { jwtSecretPath } from '../config-secrets';
import { auditEvents } from '../db/schema/index';
import {
  killIfRunning,
  removeTempDataDirs,
  RUNNING_LINE,
  startServer,
  startTs,
  MAIN,
  tempDataDir,
  withEmbeddedDatabase,
  type RunningProcess,
} from './durability-process';
import { TEST_ROW_ACTION } from './audit-test-rows';

const started: RunningProcess[] = [];
afterEach(() => {
  killIfRunning(...started.splice(0));
});
afterAll(removeTempDataDirs);

async function track<T extends RunningProcess>(p: Promise<T>): Promise<T> {
  const proc = await p;
  started.push(proc);
  return proc;
}

async function healthOf(url: string): Promise<{ status: string; database: { ok: boolean } }> {
  const res = await fetch(`${url}/api/v1/health`);
  expect(res.status).toBe(200);
  return (await res.json()) as { status: string; database: { ok: boolean } };
}

const lockFile = (dataDir: string) => path.join(dataDir, 'aura.lock');

describe('one server per data directory', () => {
  it('refuses a second process on the same DATA_DIR at once, with a clear message', async () => {
    const dataDir = tempDataDir('lock');
    const first = await track(startServer(dataDir));
    expect(fs.readFileSync(lockFile(dataDir), 'utf8').split(' ')[0]).toBe(String(first.pid));

    const second = startTs(MAIN, { PORT: '0', DATA_DIR: dataDir });
    started.push(second);
    // Fails fast instead of timing out if the second process were let in.
    const exit = await Promise.race([
      second.exited,
      second.waitForLine(RUNNING_LINE).then(() => 'started twice'),
    ]);
    expect(exit).toEqual({ code: 1, signal: null });
    expect(second.stderr()).toContain(`is in use by another Aura process (pid ${first.pid})`);
    expect(second.stderr()).toContain('set DATA_DIR to another folder');
    expect(second.lines.some((l) => l.startsWith('Aura is running'))).toBe(false);

    // The refused start changed nothing: the first server still owns the lock and answers.
    expect(fs.readFileSync(lockFile(dataDir), 'utf8').split(' ')[0]).toBe(String(first.pid));
    expect((await healthOf(first.url)).database.ok).toBe(true);

    first.child.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});

describe('stopping and starting again', () => {
  it('closes cleanly on SIGINT and SIGTERM and keeps all data and the generated JWT secret', async () => {
    const dataDir = tempDataDir('signals');

    const first = await track(startServer(dataDir));
    const secretFile = jwtSecretPath(dataDir);
    const secret = fs.readFileSync(secretFile, 'utf8');
    expect(secret.trim().length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
    first.child.kill('SIGINT');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);

    // Between runs, add a row the way any write would land: it must be there after the next stop.
    await withEmbeddedDatabase(dataDir, async (db) => {
      await db.insert(auditEvents).values({ action: TEST_ROW_ACTION, subjectId: 'between-runs' });
    });

    const second = await track(startServer(dataDir));
    expect((await healthOf(second.url)).status).toBe('ok');
    expect(fs.readFileSync(secretFile, 'utf8')).toBe(secret);
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);

    await withEmbeddedDatabase(dataDir, async (db) => {
      // Seeded on the first start only: a lost marker would have made the second start seed again.
      const seeded = await db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'system.demo_seeded'));
      expect(seeded).toHaveLength(1);
      const marker = await db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, TEST_ROW_ACTION), eq(auditEvents.subjectId, 'between-runs')),
        );
      expect(marker).toHaveLength(1);
    });
  }, 120_000);

  it('takes over the lock left by a server killed with SIGKILL', async () => {
    const dataDir = tempDataDir('stale');
    const first = await track(startServer(dataDir));
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(fs.readFileSync(lockFile(dataDir), 'utf8').split(' ')[0]).toBe(String(first.pid));

    const second = await track(startServer(dataDir));
    expect(fs.readFileSync(lockFile(dataDir), 'utf8').split(' ')[0]).toBe(String(second.pid));
    expect((await healthOf(second.url)).database.ok).toBe(true);
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});
