import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, lockContent, processStartTime } from './lock';

const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

// A live process that is not this one: the test runner's parent.
const other = process.ppid;
const lockOf = (dir: string) => path.join(dir, 'aura.lock');

describe('the data-dir lock (issue 18: pid reuse)', () => {
  it.skipIf(processStartTime('self') === null)(
    'takes over a lock whose pid now belongs to another process (start time differs)',
    () => {
      const dir = freshDir();
      fs.writeFileSync(lockOf(dir), lockContent(other, '1'));
      const unlock = acquireDataDirLock(dir);
      expect(fs.readFileSync(lockOf(dir), 'utf8')).toBe(
        lockContent(process.pid, processStartTime('self')),
      );
      unlock();
      expect(fs.existsSync(lockOf(dir))).toBe(false);
    },
  );

  it('refuses while the owner with that pid and start time runs', () => {
    const dir = freshDir();
    fs.writeFileSync(lockOf(dir), lockContent(other, processStartTime(other)));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    // A lock of the older format (pid only) of a live process is respected too.
    fs.writeFileSync(lockOf(dir), String(other));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });
});
