import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * A process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null where
 * there is no /proc. With the pid it names one process: a pid reused by another process after a
 * crash has another start time (issue 18).
 */
export function processStartTime(pid: number | 'self'): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** What the lock file holds: the owner's pid and its start time ("-" where unknown). */
export function lockContent(pid: number, startTime: string | null): string {
  return `${pid} ${startTime ?? '-'}`;
}

/** Whether the lock's owner still runs: its pid is alive and, where known, started when it said. */
function ownerRuns(content: string): { pid: number; runs: boolean } {
  const [pidText, startTime] = content.trim().split(/\s+/);
  const pid = Number.parseInt(pidText ?? '', 10);
  if (!Number.isInteger(pid) || pid === process.pid || !isAlive(pid)) return { pid, runs: false };
  if (!startTime || startTime === '-') return { pid, runs: true }; // an older lock: pid only
  const actual = processStartTime(pid);
  return { pid, runs: actual === null || actual === startTime };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Creates `file` holding `content`, or fails with EEXIST. The content is written to a private
 * temp file first and hard-linked into place, so no other process ever sees the lock file
 * empty (an empty lock would read as stale and be taken over by a second start).
 */
function createWithContent(file: string, content: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, content);
  try {
    fs.linkSync(temp, file);
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Removes the stale lock that was read as `staleContent`. Two starts may find the same stale
 * lock; a plain delete could then remove the lock the faster one has just taken. Moving the file
 * aside is atomic, and if what was moved is not the stale lock, it is put back.
 */
function removeStaleLock(lockPath: string, staleContent: string): void {
  const aside = `${lockPath}.stale.${process.pid}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // another start moved it
    throw err;
  }
  try {
    if (fs.readFileSync(aside, 'utf8') !== staleContent) fs.linkSync(aside, lockPath);
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/**
 * PGlite has no guard against two processes opening one data directory (which corrupts it),
 * so the embedded database is owned through a lock file holding the owner's pid and start time.
 * A lock left by a process that died (SIGKILL, power loss) is taken over, also when another
 * process has since been given its pid.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'aura.lock');
  const mine = lockContent(process.pid, processStartTime('self'));
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      createWithContent(lockPath, mine);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const content = readIfExists(lockPath);
      if (content === null) continue; // released meanwhile: try again
      const { pid: owner, runs } = ownerRuns(content);
      if (runs) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Aura process (pid ${owner}). ` +
            'Stop that process first, or set DATA_DIR to another folder.',
        );
      }
      removeStaleLock(lockPath, content);
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${lockPath}`);
}
