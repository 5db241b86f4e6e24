import type { MediaLimits } from '../../settings/globalSettings';

const KB = 1024;
const MB = 1024 * 1024;

/** A size limit in bytes and as the user reads it ("300 KB", "30 MB"). */
export interface SizeLimit {
  bytes: number;
  text: string;
}

const kb = (n: number): SizeLimit => ({ bytes: n * KB, text: `${n} KB` });
const mb = (n: number): SizeLimit => ({ bytes: n * MB, text: `${n} MB` });

/** The limit of a sniffed type as media (images in KB, videos and packages in MB). */
export function mediaLimit(mime: string, limits: MediaLimits): SizeLimit {
  switch (mime) {
    case 'image/jpeg':
      return kb(limits.jpeg_kb);
    case 'image/png':
      return kb(limits.png_kb);
    case 'image/gif':
      return kb(limits.gif_kb);
    case 'image/webp':
      return kb(limits.webp_kb);
    case 'video/mp4':
      return mb(limits.mp4_mb);
    case 'application/zip':
      return mb(limits.zip_mb);
    default:
      throw new Error(`no media limit for ${mime}`);
  }
}

/** The limit of a verification document (any accepted type). */
export const documentLimit = (limits: MediaLimits): SizeLimit => mb(limits.document_mb);

/** The largest image limit (what `upload-file` reads at most before sniffing). */
export function imageReadLimit(limits: MediaLimits): SizeLimit {
  const n = Math.max(limits.jpeg_kb, limits.png_kb, limits.gif_kb, limits.webp_kb);
  return kb(n);
}

/** The largest media limit (what `POST media` reads at most before sniffing). */
export function mediaReadLimit(limits: MediaLimits): SizeLimit {
  return [imageReadLimit(limits), mb(limits.mp4_mb), mb(limits.zip_mb)].reduce((a, b) => (b.bytes > a.bytes ? b : a));
}

/** The largest file any upload call accepts: the multipart parser's own ceiling. */
export function maxUploadBytes(limits: MediaLimits): number {
  return Math.max(mediaReadLimit(limits).bytes, documentLimit(limits).bytes);
}
