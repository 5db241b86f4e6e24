/**
 * The URL of a string when it is an absolute http(s) address, else null: the only addresses a preview links to
 * or loads into a frame (no `javascript:`, `data:`, relative or malformed ones).
 * @example httpUrl('https://shop.example.com/?a=1')?.hostname // 'shop.example.com'
 */
export function httpUrl(value: unknown): URL | null {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value.trim())) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The host name of an http(s) URL without a leading `www.`, or '' for anything else. */
export function siteDomain(value: unknown): string {
  return httpUrl(value)?.hostname.replace(/^www\./i, '') ?? '';
}

/**
 * Whether an address may be the `src` of an <img> or <video>: http(s), a `blob:` made by this page, or an
 * inline `data:` image or video (which cannot run script).
 */
export function isMediaSrc(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (httpUrl(value) || /^blob:/i.test(value)) return true;
  return /^data:(image\/(png|jpeg|gif|webp|svg\+xml)|video\/mp4)[;,]/i.test(value);
}

/** Whether an address may be loaded into a sandboxed preview frame: http(s), or a `blob:` made by this page. */
export function isFrameSrc(value: unknown): value is string {
  return httpUrl(value) !== null || (typeof value === 'string' && /^blob:/i.test(value));
}
