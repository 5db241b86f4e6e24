import { httpUrl } from '../../engine/media';

// Why not a VAST client library (@dailymotion/vast-client 6.4.5, weighed for issue 19): its parser requests the
// document's <Error> addresses itself (new Image().src, with cookies), which the preview must never do; it resolves
// relative wrapper addresses wrongly, turns wrapper failures and aborts into an empty result, drops ads without
// media files and rejects prefixed VAST 4 (<vast:VAST>). What the preview needs of it (parse, follow wrappers,
// pick an MP4) is this file, about 1.8 KB gzip against the library's 9-11 KB.

/** Why a VAST tag cannot be played in the preview. */
export type VastErrorCode = 'network' | 'http' | 'invalid-xml' | 'not-vast' | 'no-ad' | 'no-mp4' | 'too-many-wrappers' | 'bad-url';

/** A VAST tag that cannot be previewed, with the reason as a code (the preview translates it). */
export class VastError extends Error {
  override name = 'VastError';

  constructor(
    readonly code: VastErrorCode,
    message: string,
    readonly details: { status?: number; url?: string; max?: number } = {},
  ) {
    super(message);
  }
}

/** One `<MediaFile>` of a linear creative. */
export interface VastMediaFile {
  url: string;
  type: string;
  width?: number;
  height?: number;
  bitrate?: number;
  delivery?: string;
  apiFramework?: string;
}

/** When the ad may be skipped: after some seconds, or after a share of its duration. */
export type VastSkipOffset = { seconds: number } | { percent: number };

/** An `<InLine>` ad: what the player needs. */
export interface VastInline {
  kind: 'inline';
  version: string;
  title: string;
  mediaFiles: VastMediaFile[];
  /** Seconds, or null when `<Duration>` is missing or malformed. */
  duration: number | null;
  clickThrough: string | null;
  impressions: string[];
  skipOffset: VastSkipOffset | null;
}

/** A `<Wrapper>` ad: where the next VAST document is, and its own impression trackers. */
export interface VastWrapper {
  kind: 'wrapper';
  version: string;
  tagUrl: string;
  impressions: string[];
}

/** A parsed VAST document (its first ad). */
export type VastDocument = VastInline | VastWrapper;

/** The ad to play after following the wrappers: the chosen MP4 file and the rest of the inline ad. */
export interface VastAd extends Omit<VastInline, 'kind'> {
  mediaFile: VastMediaFile;
  /** Seconds after which it may be skipped (percent offsets resolved by the duration), or null. */
  skipAfter: number | null;
  /** Impression trackers of the wrappers and of the inline ad (listed, never called by the preview). */
  impressions: string[];
  /** The tag addresses fetched, the first one first. */
  chain: string[];
}

/** The elements under `parent` named `name` in any namespace (VAST 4 documents may declare one). */
function all(parent: Element | Document, name: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS('*', name));
}

/** The direct children of an element named `name`. */
function children(parent: Element, name: string): Element[] {
  return Array.from(parent.children).filter((el) => el.localName === name);
}

const text = (el: Element | undefined): string => el?.textContent?.trim() ?? '';

const int = (value: string | null): number | undefined => {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
};

/**
 * Seconds of a VAST time `HH:MM:SS` or `HH:MM:SS.mmm`, or null when malformed.
 * @example parseVastTime('00:00:15.500') // 15.5
 */
export function parseVastTime(value: string | null | undefined): number | null {
  const match = /^\s*(\d{1,2}):(\d{2}):(\d{2}(?:\.\d{1,3})?)\s*$/.exec(value ?? '');
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

function parseSkipOffset(value: string | null): VastSkipOffset | null {
  if (!value) return null;
  const percent = /^\s*(\d{1,3}(?:\.\d+)?)%\s*$/.exec(value);
  if (percent) return { percent: Math.min(100, Number(percent[1])) };
  const seconds = parseVastTime(value);
  return seconds === null ? null : { seconds };
}

function parseMediaFile(el: Element): VastMediaFile | null {
  const url = text(el);
  if (!url) return null;
  return {
    url,
    type: (el.getAttribute('type') ?? '').trim().toLowerCase(),
    width: int(el.getAttribute('width')),
    height: int(el.getAttribute('height')),
    bitrate: int(el.getAttribute('bitrate')),
    delivery: el.getAttribute('delivery')?.trim().toLowerCase() || undefined,
    apiFramework: el.getAttribute('apiFramework')?.trim() || undefined,
  };
}

/**
 * Parses a VAST 2, 3 or 4 document with the browser's DOMParser and returns its first ad (by `sequence` when
 * the ads of a pod carry one).
 * @throws {VastError} `invalid-xml`, `not-vast` or `no-ad`.
 */
export function parseVast(xml: string): VastDocument {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (all(doc, 'parsererror').length > 0 || !doc.documentElement) throw new VastError('invalid-xml', 'The answer is not valid XML');
  const root = doc.documentElement;
  if (root.localName !== 'VAST') throw new VastError('not-vast', `The answer is not a VAST document (its root is <${root.localName}>)`);
  const version = root.getAttribute('version')?.trim() ?? '';
  const ads = children(root, 'Ad')
    .map((ad, order) => ({ ad, order, sequence: int(ad.getAttribute('sequence')) ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.sequence - b.sequence || a.order - b.order)
    .map((entry) => entry.ad);
  for (const ad of ads) {
    const inline = children(ad, 'InLine')[0];
    if (inline) {
      // The first linear creative is the video; companions and non-linear creatives are not previewed.
      const linear = all(inline, 'Linear')[0];
      const mediaFiles = linear ? all(linear, 'MediaFile').map(parseMediaFile).filter((f): f is VastMediaFile => f !== null) : [];
      const clickThrough = linear ? text(all(linear, 'ClickThrough')[0]) : '';
      return {
        kind: 'inline',
        version,
        title: text(children(inline, 'AdTitle')[0]),
        mediaFiles,
        duration: linear ? parseVastTime(text(all(linear, 'Duration')[0])) : null,
        clickThrough: clickThrough || null,
        impressions: children(inline, 'Impression').map(text).filter(Boolean),
        skipOffset: parseSkipOffset(linear?.getAttribute('skipoffset') ?? null),
      };
    }
    const wrapper = children(ad, 'Wrapper')[0];
    const tagUrl = wrapper ? text(children(wrapper, 'VASTAdTagURI')[0]) : '';
    if (wrapper && tagUrl) return { kind: 'wrapper', version, tagUrl, impressions: children(wrapper, 'Impression').map(text).filter(Boolean) };
  }
  throw new VastError('no-ad', 'The VAST answer has no ad');
}

/**
 * The MP4 file a browser plays best in a small player: progressive http(s) MP4, not VPAID, the width nearest
 * 640 px (then the lower bitrate); null when there is none.
 */
export function pickMp4(files: readonly VastMediaFile[]): VastMediaFile | null {
  const playable = files.filter(
    (f) =>
      (f.type === 'video/mp4' || (!f.type && /\.mp4(?:[?#]|$)/i.test(f.url))) &&
      f.delivery !== 'streaming' &&
      !/vpaid/i.test(f.apiFramework ?? '') &&
      httpUrl(f.url) !== null,
  );
  const distance = (f: VastMediaFile) => (f.width === undefined ? 10_000 : Math.abs(f.width - 640));
  return [...playable].sort((a, b) => distance(a) - distance(b) || (a.bitrate ?? 0) - (b.bitrate ?? 0))[0] ?? null;
}

/** How `loadVast` fetches. */
export interface LoadVastOptions {
  signal?: AbortSignal;
  /** Wrapper hops followed at most (3 by default). */
  maxWrappers?: number;
  fetch?: typeof fetch;
}

/**
 * Fetches a VAST tag (without cookies or referrer), follows up to `maxWrappers` wrappers and returns the ad to
 * play with its MP4 file. Tracking addresses are collected, never called.
 * @throws {VastError} with the reason; an abort rejects with the fetch's AbortError.
 * @example const ad = await loadVast('https://ads.example.com/vast.xml', { signal }); video.src = ad.mediaFile.url;
 */
export async function loadVast(tagUrl: string, options: LoadVastOptions = {}): Promise<VastAd> {
  const { signal, maxWrappers = 3 } = options;
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const chain: string[] = [];
  const impressions: string[] = [];
  let next = tagUrl;
  for (let hop = 0; ; hop++) {
    const url = httpUrl(next);
    if (!url) throw new VastError('bad-url', `Not an http(s) address: ${next}`, { url: next });
    chain.push(url.href);
    let response: Response;
    try {
      response = await fetchFn(url.href, { credentials: 'omit', referrerPolicy: 'no-referrer', signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new VastError('network', `Could not fetch ${url.href}`, { url: url.href });
    }
    if (!response.ok) throw new VastError('http', `${url.href} answered HTTP ${response.status}`, { status: response.status, url: url.href });
    const doc = parseVast(await response.text());
    impressions.push(...doc.impressions);
    if (doc.kind === 'inline') {
      const mediaFile = pickMp4(doc.mediaFiles);
      if (!mediaFile) throw new VastError('no-mp4', 'The VAST ad has no playable MP4 file', { url: url.href });
      const { skipOffset, duration } = doc;
      const skipAfter = !skipOffset ? null : 'seconds' in skipOffset ? skipOffset.seconds : duration === null ? null : (duration * skipOffset.percent) / 100;
      return { ...doc, mediaFile, skipAfter, impressions, chain };
    }
    if (hop >= maxWrappers) throw new VastError('too-many-wrappers', `More than ${maxWrappers} wrappers`, { max: maxWrappers, url: url.href });
    try {
      next = new URL(doc.tagUrl, url).href;
    } catch {
      next = doc.tagUrl;
    }
  }
}
