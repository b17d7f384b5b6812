// What other modules may use of media; the media_objects table is written only here.
export { itemMediaUrls, type ItemMediaSubject, type ItemMediaUrls } from './item-urls';
export { keyFromMediaUrl, mediaPath, teaserKeyOf } from './keys';
export {
  resolveOwnUploads,
  type OwnUpload,
  type UploadChoice,
  type UploadProblem,
  type UploadResolution,
} from './ownership';
export { mediaRoutes } from './routes';
export { storeUpload, type MediaDeps } from './service';
export { createMediaUrls, type MediaUrls } from './signed-urls';
