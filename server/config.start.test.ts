/**
 * A bad configuration stops the real start before anything is opened: exit code 1 and a
 * message naming the variable (the rules themselves are unit-tested in config.unit.test.ts).
 */
import fs from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  killIfRunning,
  MAIN,
  removeTempDataDirs,
  RUNNING_LINE,
  startTs,
  tempDataDir,
  type RunningProcess,
} from './test/durability-process';

let proc: RunningProcess | undefined;
afterEach(() => killIfRunning(proc));
afterAll(removeTempDataDirs);

async function refusedStart(env: Record<string, string>): Promise<string> {
  const dataDir = tempDataDir('config');
  proc = startTs(MAIN, { PORT: '0', DATA_DIR: dataDir, ...env });
  const exit = await Promise.race([
    proc.exited,
    proc.waitForLine(RUNNING_LINE).then(() => 'started'),
  ]);
  expect(exit).toEqual({ code: 1, signal: null });
  // Refused before the database or the lock were touched.
  expect(fs.readdirSync(dataDir)).toEqual([]);
  return proc.stderr();
}

describe('starting with a bad configuration', () => {
  it('exits 1 naming PORT when it is not a number', async () => {
    const stderr = await refusedStart({ PORT: 'abc' });
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toMatch(/^\s+PORT: /m);
  }, 60_000);

  it('refuses a production start without JWT_SECRET', async () => {
    const stderr = await refusedStart({ NODE_ENV: 'production' });
    expect(stderr).toMatch(/^\s+JWT_SECRET: required when NODE_ENV=production/m);
  }, 60_000);
});
