/**
 * The embedded start on a disk without room: exit code 1 and a message naming DATA_DIR and the
 * space needed, where PGlite alone said `RuntimeError: Aborted()` or `ErrnoError { errno: 51 }`.
 * The rule itself is unit-tested in disk-space.unit.test.ts.
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
} from '../test/durability-process';
import { canMountVolumes, mountTinyVolume } from '../test/tiny-volume';
import { embeddedDatabaseDir, openDatabase } from './client';
import { DiskSpaceError, explainStartFailure, START_MIN_FREE_BYTES } from './disk-space';

let proc: RunningProcess | undefined;
afterEach(() => killIfRunning(proc));
afterAll(removeTempDataDirs);

async function refusedStart(dataDir: string, env: Record<string, string> = {}): Promise<string> {
  proc = startTs(MAIN, { PORT: '0', DATA_DIR: dataDir, ...env });
  const exit = await Promise.race([
    proc.exited,
    proc.waitForLine(RUNNING_LINE).then(() => 'started'),
  ]);
  expect(exit).toEqual({ code: 1, signal: null });
  return proc.stderr();
}

const NEEDED = `at least ${START_MIN_FREE_BYTES / 1024 / 1024} MiB needed`;

describe('starting the embedded database without disk space', () => {
  it('exits 1 naming DATA_DIR and the space needed, before writing anything', async () => {
    const dataDir = tempDataDir('disk-full');
    const stderr = await refusedStart(dataDir, { AURA_TEST_FREE_BYTES: String(1024 * 1024) });
    expect(stderr).toContain(
      `Not enough free disk space to start the embedded database in ${dataDir}`,
    );
    expect(stderr).toContain('1 MiB free');
    expect(stderr).toContain(NEEDED);
    expect(stderr).not.toMatch(/Aborted|ErrnoError/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);
});

describe.runIf(canMountVolumes())('on a real 1 MiB volume (tmpfs)', () => {
  it('refuses the start with the same message', async () => {
    const dataDir = tempDataDir('tiny-volume');
    const volume = mountTinyVolume(dataDir, '1m');
    try {
      const stderr = await refusedStart(dataDir);
      expect(stderr).toContain(`start the embedded database in ${dataDir}`);
      expect(stderr).toContain(NEEDED);
    } finally {
      volume?.unmount();
    }
  }, 60_000);

  it("recognises PGlite's own failure when the disk fills during its start", async () => {
    const dataDir = tempDataDir('tiny-pglite');
    const volume = mountTinyVolume(dataDir, '1m');
    try {
      const failure = await openDatabase({
        kind: 'pglite',
        dataDir: embeddedDatabaseDir(dataDir),
      }).then(
        async (handle) => {
          await handle.close();
          return null;
        },
        (err: unknown) => err,
      );
      expect(failure).not.toBeNull();
      const explained = await explainStartFailure(failure, dataDir);
      expect(explained).toBeInstanceOf(DiskSpaceError);
      expect((explained as Error).message).toContain(dataDir);
    } finally {
      volume?.unmount();
    }
  }, 60_000);
});
