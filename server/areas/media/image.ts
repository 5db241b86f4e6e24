import { imageSize } from 'image-size';
import type { Sniffed } from './sniff';

/** What image-size calls each type we accept. */
const SIZE_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp' };

/**
 * Width and height of a sniffed image, read from its headers; null when the headers do not parse as that very type
 * (a truncated or forged file) or a side is zero.
 */
export function imageDimensions(bytes: Uint8Array, type: Sniffed): { width: number; height: number } | null {
  try {
    const size = imageSize(bytes);
    if (size.type !== SIZE_TYPES[type.mime]) return null;
    const { width, height } = size;
    if (!(width > 0 && height > 0)) return null;
    return { width, height };
  } catch {
    return null;
  }
}
