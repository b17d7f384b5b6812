/**
 * Issue 18, the real start: production refuses a data directory that an earlier development
 * start seeded, naming `npm run demo:disable`; after that command it starts.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../context';
import {
  killIfRunning,
  MAIN,
  removeTempDataDirs,
  RUNNING_LINE,
  startServer,
  startTs,
  tempDataDir,
  withEmbeddedDatabase,
  type RunningProcess,
} from '../test/durability-process';
import { DEMO_ACCOUNTS, seedAccounts } from './accounts';
import { DISABLE_DEMO_COMMAND } from './demo-accounts-safety';

const running: RunningProcess[] = [];
afterEach(() => killIfRunning(...running.splice(0)));
afterAll(removeTempDataDirs);

const superadmin = DEMO_ACCOUNTS.find((a) => a.role === 'superadmin')!;
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'demo-start-test-secret-0123456789abcdef',
};

describe('a production start on a data directory with demo accounts', () => {
  it(`is refused until ${DISABLE_DEMO_COMMAND} ran`, async () => {
    const dataDir = tempDataDir('demo-accounts');
    // What an earlier development start left behind: the seeded demo accounts.
    await withEmbeddedDatabase(dataDir, (db) =>
      seedAccounts({ db, clock: systemClock }, { lines: [] }),
    );

    const refused = startTs(MAIN, { ...PRODUCTION, PORT: '0', DATA_DIR: dataDir });
    running.push(refused);
    const exit = await Promise.race([
      refused.exited,
      refused.waitForLine(RUNNING_LINE).then(() => 'started'),
    ]);
    expect(exit).toEqual({ code: 1, signal: null });
    expect(refused.stderr()).toMatch(/Refusing to start in production.*demo_superadmin/);
    expect(refused.stderr()).toContain(DISABLE_DEMO_COMMAND);

    const script = startTs('server/ops/disable-demo-accounts.ts', { DATA_DIR: dataDir });
    running.push(script);
    expect(await script.exited, script.stderr()).toEqual({ code: 0, signal: null });
    expect(script.lines.join('\n')).toMatch(/Demo accounts disabled.*demo_superadmin/);

    const server = await startServer(dataDir, PRODUCTION, 120_000);
    running.push(server);
    const signIn = await fetch(new URL('/v1/auth/login', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: superadmin.username, password: superadmin.password }),
    });
    expect(signIn.status).toBe(401);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 300_000);
});
