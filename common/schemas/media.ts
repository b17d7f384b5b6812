import { z } from 'zod';

/** The three upload calls of SPEC §7: POST /api/v1/media/upload-{kind}, multipart field `file`. */
export const MEDIA_KINDS = ['image', 'audio', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * Answer of an upload (201). `url` is what the upload form sends back in aura/create and what
 * the uploader may show right away (a signed URL: originals are never public). `previewUrl` is the
 * public resized preview of an image (use it for avatars and banners), null for audio and video.
 */
export const UploadMediaResponse = z.object({
  url: z.string(),
  key: z.string(),
  previewUrl: z.string().nullable(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});
export type UploadMediaResponse = z.infer<typeof UploadMediaResponse>;
