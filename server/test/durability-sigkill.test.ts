/**
 * Issue 2: a process killed with SIGKILL in the middle of writes loses nothing it reported as
 * committed, leaves no half transaction, and the next start takes over its stale lock. The writer
 * (durability-writer.ts) owns DATA_DIR exactly like the server: lock file, then PGlite.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema/index';
import {
  killIfRunning,
  removeTempDataDirs,
  startServer,
  startTs,
  tempDataDir,
  withEmbeddedDatabase,
  type RunningProcess,
} from './durability-process';
import { TEST_ROW_ACTION } from './audit-test-rows';

const WRITER = 'server/test/durability-writer.ts';
const COMMITTED = /^committed (\d+)$/;

let running: RunningProcess | undefined;
afterEach(() => killIfRunning(running));
afterAll(removeTempDataDirs);

/** Lets the writer commit at least `count` transactions, then kills it without warning. */
async function writeThenKill(dataDir: string, round: number, count: number): Promise<number[]> {
  const writer = startTs(WRITER, { DATA_DIR: dataDir, WRITER_ROUND: String(round) });
  running = writer;
  await writer.waitForLine(/^ready$/);
  await writer.waitUntil(
    (lines) => lines.filter((l) => COMMITTED.test(l)).length >= count,
    `${count} commits`,
  );
  writer.child.kill('SIGKILL');
  const exit = await writer.exited;
  expect(exit.signal).toBe('SIGKILL');
  // Everything read from the pipe, including lines still buffered at the kill, was committed.
  return writer.lines.flatMap((l) => {
    const m = COMMITTED.exec(l);
    return m ? [Number(m[1])] : [];
  });
}

describe('SIGKILL during writes', () => {
  it('keeps every committed row over several kills and takes over the stale lock', async () => {
    const dataDir = tempDataDir('sigkill');
    const lockFile = path.join(dataDir, 'aura.lock');
    const reported: number[] = [];

    for (const [round, count] of [
      [1, 40],
      [2, 120],
      [3, 75],
    ] as const) {
      const ids = await writeThenKill(dataDir, round, count);
      expect(ids.length).toBeGreaterThanOrEqual(count);
      reported.push(...ids);
      const owner = Number(fs.readFileSync(lockFile, 'utf8').split(' ')[0]); // pid, then start time
      expect(owner).toBe(running!.pid); // the killed writer's lock is still there: stale

      const rows = await withEmbeddedDatabase(dataDir, (db) =>
        db
          .select({ id: auditEvents.id, subject: auditEvents.subjectId })
          .from(auditEvents)
          .where(
            and(
              eq(auditEvents.action, TEST_ROW_ACTION),
              like(auditEvents.subjectId, 'durability-%'),
            ),
          ),
      );
      const stored = new Set(rows.map((r) => r.id));
      expect(reported.filter((id) => !stored.has(id))).toEqual([]);
      // A transaction writes a pair: a kill mid-transaction must leave all of it or none of it.
      const perSubject = new Map<string, number>();
      for (const r of rows) perSubject.set(r.subject!, (perSubject.get(r.subject!) ?? 0) + 1);
      expect([...perSubject.values()].filter((n) => n !== 2)).toEqual([]);
      expect(fs.existsSync(lockFile)).toBe(false); // released by the check above
    }

    // Finally the real server starts on the survivor's data, taking over a killed owner's lock.
    const last = await writeThenKill(dataDir, 4, 10);
    expect(last.length).toBeGreaterThanOrEqual(10);
    const server = await startServer(dataDir);
    running = server;
    const health = await fetch(`${server.url}/api/v1/health`);
    expect(health.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const stored = await withEmbeddedDatabase(dataDir, async (db) => {
      const rows = await db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, TEST_ROW_ACTION), like(auditEvents.subjectId, 'durability-%')),
        );
      return new Set(rows.map((r) => r.id));
    });
    expect([...reported, ...last].filter((id) => !stored.has(id))).toEqual([]);
  }, 240_000);
});
