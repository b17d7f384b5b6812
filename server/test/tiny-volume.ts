import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A volume of its own, `size` large (tmpfs, e.g. '1m'), mounted on `dir`: a real full disk for
 * the tests of disk space. Mounting needs root (and a kernel that allows it, not every
 * container does): null when it is not permitted, and the test skips. unmount() leaves `dir`.
 */
export function mountTinyVolume(dir: string, size: string): { unmount(): void } | null {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return { unmount: () => execFileSync('umount', ['-l', dir], { stdio: 'ignore' }) };
}

/** Writes a file under `dir` until its volume refuses more (ENOSPC). */
export function fillVolume(dir: string): void {
  const fd = fs.openSync(path.join(dir, 'filler'), 'w');
  const block = Buffer.alloc(64 * 1024);
  try {
    for (;;) fs.writeSync(fd, block);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether this process may mount a volume (tried once, on a scratch folder removed after). */
export function canMountVolumes(): boolean {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'aura-mount-check-'));
  try {
    const volume = mountTinyVolume(scratch, '64k');
    volume?.unmount();
    return volume !== null;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
