import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { ConfigError, type Config } from '../config';
import { jwtSecretPath, MIN_SECRET_LENGTH, withJwtSecret } from '../config-secrets';
import type { Database, DatabaseHandle } from '../db/client';
import { serverSecrets } from './tables';

const ROOT = 'root';

/**
 * The root secret kept in the database, created by whichever instance asks first: a concurrent
 * second insert does nothing, and both read the one row. A secret file an earlier start generated
 * under DATA_DIR is taken over (tokens it signed stay valid).
 */
export async function readOrCreateDatabaseSecret(db: Database, dataDir?: string): Promise<string> {
  const fromFile = dataDir ? readFileSecret(dataDir) : null;
  await db
    .insert(serverSecrets)
    .values({ name: ROOT, value: fromFile ?? randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, ROOT));
  if (!row || row.value.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: the root secret stored in the database is missing or too short',
    );
  }
  return row.value;
}

function readFileSecret(dataDir: string): string | null {
  try {
    const secret = fs.readFileSync(jwtSecretPath(dataDir), 'utf8').trim();
    return secret.length >= MIN_SECRET_LENGTH ? secret : null;
  } catch {
    return null;
  }
}

/**
 * The root secret (issue 18): JWT_SECRET when set; else, on a PostgreSQL server (DATABASE_URL),
 * the one kept in the database, so every instance shares it; else the one generated once under
 * DATA_DIR (one process owns an embedded database).
 */
export async function withRootSecret(
  config: Config,
  handle: Pick<DatabaseHandle, 'db' | 'kind'>,
): Promise<Config & { JWT_SECRET: string }> {
  if (config.JWT_SECRET || handle.kind === 'pglite') return withJwtSecret(config);
  if (config.isProduction) {
    throw new ConfigError(
      'Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production',
    );
  }
  return { ...config, JWT_SECRET: await readOrCreateDatabaseSecret(handle.db, config.dataDir) };
}
