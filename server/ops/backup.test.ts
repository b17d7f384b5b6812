import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { entitlements, items, ledgerEntries, users } from '../db/schema/index';
import {
  killIfRunning,
  removeTempDataDirs,
  startServer,
  startTs,
  tempDataDir,
  withEmbeddedDatabase,
  type RunningProcess,
} from '../test/durability-process';

// Issue 18: back up a seeded instance with purchases while it serves, restore into a fresh data
// directory, start there, and everything is back. Embedded database only (its own processes).
const SECRET = 'backup-test-secret-backup-test-secret-01';
const running: RunningProcess[] = [];
afterAll(() => {
  killIfRunning(...running);
  removeTempDataDirs();
});

async function runToEnd(script: string, args: string[], env: Record<string, string>) {
  const proc = startTs(script, env, args);
  running.push(proc);
  const exit = await proc.exited;
  return { code: exit.code, out: proc.lines.join('\n'), err: proc.stderr() };
}

function mediaFiles(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'media');
  const found: Record<string, string> = {};
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        found[path.relative(root, full)] = createHash('sha256')
          .update(fs.readFileSync(full))
          .digest('hex');
    }
  };
  walk(root);
  return found;
}

const contents = (dataDir: string) =>
  withEmbeddedDatabase(dataDir, async (db) => ({
    users: await db
      .select({ id: users.id, name: users.username })
      .from(users)
      .orderBy(asc(users.id)),
    items: await db.select({ id: items.id, title: items.title }).from(items).orderBy(asc(items.id)),
    ledger: await db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id)),
    entitlements: await db
      .select()
      .from(entitlements)
      .orderBy(asc(entitlements.userId), asc(entitlements.itemId)),
  }));

describe('npm run backup / npm run restore (embedded database)', () => {
  it('backs up a running seeded instance and restores every user, item, ledger entry and media file', async () => {
    const original = tempDataDir('backup-src');
    const archive = path.join(tempDataDir('backup-file'), 'aura.backup.tar');
    const env = { JWT_SECRET: SECRET, SEED_DEMO: 'true' };

    // The first start seeds the demo (pictures, sales): slow on a busy machine.
    const server = await startServer(original, env, 200_000);
    running.push(server);
    const port = new URL(server.url).port;
    // While it serves: the snapshot comes from the server over loopback.
    const backup = await runToEnd('server/ops/backup.ts', [archive], {
      ...env,
      DATA_DIR: original,
      PORT: port,
    });
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toMatch(/Backup written/);
    server.child.kill('SIGTERM');
    await server.exited;

    const before = await contents(original);
    expect(before.users.length).toBeGreaterThan(5);
    expect(before.items.length).toBeGreaterThan(5);
    expect(before.ledger.length).toBeGreaterThan(0); // the demo sales
    expect(before.entitlements.length).toBeGreaterThan(0);
    const mediaBefore = mediaFiles(original);
    expect(Object.keys(mediaBefore).length).toBeGreaterThan(0);

    const fresh = tempDataDir('backup-dst');
    const restore = await runToEnd('server/ops/restore.ts', [archive], { ...env, DATA_DIR: fresh });
    expect(restore.code, restore.err).toBe(0);
    // Restoring again would overwrite: refused.
    const again = await runToEnd('server/ops/restore.ts', [archive], { ...env, DATA_DIR: fresh });
    expect(again.code).not.toBe(0);
    expect(again.err).toMatch(/empty DATA_DIR/);

    const restarted = await startServer(fresh, { ...env, SEED_DEMO: 'false' }, 120_000);
    running.push(restarted);
    const health = await fetch(new URL('/api/v1/health', restarted.url));
    expect(health.status).toBe(200);
    restarted.child.kill('SIGTERM');
    await restarted.exited;

    expect(await contents(fresh)).toEqual(before);
    expect(mediaFiles(fresh)).toEqual(mediaBefore);
  }, 480_000);
});
