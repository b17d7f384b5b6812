import fsp from 'node:fs/promises';
import path from 'node:path';

/** What `fs.statfs` answers that the space rules read (tests pass their own). */
export type StatFs = (dir: string) => Promise<{ bavail: number; bsize: number }>;

const MiB = 1024 * 1024;

/**
 * Free space the embedded database needs under DATA_DIR to start. A first start writes about
 * 40 MiB (initdb's files and a 16 MiB WAL segment) before the demo seed; a later start may begin
 * a new WAL segment. Below this PGlite failed part-way with `RuntimeError: Aborted()` or a bare
 * `ErrnoError { errno: 51 }` (ENOSPC inside its WebAssembly filesystem), naming neither the
 * directory nor the cause.
 */
export const START_MIN_FREE_BYTES = 64 * MiB;

/** Free bytes of the filesystem holding `dir` (its nearest existing parent before the first start). */
export async function freeBytesUnder(dir: string, statfs: StatFs = fsp.statfs): Promise<number> {
  for (let at = dir; ; at = path.dirname(at)) {
    try {
      const stats = await statfs(at);
      return stats.bavail * stats.bsize;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || at === path.dirname(at)) throw err;
    }
  }
}

/** The start refused for lack of space: the message names the directory and the space needed. */
export class DiskSpaceError extends Error {}

const inMiB = (bytes: number) => `${Math.floor(bytes / MiB)} MiB`;

/** The refusal when `freeBytes` under `dir` is below `minFreeBytes`, else null. */
export function startSpaceRefusal(
  dir: string,
  freeBytes: number,
  minFreeBytes = START_MIN_FREE_BYTES,
): DiskSpaceError | null {
  if (freeBytes >= minFreeBytes) return null;
  return new DiskSpaceError(
    `Not enough free disk space to start the embedded database in ${dir}: ` +
      `${inMiB(freeBytes)} free, at least ${inMiB(minFreeBytes)} needed. ` +
      'Free some space on that volume (or point DATA_DIR at a larger one) and start again.',
  );
}

/** Refuses the start (DiskSpaceError) when the volume of `dir` has too little free space. */
export async function ensureRoomToStart(dir: string, statfs?: StatFs): Promise<void> {
  const refusal = startSpaceRefusal(dir, await freeBytesUnder(dir, statfs));
  if (refusal) throw refusal;
}

/**
 * Whether a failure to open the embedded database looks like a full disk: Node's ENOSPC/EDQUOT,
 * the same errno inside PGlite's WebAssembly filesystem (51 there), or the bare abort PGlite's
 * PostgreSQL ends with when a write fails at the wrong moment.
 */
export function mayBeDiskFull(err: unknown): boolean {
  const { code, errno, name, message } = (err ?? {}) as {
    code?: unknown;
    errno?: unknown;
    name?: unknown;
    message?: unknown;
  };
  if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  if (name === 'ErrnoError' && errno === 51) return true;
  return typeof message === 'string' && /^Aborted\(/.test(message);
}

/**
 * A start that failed on a full disk, told as such: PGlite's own error says neither which directory
 * nor why. Any other failure (or a disk with room after all) is returned unchanged.
 */
export async function explainStartFailure(
  err: unknown,
  dir: string,
  statfs?: StatFs,
): Promise<unknown> {
  if (!mayBeDiskFull(err)) return err;
  const freeBytes = await freeBytesUnder(dir, statfs).catch(() => null);
  if (freeBytes === null) return err;
  // After a failed write the volume may have a few bytes left, yet not what a start needs.
  return startSpaceRefusal(dir, freeBytes) ?? err;
}

/**
 * The process tests of the start stand for a nearly full disk with AURA_TEST_FREE_BYTES (read only
 * when NODE_ENV=test); everywhere else the real statfs answers.
 */
export function statfsOf(env: NodeJS.ProcessEnv): StatFs | undefined {
  const given = env.AURA_TEST_FREE_BYTES;
  if (env.NODE_ENV !== 'test' || !given) return undefined;
  return async () => ({ bavail: Number(given), bsize: 1 });
}
