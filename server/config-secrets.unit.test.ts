import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { jwtSecretPath, readOrCreateSecret, withJwtSecret } from './config-secrets';

const dirs: string[] = [];
function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-secrets-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('withJwtSecret', () => {
  it('generates a secret once under DATA_DIR, readable by the owner only, and reuses it', () => {
    const dataDir = freshDataDir();
    const first = withJwtSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    const file = jwtSecretPath(dataDir);
    expect(file).toBe(path.join(dataDir, 'secrets', 'jwt-secret'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);

    const again = withJwtSecret(loadConfig({ DATA_DIR: dataDir }));
    expect(again.JWT_SECRET).toBe(first.JWT_SECRET);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['jwt-secret']); // no temp files left
  });

  it('gives each data directory its own random secret', () => {
    const a = withJwtSecret(loadConfig({ DATA_DIR: freshDataDir() }));
    const b = withJwtSecret(loadConfig({ DATA_DIR: freshDataDir() }));
    expect(a.JWT_SECRET).not.toBe(b.JWT_SECRET);
  });

  it('uses JWT_SECRET when set and writes nothing', () => {
    const dataDir = freshDataDir();
    const secret = 's'.repeat(40);
    expect(withJwtSecret(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret })).JWT_SECRET).toBe(
      secret,
    );
    expect(fs.existsSync(path.join(dataDir, 'secrets'))).toBe(false);
  });

  it('never generates a secret in production', () => {
    const dataDir = freshDataDir();
    const config = { ...loadConfig({ DATA_DIR: dataDir }), isProduction: true };
    expect(() => withJwtSecret(config)).toThrow(/JWT_SECRET: required when NODE_ENV=production/);
    expect(fs.existsSync(path.join(dataDir, 'secrets'))).toBe(false);
  });
});

describe('readOrCreateSecret', () => {
  it('keeps a secret another process stored first', () => {
    const file = jwtSecretPath(freshDataDir());
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${'k'.repeat(48)}\n`, { mode: 0o600 });
    expect(readOrCreateSecret(file)).toBe('k'.repeat(48));
  });

  it('refuses a stored secret that is too short, naming JWT_SECRET and the file', () => {
    const file = jwtSecretPath(freshDataDir());
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'short\n');
    expect(() => readOrCreateSecret(file)).toThrow(ConfigError);
    expect(() => readOrCreateSecret(file)).toThrow(
      new RegExp(`JWT_SECRET: the stored secret in ${file}`),
    );
  });
});
