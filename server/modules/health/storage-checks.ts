import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { HealthComponentStatus, HealthStorage } from '../../../common/schemas/health';
import type { MediaStorage } from '../../adapters/storage/index';
import { settledWithin } from '../../db/deadline';
import { freeBytesUnder } from '../../db/disk-space';

/*
 * Every place the server writes, checked on each health call: the data directory (embedded
 * database, upload temp files, secrets), the media directory when media are files (it may be a
 * volume of its own: a full one refused uploads with 507 while health said ok), and the media
 * bucket when S3_BUCKET is set (unreachable, every upload failed while health said ok).
 */

/** Longest wait for one check, as for the database: health answers within 2 s whatever a volume or the bucket does. */
export const STORAGE_CHECK_DEADLINE_MS = 1500;

export interface StorageCheckDeps {
  dataDir: string;
  storage: Pick<MediaStorage, 'directory' | 'ping'>;
  minFreeBytes: number;
  /** Free bytes of the volume holding a folder (tests stand for a full disk). */
  freeBytes?(dir: string): Promise<number>;
}

/**
 * A small file written and removed: a full volume refuses the write (ENOSPC), a read-only one the
 * open. Not synced: the refusal comes at the write, and a sync on every call would make health,
 * which load balancers poll and the benchmark measures, wait for the disk.
 */
async function isWritable(dir: string): Promise<boolean> {
  const probe = path.join(dir, `.health-${randomUUID()}`);
  try {
    await fsp.mkdir(dir, { recursive: true });
    const handle = await fsp.open(probe, 'wx');
    try {
      await handle.writeFile('health');
    } finally {
      await handle.close();
    }
    return true;
  } catch {
    return false;
  } finally {
    await fsp.rm(probe, { force: true }).catch(() => {});
  }
}

/** down: it refuses a write; degraded: below the free-space minimum (or unknown); else ok. */
export function volumeStatus(
  freeBytes: number | null,
  writable: boolean,
  minFreeBytes: number,
): HealthComponentStatus {
  if (!writable) return 'down';
  return freeBytes !== null && freeBytes < minFreeBytes ? 'degraded' : 'ok';
}

async function checkVolume(
  name: 'data' | 'media',
  dir: string,
  deps: StorageCheckDeps,
): Promise<HealthStorage['volumes'][number]> {
  const freeBytesOf = deps.freeBytes ?? freeBytesUnder;
  const [freeBytes, writable] = await Promise.all([
    settledWithin(
      freeBytesOf(dir).catch(() => null),
      STORAGE_CHECK_DEADLINE_MS,
      null,
    ),
    settledWithin(isWritable(dir), STORAGE_CHECK_DEADLINE_MS, false),
  ]);
  return {
    name,
    status: volumeStatus(freeBytes, writable, deps.minFreeBytes),
    freeBytes,
    writable,
  };
}

async function checkBucket(
  storage: StorageCheckDeps['storage'],
): Promise<NonNullable<HealthStorage['bucket']>> {
  const started = performance.now();
  try {
    await storage.ping(AbortSignal.timeout(STORAGE_CHECK_DEADLINE_MS));
    return { status: 'ok', roundTripMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch {
    return { status: 'down', roundTripMs: null };
  }
}

/**
 * checkStorage shared by the calls that arrive while one runs: a burst of health requests (the
 * benchmark sends a hundred at once) costs one round of probes, and each answer is still fresh.
 */
export function sharedStorageCheck(deps: StorageCheckDeps): () => ReturnType<typeof checkStorage> {
  let running: ReturnType<typeof checkStorage> | null = null;
  return () => {
    running ??= checkStorage(deps).finally(() => {
      running = null;
    });
    return running;
  };
}

/** The `storage` part of the health answer, and what is wrong with it (empty when all is ok). */
export async function checkStorage(
  deps: StorageCheckDeps,
): Promise<{ storage: HealthStorage; problems: string[] }> {
  const mediaDir = deps.storage.directory;
  const [volumes, bucket] = await Promise.all([
    Promise.all([
      checkVolume('data', deps.dataDir, deps),
      ...(mediaDir ? [checkVolume('media', mediaDir, deps)] : []),
    ]),
    mediaDir ? undefined : checkBucket(deps.storage),
  ]);
  const problems = volumes.flatMap((volume) => {
    if (volume.status === 'down') return [`storage: the ${volume.name} volume refuses writes`];
    if (volume.status === 'degraded') {
      return [`storage: the ${volume.name} volume is below ${deps.minFreeBytes} free bytes`];
    }
    return [];
  });
  if (bucket?.status === 'down') problems.push('storage: the media bucket does not answer');
  const data = volumes[0];
  return {
    storage: {
      ok: problems.length === 0,
      freeBytes: data?.freeBytes ?? null,
      minFreeBytes: deps.minFreeBytes,
      volumes,
      ...(bucket ? { bucket } : {}),
    },
    problems,
  };
}
