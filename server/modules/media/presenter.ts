import type { UploadMediaResponse } from '../../../common/schemas/media';
import type { MediaObjectRow } from '../../db/schema/index';
import { mediaPath } from './keys';

/**
 * A fresh upload is used by no item yet, so its plain URL is readable (the form shows it);
 * once an item uses it, the item presenter decides who gets a signed URL.
 */
export function presentUpload(row: MediaObjectRow): UploadMediaResponse {
  return {
    url: mediaPath(row.key),
    key: row.key,
    previewUrl: row.previewKey ? mediaPath(row.previewKey) : null,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
  };
}
