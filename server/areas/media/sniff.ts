/**
 * What a file is, by its bytes alone (never by its name or the Content-Type the client sent). Only the types the
 * panel accepts are recognised: JPEG, PNG, GIF, WebP, MP4, ZIP and PDF.
 */

/** A recognised file type. */
export interface Sniffed {
  mime: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'video/mp4' | 'application/zip' | 'application/pdf';
  /** The extension stored names get. */
  ext: 'jpg' | 'png' | 'gif' | 'webp' | 'mp4' | 'zip' | 'pdf';
  /** What kind of media it can be: a pdf only ever becomes a document. */
  kind: 'image' | 'video' | 'package' | 'pdf';
}

/** MP4 major brands (ISO base media files meant as MP4 video). QuickTime (`qt  `), 3GP and audio-only M4A are not. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso8', 'iso9', 'mp41', 'mp42', 'avc1', 'dash', 'mmp4', 'M4V ', 'M4VH', 'M4VP', 'f4v ', 'msdh', 'cmfc']);

const ascii = (b: Uint8Array, start: number, end: number) => String.fromCharCode(...b.subarray(start, end));
const startsWith = (b: Uint8Array, bytes: number[], at = 0) => b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + (b[at + 1] << 16) + (b[at + 2] << 8) + b[at + 3];
const printable4cc = (b: Uint8Array, at: number) => b.subarray(at, at + 4).every((x) => x >= 0x20 && x <= 0x7e);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG signature followed by its IHDR chunk. */
function isPng(b: Uint8Array): boolean {
  return startsWith(b, PNG) && b.length >= 33 && u32(b, 8) === 13 && ascii(b, 12, 16) === 'IHDR';
}

/** RIFF container of type WEBP with a VP8 / VP8L / VP8X first chunk, not claiming more bytes than it has. */
function isWebp(b: Uint8Array): boolean {
  if (b.length < 20 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 12) !== 'WEBP') return false;
  const riffSize = b[4] + (b[5] << 8) + (b[6] << 16) + ((b[7] << 24) >>> 0);
  return riffSize + 8 <= b.length && ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(b, 12, 16));
}

/**
 * An MP4: an `ftyp` box first with an MP4 major brand, then top-level boxes (printable four-character types,
 * consistent sizes) that cover the file exactly and include `moov`. Anything appended or hidden is refused.
 */
export function isMp4(b: Uint8Array): boolean {
  if (b.length < 16 || ascii(b, 4, 8) !== 'ftyp') return false;
  const ftypSize = u32(b, 0);
  if (ftypSize < 16 || ftypSize > 1024 || ftypSize % 4 !== 0 || ftypSize > b.length) return false;
  if (!MP4_BRANDS.has(ascii(b, 8, 12))) return false;
  let offset = 0;
  let boxes = 0;
  let moov = false;
  while (offset < b.length) {
    if (b.length - offset < 8 || ++boxes > 10_000 || !printable4cc(b, offset + 4)) return false;
    let size = u32(b, offset);
    let header = 8;
    if (size === 1) {
      if (b.length - offset < 16) return false;
      size = u32(b, offset + 8) * 2 ** 32 + u32(b, offset + 12);
      header = 16;
    } else if (size === 0) {
      size = b.length - offset;
    }
    if (size < header || offset + size > b.length) return false;
    if (ascii(b, offset + 4, offset + 8) === 'moov') moov = true;
    offset += size;
  }
  return moov && offset === b.length;
}

/** `%PDF-` at the start and an `%%EOF` marker near the end. */
function isPdf(b: Uint8Array): boolean {
  if (!/^%PDF-[12]\.\d/.test(ascii(b, 0, 8))) return false;
  const tail = Buffer.from(b.subarray(Math.max(0, b.length - 1024))).toString('latin1');
  return tail.includes('%%EOF');
}

/** The type of a file by its leading (and for MP4 and PDF, its whole) bytes; null when it is none of ours. */
export function sniff(bytes: Uint8Array): Sniffed | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg', kind: 'image' };
  if (isPng(bytes)) return { mime: 'image/png', ext: 'png', kind: 'image' };
  if (bytes.length >= 13 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return { mime: 'image/gif', ext: 'gif', kind: 'image' };
  if (isWebp(bytes)) return { mime: 'image/webp', ext: 'webp', kind: 'image' };
  if (isMp4(bytes)) return { mime: 'video/mp4', ext: 'mp4', kind: 'video' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return { mime: 'application/zip', ext: 'zip', kind: 'package' };
  if (isPdf(bytes)) return { mime: 'application/pdf', ext: 'pdf', kind: 'pdf' };
  return null;
}
