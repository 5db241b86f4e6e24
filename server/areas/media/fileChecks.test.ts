import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS } from '../../settings/globalSettings';
import { imageDimensions } from './image';
import { maxUploadBytes, mediaLimit } from './limits';
import { packageMime, safeName, unsafePathReason } from './names';
import { parseRange } from './serve';
import { sniff } from './sniff';

/** A 1x1 lossless WebP. */
const WEBP = Buffer.from('UklGRhYAAABXRUJQVlA4TAoAAAAvAAAAEAAAAAAA', 'base64');

describe('sniff', () => {
  it('knows WebP by its RIFF header and reads its size', () => {
    const type = sniff(WEBP);
    expect(type).toEqual({ mime: 'image/webp', ext: 'webp', kind: 'image' });
    expect(imageDimensions(WEBP, type!)).toEqual({ width: 1, height: 1 });
  });

  it('refuses a RIFF that claims more bytes than it has, text, HTML and empty input', () => {
    const lying = Buffer.from(WEBP);
    lying.writeUInt32LE(1000, 4);
    expect(sniff(lying)).toBeNull();
    expect(sniff(Buffer.from('<svg onload=alert(1)>'))).toBeNull();
    expect(sniff(Buffer.from('GIF89'))).toBeNull();
    expect(sniff(Buffer.alloc(0))).toBeNull();
  });
});

describe('names', () => {
  it('cleans uploaded names to a safe base name with the real extension', () => {
    expect(safeName('C:\\Users\\me\\Ünïcode banner (1).PNG', 'png')).toBe('Unicode_banner_1.png');
    expect(safeName('.htaccess', 'jpg')).toBe('htaccess.jpg');
    expect(safeName('../../', 'gif')).toBe('file.gif');
    expect(safeName(undefined, 'mp4')).toBe('file.mp4');
    expect(safeName(`${'a'.repeat(300)}.png`, 'png')).toHaveLength(84);
  });

  it('accepts plain relative package paths only', () => {
    expect(unsafePathReason('img/a.png')).toBeNull();
    for (const bad of ['', '/a', 'a/../b', '..', 'a\\b', 'C:/a', 'a//b', './a', 'a/.', 'a\u0000b', 'x'.repeat(256)]) expect(unsafePathReason(bad), bad).not.toBeNull();
  });

  it('maps package file types by extension and refuses others', () => {
    expect(packageMime('a/b/INDEX.HTML')).toBe('text/html; charset=utf-8');
    expect(packageMime('x.exe')).toBeNull();
    expect(packageMime('.htaccess')).toBeNull();
    expect(packageMime('Makefile')).toBeNull();
  });
});

describe('limits and ranges', () => {
  it('reads limits in the units of the settings', () => {
    expect(mediaLimit('image/jpeg', MEDIA_LIMITS)).toEqual({ bytes: MEDIA_LIMITS.jpeg_kb * 1024, text: `${MEDIA_LIMITS.jpeg_kb} KB` });
    expect(mediaLimit('video/mp4', MEDIA_LIMITS).text).toBe(`${MEDIA_LIMITS.mp4_mb} MB`);
    expect(maxUploadBytes(MEDIA_LIMITS)).toBe(Math.max(MEDIA_LIMITS.mp4_mb, MEDIA_LIMITS.zip_mb, MEDIA_LIMITS.document_mb) * 1024 * 1024);
  });

  it('parses single byte ranges', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=-200', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    for (const ignored of [undefined, '', 'bytes=-', 'bytes=5-1', 'bytes=0-1,3-4', 'items=0-1', 'bytes=a-b']) expect(parseRange(ignored, 100)).toBeNull();
  });
});
