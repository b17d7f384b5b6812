/**
 * `npm run demo:disable` (docs/operations.md "Production safety"): suspends every seeded demo
 * account of the configured database (DATA_DIR or DATABASE_URL) and removes its published
 * password, so a production start on data an earlier development start seeded is allowed. On the
 * embedded database stop the server first (it owns the data directory).
 */
import { ConfigError, loadConfig } from '../config';
import { embeddedDatabaseDir, openDatabase, type DatabaseHandle } from '../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../db/lock';
import { systemMeta } from '../events/record';
import { disableDemoAccounts } from '../seed/demo-accounts-safety';

async function main(): Promise<void> {
  const config = loadConfig();
  let unlock = () => {};
  let handle: DatabaseHandle;
  if (config.DATABASE_URL) {
    handle = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: 2 });
  } else {
    unlock = acquireDataDirLock(config.dataDir);
    handle = await openDatabase({
      kind: 'pglite',
      dataDir: embeddedDatabaseDir(config.dataDir),
    });
  }
  try {
    const disabled = await disableDemoAccounts(handle.db, systemMeta(new Date()));
    console.log(
      disabled.length > 0
        ? `Demo accounts disabled (suspended, password removed): ${disabled.join(', ')}.`
        : 'No active demo account: nothing to do.',
    );
  } finally {
    await handle.close();
    unlock();
  }
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError || err instanceof DataDirLockedError ? err.message : err,
  );
  process.exit(1);
});
