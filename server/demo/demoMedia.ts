/**
 * The demo ads' images: small PNGs drawn at seed time (a gradient, a disc and a bar in colours seeded by the ad and
 * field, at the size the field asks for), stored as the user's uploads the way POST media-files stores an image
 * (areas/media: a `media_files` row with its width and height, one blob), so the ad previews render them from this
 * server. No third-party URLs, no binary files in the repository; the same ad always gets the same bytes.
 */
import { deflateSync } from 'node:zlib';
import { createMediaRepository } from '../areas/media/repository';
import type { Db } from '../db/connect';
import { SeededRandom } from './seededRandom';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

type Rgb = [number, number, number];

/** An 8-bit RGB PNG of `width` × `height` whose pixels `paint` gives. */
export function encodePng(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const PALETTES: [Rgb, Rgb, Rgb][] = [
  [[255, 94, 58], [255, 149, 0], [255, 255, 255]],
  [[41, 98, 255], [0, 184, 217], [255, 255, 255]],
  [[0, 150, 136], [139, 195, 74], [255, 255, 255]],
  [[103, 58, 183], [233, 30, 99], [255, 236, 179]],
  [[33, 33, 33], [96, 125, 139], [255, 193, 7]],
  [[230, 81, 0], [216, 27, 96], [255, 255, 255]],
];

const mixRgb = (a: Rgb, b: Rgb, t: number): Rgb => [Math.round(a[0] + (b[0] - a[0]) * t), Math.round(a[1] + (b[1] - a[1]) * t), Math.round(a[2] + (b[2] - a[2]) * t)];

/** A demo picture: a diagonal gradient, a disc, and (on wide or tall images) a button-like bar; seeded by `key`. */
export function demoPicture(key: string, width: number, height: number): Buffer {
  const random = new SeededRandom(`demo-media:${key}`);
  const [from, to, accent] = PALETTES[random.int(0, PALETTES.length - 1)];
  const side = Math.min(width, height);
  const icon = width === height;
  const cx = icon ? width / 2 : width * (0.25 + 0.1 * random.next());
  const cy = icon ? height / 2 : height * (width > height ? 0.45 : 0.35);
  const radius = side * (icon ? 0.32 : 0.24);
  const bar = icon ? null : { x0: width * 0.55, x1: width * 0.9, y0: height * 0.62, y1: height * 0.62 + Math.max(8, side * 0.14) };
  return encodePng(width, height, (x, y) => {
    if ((x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2) return accent;
    if (bar && x >= bar.x0 && x <= bar.x1 && y >= bar.y0 && y <= bar.y1) return accent;
    return mixRgb(from, to, (x / width + y / height) / 2);
  });
}

/** The size of a demo image for a field of a format (`icon`, `image`) and the ad's data (a banner's `size`). */
export function demoImageSize(format: string, field: string, data: Record<string, unknown>): [number, number] {
  if (field === 'icon') return [192, 192];
  if (format === 'banner' && typeof data.size === 'string' && /^\d+x\d+$/.test(data.size)) return data.size.split('x').map(Number) as [number, number];
  if (format === 'interstitial') return [1080, 1920];
  if (format === 'native') return [600, 400];
  // Web push and in-page large images are 2:1.
  return [720, 360];
}

/**
 * Stores a demo image as the user's upload (kind image, PNG, its width and height) and returns the media id.
 * `name` is the file name the media library shows.
 */
export async function seedDemoImage(db: Db, owner: { userId: number; networkId: string }, key: string, name: string, size: [number, number]): Promise<number> {
  const bytes = demoPicture(key, size[0], size[1]);
  const row = await createMediaRepository(db).create({
    userId: owner.userId,
    networkId: owner.networkId,
    kind: 'image',
    mimeType: 'image/png',
    name,
    original: bytes,
    customProperties: { width: size[0], height: size[1] },
    blobs: [{ path: '', mimeType: 'image/png', bytes }],
  });
  return row.id;
}
