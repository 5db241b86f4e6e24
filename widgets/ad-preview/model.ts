import { isMediaSrc, type MediaFile } from '../../engine/media';

/** Form data of an ad as the form holds it (snake_case, possibly half filled). */
export type AdModel = Record<string, unknown>;

/** Finds an uploaded file by id (the media store's `get`); undefined when it is not known (yet). */
export type MediaResolver = (id: number) => MediaFile | undefined;

/** The kinds of preview an ad format manifest names (`format.json` → `preview`). */
export const PREVIEW_KINDS = [
  'popunder',
  'banner',
  'push',
  'video',
  'native',
  'direct-link',
  'interstitial',
  'calendar',
  'gallery',
  'in-page',
  'notification-widget',
] as const;

/** One preview kind (`format.json` → `preview`). */
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** What the preview of one kind is drawn from: the whole ad, the creative shown, and the media files. */
export interface KindPreviewProps {
  model: AdModel;
  /** The creative shown (`creatives[creativeIndex]`), undefined for formats without creatives or none yet. */
  creative: AdModel | undefined;
  media: MediaResolver;
}

/** A string field, '' for anything else. */
export const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A finite number field, else undefined. */
export const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** An object field, {} for anything else. */
export const obj = (value: unknown): AdModel => (value && typeof value === 'object' && !Array.isArray(value) ? (value as AdModel) : {});

/** The creative at an index (clamped to the list), or undefined when the ad has none. */
export function creativeAt(model: AdModel, index = 0): AdModel | undefined {
  const list = Array.isArray(model.creatives) ? model.creatives : [];
  if (list.length === 0) return undefined;
  const at = Math.min(Math.max(0, Math.floor(index) || 0), list.length - 1);
  return obj(list[at]);
}

/** The file of a media field value (an id), when the resolver knows it. */
export function fileOf(media: MediaResolver, value: unknown): MediaFile | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? media(id) : undefined;
}

/** The address of a media field's file when it may be shown in an <img> or <video>. */
export function srcOf(media: MediaResolver, value: unknown): string | undefined {
  const src = fileOf(media, value)?.src;
  return isMediaSrc(src) ? src : undefined;
}

/** A `#RRGGBB` colour of the form, or the fallback for anything else (never raw text into a style). */
export function hexColor(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback;
}

/** `#RRGGBB` with an alpha, as `rgba(...)`. */
export function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}
