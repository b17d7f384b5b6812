import { z } from 'zod';

/** The three upload calls of SPEC §7: POST /api/v1/media/upload-{kind}, multipart field `file`. */
export const MEDIA_KINDS = ['image', 'audio', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * Answer of an upload (201). `url` is what the upload form sends back in aura/create and what
 * the uploader may show right away (readable while no item uses the upload). `previewUrl` is the
 * resized preview of an image (use it for avatars and banners), null for audio and video; it
 * stays public while no item or only free items use the image. Once a paid item uses it, only
 * entitled viewers load the preview and everyone else gets a blurred teaser.
 */
export const UploadMediaResponse = z.object({
  url: z.string(),
  key: z.string(),
  previewUrl: z.string().nullable(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});
export type UploadMediaResponse = z.infer<typeof UploadMediaResponse>;
