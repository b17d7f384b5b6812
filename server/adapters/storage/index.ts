import path from 'node:path';
import type { Config } from '../../config';
import { createDiskStorage } from './disk';
import type { MediaStorage } from './storage';

export type { ByteRange, MediaStorage, StoredObject } from './storage';
export { StorageUnavailableError } from './storage';

/** Folder for uploads in progress; on the data volume so finished files move by rename. */
export const mediaTempDir = (config: Config) => path.join(config.dataDir, 'tmp', 'uploads');

/**
 * S3-compatible bucket when S3_BUCKET is set, else files under DATA_DIR/media (issue 4). The AWS
 * SDK is loaded only for a bucket (issue 17: start-up time).
 */
export async function createMediaStorage(config: Config): Promise<MediaStorage> {
  if (!config.S3_BUCKET) return createDiskStorage(path.join(config.dataDir, 'media'));
  const { createS3Storage } = await import('./s3');
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
