import { XMLParser } from 'fast-xml-parser';
import type { NetworkConfig } from '../../config/networkConfig';
import { safeFetch, type SafeFetchOptions } from '../../net/safeFetch';

/** A post as `GET posts` answers it: plain text and an http(s) link, whatever the source sent. */
export interface Post {
  id: string;
  title: string;
  summary: string;
  url: string;
  published_at: string;
}

/** Most posts answered. */
export const MAX_POSTS = 10;
/** How long a feed read is kept before it is read again. */
export const FEED_TTL_MS = 15 * 60_000;
/** After a failed read, how long before trying again (the last good copy is answered meanwhile). */
export const FEED_RETRY_MS = 60_000;
/** Largest feed read. */
export const FEED_MAX_BYTES = 256 * 1024;
const TITLE_MAX = 200;
const SUMMARY_MAX = 500;

/** The network config's posts setting. */
const settingsOf = (network: NetworkConfig) => network.settings.posts ?? {};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Feed text as plain text: entities decoded once, then markup dropped (scripts and styles with their content, tags,
 * comments, CDATA markers), white space collapsed, cut to `max` characters. The panel shows it as text, never as HTML.
 */
export function plainText(value: unknown, max: number): string {
  const raw = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : value && typeof value === 'object' && '#text' in value ? String((value as { '#text': unknown })['#text']) : '';
  // Feeds carry HTML, often escaped once more (`&lt;p&gt;`, Atom's type="html"): entities are decoded first, then the
  // markup that appears is removed.
  const text = raw
    .replace(/<!\[CDATA\[|\]\]>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->|<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** An absolute http(s) URL, or null (javascript:, data:, relative and malformed links are dropped). */
export function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A date the feed gave, as an ISO instant, or null. */
function isoDate(value: unknown): string | null {
  const time = typeof value === 'string' ? Date.parse(value.trim()) : NaN;
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The link of an Atom entry: its `rel="alternate"` (or first) link's href. */
function atomLink(links: unknown): unknown {
  const all = asArray(links as Record<string, unknown> | Record<string, unknown>[]);
  return (all.find((l) => !l['@_rel'] || l['@_rel'] === 'alternate') ?? all[0])?.['@_href'];
}

/**
 * The posts of an RSS 2.0 or Atom document; entries without a title, an http(s) link or a date are left out.
 * @throws when the text is not XML or neither kind of feed.
 */
export function parseFeed(xml: string): Post[] {
  const parser = new XMLParser({ ignoreAttributes: false, processEntities: false, htmlEntities: false, parseTagValue: false, trimValues: true });
  const doc = parser.parse(xml) as Record<string, Record<string, unknown>>;
  const rss = doc.rss?.channel as Record<string, unknown> | undefined;
  const atom = doc.feed;
  if (!rss && !atom) throw new Error('Neither an RSS 2.0 nor an Atom feed');
  const entries = rss
    ? asArray(rss.item as Record<string, unknown>[]).map((item) => ({ id: item.guid, title: item.title, summary: item.description, url: item.link, date: item.pubDate }))
    : asArray(atom!.entry as Record<string, unknown>[]).map((entry) => ({ id: entry.id, title: entry.title, summary: entry.summary ?? entry.content, url: atomLink(entry.link), date: entry.updated ?? entry.published }));
  const posts: Post[] = [];
  for (const entry of entries) {
    const title = plainText(entry.title, TITLE_MAX);
    const url = httpUrl(entry.url);
    const published = isoDate(typeof entry.date === 'object' ? (entry.date as { '#text'?: string } | null)?.['#text'] : entry.date);
    if (!title || !url || !published) continue;
    posts.push({ id: `feed:${plainText(entry.id, 200) || url}`, title, summary: plainText(entry.summary, SUMMARY_MAX), url, published_at: published });
  }
  return posts;
}

/** What the posts source needs from the app: how to call out (tests and the development server allow local feeds). */
export interface PostsSourceOptions {
  allowPrivateTargets: boolean;
  fetch?: (url: string, options: SafeFetchOptions) => ReturnType<typeof safeFetch>;
  now?: () => number;
  log?: { warn: (details: object, message: string) => void };
}

/**
 * The posts of each network: those its config writes (in the reader's language, or for everyone) and those its feed
 * has, newest first. A feed is read at most every 15 minutes per network through safeFetch (public addresses only,
 * 2 s, 256 KiB); a failed read keeps answering the last good copy (or none) and is tried again a minute later, so a
 * slow or hostile feed never slows the dashboard more than once a minute.
 */
export function createPostsSource(options: PostsSourceOptions) {
  const fetchFeed = options.fetch ?? safeFetch;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { url: string; posts: Post[]; until: number; pending?: Promise<void> }>();

  async function read(networkId: string, url: string): Promise<void> {
    const entry = cache.get(networkId)!;
    try {
      const res = await fetchFeed(url, { method: 'GET', headers: { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8' }, maxBytes: FEED_MAX_BYTES, allowPrivateTargets: options.allowPrivateTargets });
      if (res.status !== 200) throw new Error(`The feed answered ${res.status}`);
      entry.posts = parseFeed(res.body.toString('utf8'));
      entry.until = now() + FEED_TTL_MS;
    } catch (error) {
      options.log?.warn({ networkId, url, error: error instanceof Error ? error.message : String(error) }, 'posts feed could not be read');
      entry.until = now() + FEED_RETRY_MS;
    }
  }

  async function feedPosts(network: NetworkConfig): Promise<Post[]> {
    const url = settingsOf(network).feedUrl;
    if (!url) return [];
    let entry = cache.get(network.id);
    if (!entry || entry.url !== url) {
      entry = { url, posts: [], until: 0 };
      cache.set(network.id, entry);
    }
    if (entry.until <= now() && !entry.pending) {
      const current = entry;
      current.pending = read(network.id, url).finally(() => (current.pending = undefined));
    }
    // The first read is waited for; later ones refresh behind the copy already there.
    if (entry.pending && entry.until === 0) await entry.pending;
    return entry.posts;
  }

  return {
    async posts(network: NetworkConfig, locale: string): Promise<Post[]> {
      const own = (settingsOf(network).items ?? [])
        .filter((item) => !item.locale || item.locale === locale)
        .map((item) => ({ id: item.id, title: item.title, summary: item.summary ?? '', url: item.url, published_at: new Date(`${item.publishedAt}T00:00:00Z`).toISOString() }));
      const all = [...own, ...(await feedPosts(network))];
      return all.sort((a, b) => b.published_at.localeCompare(a.published_at)).slice(0, MAX_POSTS);
    },
  };
}

export type PostsSource = ReturnType<typeof createPostsSource>;
