import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { withJwtSecret } from './config-secrets';
import { embeddedDatabaseDir, openDatabase, type DatabaseHandle } from './db/client';
import { DiskSpaceError, ensureRoomToStart, explainStartFailure, statfsOf } from './db/disk-space';
import { acquireDataDirLock, DataDirLockedError } from './db/lock';
import { databaseWarnings } from './db/server-settings';
import { mediaTempDir } from './adapters/storage/index';
import { startupWarnings } from './http/production-safety';
import { drainAndExit, removeLeftoverUploads } from './http/shutdown';
import { refuseActiveDemoAccounts } from './seed/demo-accounts-safety';
import { withRootSecret } from './secrets/root-secret';

// With a shared DATA_DIR another instance may be writing an upload: only older files are leftovers.
const LEFTOVER_UPLOAD_AGE_MS = 3600_000;

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/web');

async function open(config: Config): Promise<{ handle: DatabaseHandle; unlock: () => void }> {
  if (config.DATABASE_URL) {
    return {
      handle: await openDatabase({ kind: 'postgres', url: config.DATABASE_URL }),
      unlock() {},
    };
  }
  const statfs = statfsOf(process.env);
  const unlock = acquireDataDirLock(config.dataDir);
  try {
    const dataDir = embeddedDatabaseDir(config.dataDir);
    return { handle: await openDatabase({ kind: 'pglite', dataDir }), unlock };
  } catch (err) {
    unlock();
    // The space checked before may have gone meanwhile (another writer on the volume).
    throw await explainStartFailure(err, config.dataDir, statfs);
  }
}

/** The root secret; in production, a database with usable demo accounts is refused (issue 18). */
async function startableConfig(loaded: Config, handle: DatabaseHandle) {
  const config = await withRootSecret(loaded, handle);
  if (config.isProduction) await refuseActiveDemoAccounts(handle.db);
  return config;
}

async function main(): Promise<void> {
  const loaded = loadConfig();
  if (!loaded.DATABASE_URL) {
    // Before anything is written to DATA_DIR: on a full disk PGlite failed with a bare abort.
    await ensureRoomToStart(loaded.dataDir, statfsOf(process.env));
    // On the embedded database the generated secret is a file; refuse a bad one before opening.
    withJwtSecret(loaded);
  }
  const { handle, unlock } = await open(loaded);
  const config = await startableConfig(loaded, handle).catch(async (err: unknown) => {
    await handle.close();
    unlock();
    throw err;
  });
  const app = await buildApp({ config, db: handle, webRoot });
  // The environment's own config: whether JWT_SECRET came from outside the database matters.
  for (const warning of [...startupWarnings(loaded), ...(await databaseWarnings(handle))]) {
    app.log.warn(warning);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining, then shutting down');
    void drainAndExit(app, {
      // The grace period lets load balancers see "draining" after SIGTERM; Ctrl-C (SIGINT)
      // comes from a person at the terminal, so only the requests in flight are waited for.
      graceMs: signal === 'SIGINT' ? 0 : config.SHUTDOWN_GRACE_SECONDS * 1000,
      deadlineMs: config.SHUTDOWN_DEADLINE_SECONDS * 1000,
      closeRest: () => handle.close(),
      exit(code) {
        unlock();
        process.exit(code);
      },
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // Upload temp files of a killed process: all of them when this process owns DATA_DIR.
  const leftovers = await removeLeftoverUploads(
    mediaTempDir(config),
    config.DATABASE_URL ? LEFTOVER_UPLOAD_AGE_MS : 0,
  );
  if (leftovers > 0) app.log.info({ removed: leftovers }, 'removed leftover upload temp files');

  if (config.seedDemo) {
    // The seed's generators (pictures, tones, loops) load only when it runs (issue 17: start-up).
    const { seedDemoOnce } = await import('./seed/index');
    const report = await seedDemoOnce(app.container);
    if (report) {
      console.log('Demo data seeded (first start).');
      for (const line of report.lines) console.log(`  ${line}`);
    }
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  console.log(`Aura is running at http://localhost:${port}`);
}

main().catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof DiskSpaceError
  ) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
