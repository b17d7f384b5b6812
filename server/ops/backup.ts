/**
 * `npm run backup -- <file>` (docs/operations.md "Backup and restore", issue 18).
 *
 * Embedded database: one archive (a plain tar) holding `pglite.tar`, a consistent copy of the
 * database's data directory (PGlite's dumpDataDir), and `media/...`, the media folder. While the
 * server runs it owns the database, so the snapshot comes from it: POST /api/v1/ops/backup over
 * loopback with a key derived from the same root secret (AURA_URL, default
 * http://127.0.0.1:$PORT). When no server runs, the command opens the database itself, under the
 * data-directory lock. Media files are written once and never changed, and the database is
 * copied first, so every file a row names is in the archive. Without JWT_SECRET the root secret
 * the server generated under DATA_DIR goes in too, sealed with the backup key (BACKUP_KEY, else
 * a new one printed for the operator to keep apart from the archive; server/ops/backup-secret.ts):
 * tokens and payout numbers stay valid on the restored server.
 *
 * PostgreSQL (DATABASE_URL): runs `pg_dump --format=custom`; media live in S3 or under
 * DATA_DIR/media of each instance, which the operator copies (said on the console).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { withJwtSecret } from '../config-secrets';
import { embeddedDatabaseDir, openDatabase } from '../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../db/lock';
import { deriveKey } from '../keys';
import { BACKUP_KEY_HEADER } from '../modules/backup/index';
import { decodeBackupKey, newBackupKey, SEALED_SECRET_ENTRY, sealSecret } from './backup-secret';
import { writeTar, type TarEntry } from './tar';

export const mediaDirOf = (config: Config) => path.join(config.dataDir, 'media');

function* mediaFiles(root: string, under = ''): Generator<string> {
  let names: fs.Dirent[];
  try {
    names = fs.readdirSync(path.join(root, under), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of names) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* mediaFiles(root, rel);
    // `.partial` files are copies still being written (server/adapters/storage/disk.ts).
    else if (entry.isFile() && !entry.name.endsWith('.partial')) yield rel;
  }
}

async function snapshotFromServer(config: Config): Promise<Buffer> {
  const base = process.env.AURA_URL ?? `http://127.0.0.1:${config.PORT}`;
  if (!config.JWT_SECRET) throw new Error('no root secret (JWT_SECRET or the generated one)');
  const key = deriveKey(config.JWT_SECRET, 'ops-backup').toString('hex');
  const res = await fetch(new URL('/api/v1/ops/backup', base), {
    method: 'POST',
    headers: { [BACKUP_KEY_HEADER]: key },
  });
  if (!res.ok) {
    throw new Error(`The running server refused the backup (${res.status}): ${await res.text()}`);
  }
  return Buffer.from(await res.arrayBuffer());
}

async function snapshotOffline(config: Config): Promise<Buffer> {
  const handle = await openDatabase({
    kind: 'pglite',
    dataDir: embeddedDatabaseDir(config.dataDir),
  });
  try {
    if (!handle.dumpDataDir) throw new Error('not an embedded database');
    return await handle.dumpDataDir();
  } finally {
    await handle.close();
  }
}

/**
 * The key sealing the generated secret: BACKUP_KEY, or a new one the operator is shown. Read
 * before anything is copied, so a mistyped key stops the backup at once.
 */
function backupKeyOf(): { key: Buffer; isNew: boolean } {
  const given = process.env.BACKUP_KEY;
  if (given === undefined || given.trim() === '') return { key: newBackupKey(), isNew: true };
  const key = decodeBackupKey(given);
  if (!key) throw new ConfigError('BACKUP_KEY: must be 32 bytes as base64 or hex');
  return { key, isNew: false };
}

/** `generatedSecret`: the root secret generated under DATA_DIR, null when JWT_SECRET is set. */
async function backupEmbedded(
  config: Config,
  file: string,
  generatedSecret: string | null,
): Promise<void> {
  const backupKey = generatedSecret ? backupKeyOf() : null;
  let database: Buffer;
  let unlock: (() => void) | null = null;
  try {
    unlock = acquireDataDirLock(config.dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
  }
  try {
    database = unlock ? await snapshotOffline(config) : await snapshotFromServer(config);
  } finally {
    unlock?.();
  }
  const root = mediaDirOf(config);
  const secret = generatedSecret ? 'sealed' : 'configured';
  const entries: TarEntry[] = [
    {
      name: 'manifest.json',
      data: Buffer.from(
        JSON.stringify({ format: 'aura-backup/1', at: new Date().toISOString(), secret }),
      ),
    },
    { name: 'pglite.tar', data: database },
  ];
  if (generatedSecret && backupKey) {
    entries.push({ name: SEALED_SECRET_ENTRY, data: sealSecret(generatedSecret, backupKey.key) });
  }
  const fixed = entries.length;
  for (const rel of mediaFiles(root)) {
    entries.push({ name: `media/${rel}`, data: fs.readFileSync(path.join(root, rel)) });
  }
  const temp = `${file}.partial`;
  fs.writeFileSync(temp, writeTar(entries));
  fs.renameSync(temp, file);
  console.log(
    `Backup written to ${file}: the database and ${entries.length - fixed} media file(s).`,
  );
  if (!backupKey) {
    console.log('The root secret is JWT_SECRET: restore with the same JWT_SECRET and PAYOUT_KEY.');
  } else if (backupKey.isNew) {
    console.log(
      "The server's generated secret is in the backup, sealed. Restoring needs this backup key " +
        '(keep it apart from the archive; set BACKUP_KEY to seal every backup with one key):\n' +
        `  BACKUP_KEY=${backupKey.key.toString('hex')}`,
    );
  } else {
    console.log("The server's generated secret is in the backup, sealed with BACKUP_KEY.");
  }
}

function backupPostgres(config: Config, file: string): void {
  const run = spawnSync(
    'pg_dump',
    ['--format=custom', `--file=${file}`, config.DATABASE_URL ?? ''],
    {
      stdio: 'inherit',
    },
  );
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') {
    console.error(
      'pg_dump was not found. Install the PostgreSQL client tools (e.g. apt-get install ' +
        'postgresql-client, the same major version as the server) and run again, or run:\n' +
        `  pg_dump --format=custom --file=${file} "$DATABASE_URL"`,
    );
    process.exit(1);
  }
  if (run.status !== 0) process.exit(run.status ?? 1);
  console.log(
    `Database dumped to ${file} (pg_restore restores it). Media are not in it: copy the S3 ` +
      `bucket, or ${mediaDirOf(config)} of each instance when media are on local disk.`,
  );
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run backup -- <file>');
    process.exit(2);
  }
  const loaded = loadConfig();
  const config = withJwtSecret(loaded);
  if (config.DATABASE_URL) backupPostgres(config, path.resolve(file));
  else {
    const generated = loaded.JWT_SECRET ? null : config.JWT_SECRET;
    await backupEmbedded(config, path.resolve(file), generated);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
