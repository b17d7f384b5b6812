import { describe, expect, it } from 'vitest';
import {
  DiskSpaceError,
  ensureRoomToStart,
  explainStartFailure,
  freeBytesUnder,
  mayBeDiskFull,
  START_MIN_FREE_BYTES,
  startSpaceRefusal,
  statfsOf,
  type StatFs,
} from './disk-space';

const MiB = 1024 * 1024;
/** A statfs answering `freeBytes` for every folder that exists (those in `existing`, or all). */
const statfsWith =
  (freeBytes: number, existing?: string[]): StatFs =>
  async (dir) => {
    if (existing && !existing.includes(dir)) {
      throw Object.assign(new Error(`ENOENT: ${dir}`), { code: 'ENOENT' });
    }
    return { bavail: freeBytes / 4096, bsize: 4096 };
  };

describe('the free space an embedded start needs', () => {
  it('refuses below the documented minimum, naming the directory and both amounts', () => {
    expect(startSpaceRefusal('/srv/aura', START_MIN_FREE_BYTES)).toBeNull();
    const refusal = startSpaceRefusal('/srv/aura', 3 * MiB);
    expect(refusal).toBeInstanceOf(DiskSpaceError);
    expect(refusal?.message).toContain('/srv/aura');
    expect(refusal?.message).toContain('3 MiB free');
    expect(refusal?.message).toContain(`at least ${START_MIN_FREE_BYTES / MiB} MiB needed`);
  });

  it('reads the nearest existing folder before the first start', async () => {
    const statfs = statfsWith(100 * MiB, ['/srv']);
    expect(await freeBytesUnder('/srv/aura/data', statfs)).toBe(100 * MiB);
    await expect(ensureRoomToStart('/srv/aura/data', statfs)).resolves.toBeUndefined();
    await expect(ensureRoomToStart('/srv/aura/data', statfsWith(MiB))).rejects.toThrow(
      /Not enough free disk space to start the embedded database in \/srv\/aura\/data: 1 MiB free/,
    );
  });

  it("tells PGlite's failures on a full disk apart from others", () => {
    const runtimeAbort = new Error('Aborted(). Build with -sASSERTIONS for more info.');
    runtimeAbort.name = 'RuntimeError';
    const wasmEnospc = Object.assign(new Error(), { name: 'ErrnoError', errno: 51 });
    const nodeEnospc = Object.assign(new Error('no space left'), { code: 'ENOSPC' });
    for (const err of [runtimeAbort, wasmEnospc, nodeEnospc]) expect(mayBeDiskFull(err)).toBe(true);
    const wasmOther = Object.assign(new Error(), { name: 'ErrnoError', errno: 44 });
    for (const err of [wasmOther, new Error('relation does not exist'), null, 'text']) {
      expect(mayBeDiskFull(err)).toBe(false);
    }
  });

  it('translates a full-disk failure into the refusal, and leaves every other failure as it was', async () => {
    const abort = Object.assign(new Error('Aborted()'), { name: 'RuntimeError' });
    const explained = await explainStartFailure(abort, '/srv/aura', statfsWith(MiB / 2));
    expect(explained).toBeInstanceOf(DiskSpaceError);
    expect((explained as Error).message).toContain('/srv/aura');
    // A disk with room after all: the abort had another cause.
    expect(
      await explainStartFailure(abort, '/srv/aura', statfsWith(10 * START_MIN_FREE_BYTES)),
    ).toBe(abort);
    const other = new Error('migration failed');
    expect(await explainStartFailure(other, '/srv/aura', statfsWith(0))).toBe(other);
  });

  it('lets only tests stand for a nearly full disk', async () => {
    expect(statfsOf({ NODE_ENV: 'production', AURA_TEST_FREE_BYTES: '1' })).toBeUndefined();
    expect(statfsOf({ NODE_ENV: 'test' })).toBeUndefined();
    const statfs = statfsOf({ NODE_ENV: 'test', AURA_TEST_FREE_BYTES: '1234' });
    expect(await freeBytesUnder('/anywhere', statfs)).toBe(1234);
  });
});
