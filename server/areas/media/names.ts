/** File names and package paths: cleaning what users send, and the MIME types files inside packages are served with. */

import { phrase, type Phrase } from '../../i18n/phrase';

/**
 * A safe base name for a stored file: the part after the last slash or backslash, without its extension, reduced to
 * `A-Z a-z 0-9 . _ -`, at most 80 characters, with the extension of the sniffed type (a PNG named `x.html` becomes
 * `x.png`). Never empty, never hidden (no leading dot), never needs escaping in a URL or a header.
 */
export function safeName(original: string | undefined, ext: string): string {
  const base = (original ?? '').split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const clean = stem
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 80)
    .replace(/[._-]+$/, '');
  return `${clean || 'file'}.${ext}`;
}

/**
 * Why a path inside a package (or asked for under one) is unsafe, or null when it is a plain relative path:
 * no leading slash, drive letter, backslash, colon, control character, empty, `.` or `..` segment; at most 255 characters.
 */
export function unsafePathReason(path: string): Phrase | null {
  if (!path) return phrase('empty path');
  if (path.length > 255) return phrase('path longer than 255 characters');
  if (path.startsWith('/')) return phrase('absolute path');
  if (path.includes('\\')) return phrase('backslash in the path');
  if (path.includes(':')) return phrase('colon in the path');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return phrase('control character in the path');
  const segments = path.split('/');
  if (segments.includes('..')) return phrase('parent folder (..) in the path');
  if (segments.some((s) => s === '' || s === '.')) return phrase('empty or "." segment in the path');
  return null;
}

/** The types an HTML5 banner may contain, by extension; anything else refuses the package. */
const PACKAGE_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
};

/** The MIME type a package file is served with, by its extension; null for a type banners have no use for. */
export function packageMime(path: string): string | null {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return null;
  return PACKAGE_TYPES[base.slice(dot + 1).toLowerCase()] ?? null;
}

/** A stored relative path as a URL path: each segment percent-encoded. */
export const urlPath = (path: string) => path.split('/').map(encodeURIComponent).join('/');
