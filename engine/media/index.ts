export type { MediaFile, MediaFormContext, MediaKind, MediaRequest, MediaStatus, MediaTransport, MediaUploadOptions } from './types';
export {
  MEDIA_TYPES,
  MediaAnswerError,
  MediaStore,
  MediaUploadError,
  isAcceptedFile,
  isUploadKind,
  mediaAccept,
  mediaFileOf,
  type MediaFileProblem,
  type MediaStoreOptions,
  type MediaTypeLimit,
  type UploadKind,
} from './MediaStore';
export { httpUrl, isFrameSrc, isMediaSrc, siteDomain } from './safeUrl';
export { AD_TAG_FRAME_URL } from './adTagFrame';
