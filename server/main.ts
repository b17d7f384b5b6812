import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { withJwtSecret } from './config-secrets';
import { embeddedDatabaseDir, openDatabase, type DatabaseHandle } from './db/client';
import { acquireDataDirLock, DataDirLockedError } from './db/lock';
import { startupWarnings } from './http/production-safety';
import { withRootSecret } from './secrets/root-secret';
import { seedDemoOnce } from './seed/index';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/web');

async function open(config: Config): Promise<{ handle: DatabaseHandle; unlock: () => void }> {
  if (config.DATABASE_URL) {
    return {
      handle: await openDatabase({ kind: 'postgres', url: config.DATABASE_URL }),
      unlock() {},
    };
  }
  const unlock = acquireDataDirLock(config.dataDir);
  try {
    const dataDir = embeddedDatabaseDir(config.dataDir);
    return { handle: await openDatabase({ kind: 'pglite', dataDir }), unlock };
  } catch (err) {
    unlock();
    throw err;
  }
}

async function main(): Promise<void> {
  const loaded = loadConfig();
  // On the embedded database the generated secret is a file; refuse a bad one before opening.
  if (!loaded.DATABASE_URL) withJwtSecret(loaded);
  const { handle, unlock } = await open(loaded);
  const config = await withRootSecret(loaded, handle);
  const app = await buildApp({ config, db: handle, webRoot });
  for (const warning of startupWarnings(config)) app.log.warn(warning);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The database is closed even if the server did not close cleanly; a failure shows in the exit code.
    let exitCode = 0;
    for (const [what, close] of [
      ['server', () => app.close()],
      ['database', () => handle.close()],
    ] as const) {
      try {
        await close();
      } catch (err) {
        app.log.error({ err }, `closing the ${what} failed`);
        exitCode = 1;
      }
    }
    unlock();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (config.seedDemo) {
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
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
