import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

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
 * so the embedded database is owned through a lock file holding the owner's pid.
 * A lock left by a process that died (SIGKILL, power loss) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'aura.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      createWithContent(lockPath, String(process.pid));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const content = readIfExists(lockPath);
      if (content === null) continue; // released meanwhile: try again
      const owner = Number.parseInt(content, 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
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
