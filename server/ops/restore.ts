/**
 * `npm run restore -- <file>` (docs/operations.md "Backup and restore", issue 18): an archive written by
 * `npm run backup` into an empty data directory (DATA_DIR), with the server stopped. It
 * refuses a directory that already holds a database or media, so it never overwrites one.
 * A backup of a server without JWT_SECRET holds its generated root secret, sealed: BACKUP_KEY
 * (printed by the backup) opens it and it is put back under DATA_DIR, so sessions stay valid
 * and payout numbers open. On PostgreSQL use pg_restore (said on the console).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError, loadConfig, type Config } from '../config';
import { createSecretFile, jwtSecretPath } from '../config-secrets';
import { embeddedDatabaseDir } from '../db/client';
import { acquireDataDirLock } from '../db/lock';
import { decodeBackupKey, openSealedSecret, SEALED_SECRET_ENTRY } from './backup-secret';
import { readTar, type TarEntry } from './tar';

const isEmptyOrMissing = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

/**
 * The generated root secret of the backup, opened with BACKUP_KEY; null when there is none to
 * restore (a server with JWT_SECRET, or JWT_SECRET set now). Refuses before anything is written.
 */
function secretToRestore(entries: TarEntry[], config: Config, file: string): string | null {
  const sealed = entries.find((e) => e.name === SEALED_SECRET_ENTRY);
  if (!sealed) return null;
  if (config.JWT_SECRET) {
    console.log(
      "JWT_SECRET is set: the backup's generated secret is not restored. Sessions of the backed-up " +
        'server end, and payout numbers it sealed show as unreadable unless PAYOUT_KEY was set.',
    );
    return null;
  }
  const given = process.env.BACKUP_KEY ?? '';
  if (given.trim() === '') {
    refuse(
      `${file} holds the server's generated secret, sealed: run again with the backup key that ` +
        'npm run backup printed (or the BACKUP_KEY it used):\n' +
        `  BACKUP_KEY=<key> npm run restore -- ${file}`,
    );
  }
  const key = decodeBackupKey(given);
  if (!key) refuse('BACKUP_KEY: must be 32 bytes as base64 or hex');
  const secret = openSealedSecret(sealed.data, key);
  if (!secret) refuse(`BACKUP_KEY does not open the secret in ${file}: is it this backup's key?`);
  const stored = jwtSecretPath(config.dataDir);
  if (fs.existsSync(stored) && fs.readFileSync(stored, 'utf8').trim() !== secret) {
    refuse(`${stored} holds another secret: restore into an empty DATA_DIR.`);
  }
  return secret;
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run restore -- <file>');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: restore a pg_dump archive with\n' +
        `  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}`,
    );
    process.exit(2);
  }
  const entries = readTar(fs.readFileSync(path.resolve(file)));
  const database = entries.find((e) => e.name === 'pglite.tar');
  if (!database) throw new Error(`${file} is not an Aura backup (no pglite.tar in it)`);
  const dbDir = embeddedDatabaseDir(config.dataDir);
  const mediaDir = path.join(config.dataDir, 'media');
  if (!isEmptyOrMissing(dbDir) || !isEmptyOrMissing(mediaDir)) {
    refuse(`${config.dataDir} already holds a database or media: restore into an empty DATA_DIR.`);
  }
  const secret = secretToRestore(entries, config, file);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const unlock = acquireDataDirLock(config.dataDir);
  try {
    if (secret) createSecretFile(jwtSecretPath(config.dataDir), secret);
    const client = new PGlite(dbDir, { loadDataDir: new Blob([new Uint8Array(database.data)]) });
    await client.waitReady;
    await client.close();
    let media = 0;
    for (const entry of entries) {
      if (!entry.name.startsWith('media/')) continue;
      const rel = entry.name.slice('media/'.length);
      const target = path.resolve(mediaDir, rel);
      if (!target.startsWith(`${mediaDir}${path.sep}`)) throw new Error(`bad name ${entry.name}`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, entry.data);
      media += 1;
    }
    console.log(
      `Restored the database${secret ? ', the generated secret' : ''} and ${media} media ` +
        `file(s) into ${config.dataDir}.`,
    );
  } finally {
    unlock();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
