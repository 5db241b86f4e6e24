/**
 * Headers and ranges of served uploads. Uploads are hostile: they are served with their sniffed type, never
 * sniffed again by the browser, and inside a CSP sandbox (an opaque origin), so a banner's script cannot reach the
 * panel's storage or call its API with the user's credentials even though it is served from the same host.
 */

/**
 * An HTML5 banner's page: its own scripts and styles (inline too, as banner tools write them), images, fonts and
 * media from the package or data:/blob:, no network calls, no nested frames, workers, plugins or forms. Popups may
 * open and leave the sandbox (the click-through opens the landing page). Any site may frame it.
 */
export const PACKAGE_CSP = [
  'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox',
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' data: blob:",
  "connect-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/**
 * The page an ad tag (a banner's `code`, an interstitial's HTML) is previewed in: `GET /media-files/ad-tag-frame.html`.
 * Under the panel's own CSP (`script-src 'self'`) a srcdoc frame inherits that policy and the tag's script never
 * runs (probe finding F15). This page has its own policy instead: a CSP sandbox (an opaque origin: no access to
 * the panel's DOM, storage, cookies or API as the user, whatever the frame's attributes), inline and remote
 * scripts, and whatever an ad tag loads from the web (its ad server, CDN images), as it will run on a publisher's
 * page. Only the panel may frame it (`frame-ancestors 'self'`); no workers, plugins, forms or <base>.
 */
export const AD_TAG_FRAME_CSP = [
  'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox',
  "default-src 'none'",
  "script-src 'unsafe-inline' 'unsafe-eval' http: https:",
  "style-src 'unsafe-inline' http: https:",
  'img-src http: https: data: blob:',
  'font-src http: https: data:',
  'media-src http: https: data: blob:',
  'connect-src http: https:',
  'frame-src http: https:',
  "worker-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The ad tag preview page. The panel's frame carries the tag in its `name` attribute (widgets/ad-preview/
 * SandboxedFrame.tsx): the page writes it into itself while it is being parsed, where an ad tag is written on a
 * publisher's page, so `document.write` in the tag works too. Opened on its own (not framed) it shows nothing: a
 * name set by another site's window.open() never becomes content under the panel's address.
 */
export const AD_TAG_FRAME_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">' +
  '<title>Ad preview</title><style>html,body{margin:0;padding:0;overflow:hidden}</style></head><body><script>' +
  '(function(){var code=window.name;window.name="";if(window.parent!==window&&code)document.write(code);})();' +
  '</script></body></html>';

/** A single image or video opened on its own: nothing but itself, no scripts. */
export const FILE_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; sandbox";

/** A verification document: downloaded, never rendered, never framed. */
export const DOCUMENT_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

/** The headers every answer under /media-files carries, errors included. */
export const BASE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; sandbox",
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
};

/** Headers of a served blob by what it belongs to. `filename` must already be safe (A-Z a-z 0-9 . _ -). */
export function blobHeaders(kind: string, mimeType: string, filename: string): Record<string, string> {
  const document = kind === 'document';
  return {
    ...BASE_HEADERS,
    'Content-Type': mimeType,
    'Content-Security-Policy': document ? DOCUMENT_CSP : kind === 'package' ? PACKAGE_CSP : FILE_CSP,
    'Content-Disposition': `${document ? 'attachment' : 'inline'}; filename="${filename}"`,
    // Documents are personal papers: no shared caches, no copies on disk, no use by other sites.
    'Cache-Control': document ? 'private, no-store' : 'public, max-age=31536000, immutable',
    'Cross-Origin-Resource-Policy': document ? 'same-origin' : 'cross-origin',
    'Accept-Ranges': 'bytes',
  };
}

/** A file name for Content-Disposition: the last path segment reduced to A-Z a-z 0-9 . _ - (never empty). */
export function dispositionName(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/[^A-Za-z0-9._-]+/g, '_');
  return base.replace(/^\.+/, '') || 'file';
}

/** One byte range, both ends inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * A single `bytes=` range of a `size`-byte body: the range, `unsatisfiable` (answer 416), or null to answer the whole
 * body (no header, another unit, several ranges or a malformed one, which HTTP allows ignoring).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Number(match[2]);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end: Math.min(end, size - 1) };
}
