/**
 * `npm run restore -- <file>` (docs/operations.md "Backup and restore", issue 18): an archive written by
 * `npm run backup` into an empty data directory (DATA_DIR), with the server stopped. It
 * refuses a directory that already holds a database or media, so it never overwrites one.
 * On PostgreSQL use pg_restore (said on the console).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { ConfigError, loadConfig } from '../config';
import { embeddedDatabaseDir } from '../db/client';
import { acquireDataDirLock } from '../db/lock';
import { readTar } from './tar';

const isEmptyOrMissing = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

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
    console.error(
      `${config.dataDir} already holds a database or media: restore into an empty DATA_DIR.`,
    );
    process.exit(2);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const unlock = acquireDataDirLock(config.dataDir);
  try {
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
    console.log(`Restored the database and ${media} media file(s) into ${config.dataDir}.`);
  } finally {
    unlock();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
