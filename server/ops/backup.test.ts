import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../auth/tokens';
import { jwtSecretPath } from '../config-secrets';
import { systemClock } from '../context';
import { entitlements, items, ledgerEntries, users } from '../db/schema/index';
import { deriveKey } from '../keys';
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
// No JWT_SECRET: the server generates its root secret under DATA_DIR, which the backup must carry
// (sealed) for sessions and payout numbers to work on the restored server.
const ADMIN = { username: 'demo_admin', password: 'Demo-Admin-2025!' };
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

/** A buyer of a paid item with a picture, and a session token for them signed by `dataDir`'s secret. */
async function buyerWithToken(dataDir: string) {
  const [bought] = await withEmbeddedDatabase(dataDir, (db) =>
    db
      .select({
        itemId: items.id,
        id: users.id,
        role: users.role,
        tokenVersion: users.tokenVersion,
      })
      .from(entitlements)
      .innerJoin(items, eq(items.id, entitlements.itemId))
      .innerJoin(users, eq(users.id, entitlements.userId))
      .where(and(gt(items.priceCents, 0), isNotNull(items.imageKey)))
      .orderBy(asc(entitlements.id))
      .limit(1),
  );
  if (!bought) throw new Error('the demo has no purchase of a paid item with a picture');
  const secret = fs.readFileSync(jwtSecretPath(dataDir), 'utf8').trim();
  const tokens = createTokenService({
    key: deriveKey(secret, 'tokens'),
    ttlSeconds: 3600,
    clock: systemClock,
  });
  return { itemId: bought.itemId, token: await tokens.issue(bought) };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(url: string): Promise<string> {
  const res = await fetch(new URL('/v1/auth/login', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function payoutRows(url: string, token: string) {
  const res = await fetch(new URL('/api/v1/hub/payouts?limit=100', url), {
    headers: bearer(token),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (
    (await res.json()) as { payouts: { unreadable: boolean; accountNumber: string | null }[] }
  ).payouts;
}

describe('npm run backup / npm run restore (embedded database)', () => {
  it('backs up a running seeded instance and restores every user, item, ledger entry and media file', async () => {
    const original = tempDataDir('backup-src');
    const archive = path.join(tempDataDir('backup-file'), 'aura.backup.tar');
    const env = { SEED_DEMO: 'true' };

    // The first start seeds the demo (pictures, sales): slow on a busy machine.
    const server = await startServer(original, env, 200_000);
    running.push(server);
    const port = new URL(server.url).port;
    const adminToken = await signIn(server.url);
    const payoutsBefore = await payoutRows(server.url, adminToken);
    expect(payoutsBefore.filter((p) => p.accountNumber !== null).length).toBeGreaterThan(0);
    // While it serves: the snapshot comes from the server over loopback.
    const backup = await runToEnd('server/ops/backup.ts', [archive], {
      ...env,
      DATA_DIR: original,
      PORT: port,
    });
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toMatch(/Backup written/);
    const backupKey = /BACKUP_KEY=([0-9a-f]{64})/.exec(backup.out)?.[1];
    if (!backupKey) throw new Error(`no backup key printed:\n${backup.out}`);
    expect(backup.out).not.toContain(fs.readFileSync(jwtSecretPath(original), 'utf8').trim());
    server.child.kill('SIGTERM');
    await server.exited;
    const buyer = await buyerWithToken(original);

    const before = await contents(original);
    expect(before.users.length).toBeGreaterThan(5);
    expect(before.items.length).toBeGreaterThan(5);
    expect(before.ledger.length).toBeGreaterThan(0); // the demo sales
    expect(before.entitlements.length).toBeGreaterThan(0);
    const mediaBefore = mediaFiles(original);
    expect(Object.keys(mediaBefore).length).toBeGreaterThan(0);

    const fresh = tempDataDir('backup-dst');
    // The sealed secret needs the backup key: refused without it or with another, nothing written.
    for (const key of ['', '11'.repeat(32)]) {
      const refused = await runToEnd('server/ops/restore.ts', [archive], {
        ...env,
        DATA_DIR: fresh,
        BACKUP_KEY: key,
      });
      expect(refused.code).not.toBe(0);
      expect(refused.err).toMatch(/BACKUP_KEY/);
      expect(fs.readdirSync(fresh)).toEqual([]);
    }
    const withKey = { ...env, DATA_DIR: fresh, BACKUP_KEY: backupKey };
    const restore = await runToEnd('server/ops/restore.ts', [archive], withKey);
    expect(restore.code, restore.err).toBe(0);
    // Restoring again would overwrite: refused.
    const again = await runToEnd('server/ops/restore.ts', [archive], withKey);
    expect(again.code).not.toBe(0);
    expect(again.err).toMatch(/empty DATA_DIR/);

    const restarted = await startServer(fresh, { ...env, SEED_DEMO: 'false' }, 120_000);
    running.push(restarted);
    const health = await fetch(new URL('/api/v1/health', restarted.url));
    expect(health.status).toBe(200);
    // Sessions of the backed-up server still work, signing in works, and every payout number
    // sealed there opens here.
    const payoutsAfter = await payoutRows(restarted.url, adminToken);
    expect(payoutsAfter).toEqual(payoutsBefore);
    expect(payoutsAfter.some((p) => p.unreadable)).toBe(false);
    expect((await payoutRows(restarted.url, await signIn(restarted.url))).length).toBe(
      payoutsBefore.length,
    );
    // The buyer's paid picture opens for them.
    const item = await fetch(new URL(`/api/v1/items/${buyer.itemId}`, restarted.url), {
      headers: bearer(buyer.token),
    });
    expect(item.status, await item.clone().text()).toBe(200);
    const detail = (await item.json()) as { isPurchased: boolean; imageUrl: string | null };
    expect(detail.isPurchased).toBe(true);
    expect(detail.imageUrl).toMatch(/sig=/);
    const picture = await fetch(new URL(detail.imageUrl ?? '', restarted.url), {
      headers: bearer(buyer.token),
    });
    expect(picture.status).toBe(200);
    restarted.child.kill('SIGTERM');
    await restarted.exited;

    expect(await contents(fresh)).toEqual(before);
    expect(mediaFiles(fresh)).toEqual(mediaBefore);
  }, 480_000);
});
