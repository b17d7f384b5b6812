import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { embeddedDatabaseDir, openDatabase } from '../../db/client';
import { auditEvents, payoutSettings, users } from '../../db/schema/index';
import { systemMeta } from '../../events/record';
import { deriveKeys } from '../../keys';
import { createTestApp, uniqueName, type TestApp } from '../../test/app';
import { removeTempDataDirs, startTs, tempDataDir } from '../../test/durability-process';
import { createUser, type TestUser } from '../../test/factories';
import { creatorWithItem, validPayoutBody } from '../hub/test-helpers';
import { createPayoutCipher, keyIdOf, payoutCipherOf, rotatePayoutKey } from './index';

/*
 * Key rotation (issue 15): values sealed with an old key still open while it is listed in
 * PAYOUT_KEYS_PREVIOUS; `npm run payouts:rotate-key` re-seals them with the current key, after
 * which the old key can go.
 */

const OLD_KEY = randomBytes(32);
const NEW_KEY = randomBytes(32);
const ROOT = 'test-secret-test-secret-test-secret-0123';

let t: TestApp;
let admin: TestUser;

// Rotation re-seals every row of its database, so this file keeps its own embedded one even
// when the API tests share a PostgreSQL server: other files' rows stay under their keys.
beforeAll(async () => {
  t = await createTestApp({
    ownDatabase: true,
    env: { JWT_SECRET: ROOT, PAYOUT_KEY: OLD_KEY.toString('base64') },
  });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
  removeTempDataDirs();
});

/** A second app on the same database with other payout keys (a restart with new configuration). */
async function appWithKeys(env: Record<string, string>) {
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: ROOT,
      DATA_DIR: '/tmp/aura-test-unused',
      ...env,
    }),
    db: t.container.database,
    webRoot: null,
    logger: false,
  });
  await app.ready();
  return app;
}

const sealedOf = async (creatorId: string) => {
  const [row] = await t.db
    .select()
    .from(payoutSettings)
    .where(eq(payoutSettings.creatorId, creatorId));
  return row!;
};

describe('payout key rotation', () => {
  it('opens old values with a previous key, re-seals them all, and then needs only the new key', async () => {
    const creators = await Promise.all([creatorWithItem(t), creatorWithItem(t)]);
    for (const [i, { creator }] of creators.entries()) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/hub/payouts/${creator.user.id}`,
        headers: admin.auth,
        payload: validPayoutBody({ accountNumber: `ACCT000${i}4321` }),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const ids = creators.map((c) => c.creator.user.id);
    const before = await Promise.all(ids.map(sealedOf));
    for (const row of before) expect(row.accountNumberSealed).toContain(`.${keyIdOf(OLD_KEY)}.`);

    // Restarted with the new key and the old one as previous: old values still open.
    const rotated = await appWithKeys({
      PAYOUT_KEY: NEW_KEY.toString('hex'),
      PAYOUT_KEYS_PREVIOUS: `${randomBytes(32).toString('base64')}, ${OLD_KEY.toString('base64url')}`,
    });
    const listed = await rotated.inject({
      url: '/api/v1/hub/payouts?limit=100',
      headers: admin.auth,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const masked = listed.json().payouts.filter((p: { id: string }) => ids.includes(p.id));
    expect(masked.map((p: { accountNumber: string }) => p.accountNumber).sort()).toEqual([
      '****4321',
      '****4321',
    ]);

    const cipher = payoutCipherOf(
      { PAYOUT_KEY: NEW_KEY.toString('hex'), PAYOUT_KEYS_PREVIOUS: [OLD_KEY.toString('hex')] },
      deriveKeys(ROOT),
    );
    const result = await rotatePayoutKey(t.db, cipher, systemMeta(new Date()));
    expect(result.keyId).toBe(keyIdOf(NEW_KEY));
    expect(result.resealed).toBe(2);

    const newOnly = createPayoutCipher({ current: NEW_KEY });
    const oldOnly = createPayoutCipher({ current: OLD_KEY });
    for (const [i, id] of ids.entries()) {
      const row = await sealedOf(id);
      expect(row.accountNumberSealed).not.toBe(before[i]!.accountNumberSealed);
      expect(newOnly.keyIdOf(row.accountNumberSealed!)).toBe(keyIdOf(NEW_KEY));
      expect(newOnly.keyIdOf(row.routingNumberSealed!)).toBe(keyIdOf(NEW_KEY));
      expect(newOnly.open(row.accountNumberSealed!, id, 'accountNumber')).toBe(`ACCT000${i}4321`);
      expect(newOnly.open(row.routingNumberSealed!, id, 'routingNumber')).toBe('021000021');
      expect(() => oldOnly.open(row.accountNumberSealed!, id, 'accountNumber')).toThrow();
      // Everything else on the row is as it was.
      expect({ ...row, accountNumberSealed: null, routingNumberSealed: null }).toEqual({
        ...before[i],
        accountNumberSealed: null,
        routingNumberSealed: null,
      });
    }

    // Nothing is left under another key; the rotation is in the audit trail.
    expect((await rotatePayoutKey(t.db, cipher, systemMeta(new Date()))).resealed).toBe(0);
    const [audit] = await t.db
      .select({ data: auditEvents.data })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'payout.key_rotated'));
    expect(audit?.data).toMatchObject({ keyId: keyIdOf(NEW_KEY) });

    // The old key can go: an app with the new key alone reads every value.
    const newKeyOnly = await appWithKeys({ PAYOUT_KEY: NEW_KEY.toString('base64') });
    const again = await newKeyOnly.inject({
      url: '/api/v1/hub/payouts?limit=100',
      headers: admin.auth,
    });
    expect(again.statusCode, again.body).toBe(200);
    await rotated.close();
    await newKeyOnly.close();
  });

  it('still opens values of the derived default key once PAYOUT_KEY is set', async () => {
    const derivedApp = await appWithKeys({});
    const { creator } = await creatorWithItem(t);
    const res = await derivedApp.inject({
      method: 'PUT',
      url: `/api/v1/hub/payouts/${creator.user.id}`,
      headers: admin.auth,
      payload: validPayoutBody(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await sealedOf(creator.user.id);
    expect(row.accountNumberSealed).toContain(
      `.${keyIdOf(deriveKeys(ROOT)['payout-encryption'])}.`,
    );
    const explicit = payoutCipherOf({ PAYOUT_KEY: NEW_KEY.toString('hex') }, deriveKeys(ROOT));
    expect(explicit.open(row.accountNumberSealed!, creator.user.id, 'accountNumber')).toBe(
      '000123456789',
    );
    await derivedApp.close();
  });
});

describe('npm run payouts:rotate-key', () => {
  it('re-seals the embedded database of a stopped server and reports how many', async () => {
    const dataDir = tempDataDir('rotate');
    const oldCipher = createPayoutCipher({ current: OLD_KEY });
    const handle = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(dataDir) });
    const username = uniqueName('rot_');
    const [user] = await handle.db
      .insert(users)
      .values({ username, email: `${username}@example.test`, role: 'creator' })
      .returning();
    await handle.db.insert(payoutSettings).values({
      creatorId: user!.id,
      paymentMethod: 'Bank transfer',
      accountNumberSealed: oldCipher.seal('987654321', user!.id, 'accountNumber'),
    });
    await handle.close();

    const proc = startTs('server/ops/rotate-payout-key.ts', {
      DATA_DIR: dataDir,
      JWT_SECRET: ROOT,
      PAYOUT_KEY: NEW_KEY.toString('hex'),
      PAYOUT_KEYS_PREVIOUS: OLD_KEY.toString('hex'),
    });
    expect(await proc.exited, proc.stderr()).toEqual({ code: 0, signal: null });
    expect(proc.lines.join('\n')).toContain(`1 creator(s) re-sealed with key ${keyIdOf(NEW_KEY)}`);

    const reopened = await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(dataDir) });
    const [row] = await reopened.db.select().from(payoutSettings);
    await reopened.close();
    const newOnly = createPayoutCipher({ current: NEW_KEY });
    expect(newOnly.open(row!.accountNumberSealed!, user!.id, 'accountNumber')).toBe('987654321');
  }, 120_000);
});
