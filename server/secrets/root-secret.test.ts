/**
 * Issue 18: without JWT_SECRET, instances on one PostgreSQL server share the generated root
 * secret through the database, so each accepts the others' tokens. The handle is given as a
 * PostgreSQL one (the rule keys on its kind); the database itself is the test database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../auth/tokens';
import { loadConfig } from '../config';
import { jwtSecretPath } from '../config-secrets';
import { systemClock } from '../context';
import { deriveKeys } from '../keys';
import { createTestApp, type TestApp } from '../test/app';
import { withRootSecret } from './root-secret';

let t: TestApp;
const dirs: string[] = [];
beforeAll(async () => {
  // A database of its own: the secret row is one per database.
  t = await createTestApp({ ownDatabase: true });
});
afterAll(async () => {
  await t.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function instanceConfig() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-secret-'));
  dirs.push(dir);
  return loadConfig({ DATABASE_URL: 'postgres://unused/aura', DATA_DIR: dir });
}

describe('the generated root secret with DATABASE_URL', () => {
  it('is one secret for every instance, taken over from an earlier start’s file', async () => {
    const handle = { db: t.db, kind: 'postgres' as const };
    // The first instance ran before this rule and had generated its secret as a file.
    const earlier = instanceConfig();
    const fileSecret = 'f'.repeat(48);
    fs.mkdirSync(path.dirname(jwtSecretPath(earlier.dataDir)), { recursive: true });
    fs.writeFileSync(jwtSecretPath(earlier.dataDir), `${fileSecret}\n`);
    expect((await withRootSecret(earlier, handle)).JWT_SECRET).toBe(fileSecret);

    // Further instances start at once, without JWT_SECRET and without a file.
    const configs = [instanceConfig(), instanceConfig(), instanceConfig()];
    const secrets = await Promise.all(configs.map((c) => withRootSecret(c, handle)));
    expect(secrets.map((c) => c.JWT_SECRET)).toEqual([fileSecret, fileSecret, fileSecret]);
    // Nothing was written beside their data: the secret lives in the database.
    for (const c of configs) expect(fs.existsSync(jwtSecretPath(c.dataDir))).toBe(false);

    // A token one instance signs, another accepts.
    const [a, b] = secrets.map((c) =>
      createTokenService({
        key: deriveKeys(c.JWT_SECRET).tokens,
        ttlSeconds: 60,
        clock: systemClock,
      }),
    );
    const token = await a!.issue({
      id: '00000000-0000-4000-8000-000000000001',
      role: 'user',
      tokenVersion: 0,
    } as never);
    await expect(b!.verify(token)).resolves.toBeTruthy();
  });

  it('keeps JWT_SECRET when it is set', async () => {
    const config = { ...instanceConfig(), JWT_SECRET: 'y'.repeat(40) };
    const handle = { db: t.db, kind: 'postgres' as const };
    expect((await withRootSecret(config, handle)).JWT_SECRET).toBe('y'.repeat(40));
  });
});
