/**
 * The English texts of the media widget under their message ids; translations are in
 * src/locales/<locale>/panelWidgets.json (mediaTexts.test.ts keeps the English there equal to these).
 */
export const MEDIA_TEXTS = {
  'media.upload': 'Upload a file',
  'media.replace': 'Replace',
  'media.remove': 'Remove',
  'media.cancel': 'Cancel',
  'media.dropHint': 'Drag {types} here or use the button.',
  'media.dropHere': 'Drop the file to upload it',
  'media.uploading': 'Uploading {name}…',
  'media.loading': 'Loading the file…',
  'media.loadFailed': 'File #{id} could not be loaded.',
  'media.retry': 'Retry',
  'media.uploadFailed': 'The upload failed. Check your connection and try again.',
  'media.wrongType': '“{name}” cannot be used here. Upload {types}.',
  'media.limits': 'Up to {limits}.',
  'media.tooBig': '“{name}” is larger than {limit}.',
  'media.types.image': 'a JPEG, PNG, GIF or WebP image',
  'media.types.video': 'an MP4 video',
  'media.types.package': 'a ZIP package',
  'media.misconfigured': 'Media field is misconfigured',
} as const satisfies Record<string, string>;

export type MediaTextId = keyof typeof MEDIA_TEXTS;
