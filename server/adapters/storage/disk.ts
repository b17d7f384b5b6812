import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ByteRange, MediaStorage, StoredObject } from './storage';

/**
 * Media as files under one folder. Keys are sharded by two characters of their random part so
 * no folder grows past a few thousand entries.
 */
export function createDiskStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    if (!/^[\w.-]+$/.test(key) || key.startsWith('.')) throw new Error(`bad media key ${key}`);
    const shard = key.replace(/^[a-z]+-/, '').slice(0, 2) || '__';
    return path.join(root, shard, key);
  };

  return {
    async commitFile(tempPath, key) {
      const target = fileOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      try {
        await fsp.rename(tempPath, target);
      } catch (err) {
        // The temp folder may sit on another filesystem (a mounted media volume): copy instead.
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        const partial = `${target}.partial`;
        await fsp.copyFile(tempPath, partial);
        await fsp.rename(partial, target);
        await fsp.rm(tempPath, { force: true });
      }
    },
    async open(key, rangeOf) {
      const file = fileOf(key);
      let size: number;
      try {
        size = (await fsp.stat(file)).size;
      } catch {
        return null;
      }
      const range: ByteRange | null = rangeOf?.(size) ?? null;
      const body = range
        ? fs.createReadStream(file, { start: range.start, end: range.end })
        : fs.createReadStream(file);
      return { body, size, range } satisfies StoredObject;
    },
    async remove(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    directory: root,
    // Its volume's space and writability are the health check's own (modules/health).
    async ping() {},
  };
}
