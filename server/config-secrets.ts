import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from './config';

/** Where a generated JWT secret is kept: with the data it protects, readable by the owner only. */
export const jwtSecretPath = (dataDir: string) => path.join(dataDir, 'secrets', 'jwt-secret');

export const MIN_SECRET_LENGTH = 32;

/**
 * Writes `value` to `file` if there is no such file, readable by the owner only. Atomic (written
 * to a private temp file, then hard-linked into place, which fails if another process won the
 * race), so a crash never leaves a half-written secret and two writers agree on one. False when
 * the file was already there.
 */
export function createSecretFile(file: string, value: string): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temp, 'w', 0o600);
  try {
    fs.writeSync(fd, `${value}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return false;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Reads the secret stored in `file`, creating it first if there is none. */
export function readOrCreateSecret(file: string): string {
  if (!fs.existsSync(file)) createSecretFile(file, randomBytes(48).toString('base64url'));
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `Invalid configuration:\n  JWT_SECRET: the stored secret in ${file} is shorter than ` +
        `${MIN_SECRET_LENGTH} characters; delete the file to generate a new one (signs everyone out)`,
    );
  }
  return secret;
}

/**
 * The embedded default needs no configuration, so without JWT_SECRET a random secret is generated
 * once under DATA_DIR and reused on every start (tokens stay valid across restarts). Production
 * never gets here without JWT_SECRET: loadConfig refuses that start. On a PostgreSQL server the
 * generated secret lives in the database instead, shared by every instance (server/secrets).
 */
export function withJwtSecret(config: Config): Config & { JWT_SECRET: string } {
  if (config.JWT_SECRET) return { ...config, JWT_SECRET: config.JWT_SECRET };
  if (config.isProduction) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production',
    );
  }
  return { ...config, JWT_SECRET: readOrCreateSecret(jwtSecretPath(config.dataDir)) };
}
