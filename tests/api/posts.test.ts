import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkConfig } from '../../server/config/networkConfig';
import { createPostsSource, FEED_RETRY_MS, FEED_TTL_MS, parseFeed, plainText } from '../../server/areas/shell/posts';
import { api, build, login, type TestApp } from './helper';

/**
 * GET posts: the network's posts from its config (by the reader's language) and from its feed, read through
 * safeFetch, kept for 15 minutes, and handled as hostile: markup becomes text, only http(s) links survive.
 */

const RSS = `<?xml version="1.0"?>
<rss version="2.0"><channel><title>AdNet blog</title>
  <item><guid>a1</guid><title>Push traffic &amp; you</title><link>https://blog.example.com/push</link>
    <description><![CDATA[<p>Push <b>works</b><script>alert(1)</script> &lt;well&gt;</p>]]></description><pubDate>Mon, 23 Nov 2026 10:00:00 GMT</pubDate></item>
  <item><guid>a2</guid><title>Evil link</title><link>javascript:alert(1)</link><pubDate>Tue, 24 Nov 2026 10:00:00 GMT</pubDate></item>
  <item><guid>a3</guid><title></title><link>https://blog.example.com/untitled</link><pubDate>Tue, 24 Nov 2026 10:00:00 GMT</pubDate></item>
</channel></rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>News</title>
  <entry><id>urn:1</id><title type="html">Atom &lt;em&gt;entry&lt;/em&gt;</title><link rel="alternate" href="https://news.example.com/1"/>
    <updated>2026-11-20T08:00:00Z</updated><summary>Short</summary></entry>
</feed>`;

describe('parseFeed', () => {
  it('reads RSS 2.0: markup and scripts become plain text, entries without a title or an http(s) link are left out', () => {
    expect(parseFeed(RSS)).toEqual([
      { id: 'feed:a1', title: 'Push traffic & you', summary: 'Push works', url: 'https://blog.example.com/push', published_at: '2026-11-23T10:00:00.000Z' },
    ]);
  });

  it('reads Atom, the alternate link and the updated date', () => {
    expect(parseFeed(ATOM)).toEqual([{ id: 'feed:urn:1', title: 'Atom entry', summary: 'Short', url: 'https://news.example.com/1', published_at: '2026-11-20T08:00:00.000Z' }]);
  });

  it('refuses what is no feed', () => {
    expect(() => parseFeed('<html><body>Not a feed</body></html>')).toThrow('Neither an RSS 2.0 nor an Atom feed');
    expect(plainText('<img src=x onerror=alert(1)>Hi &#x1F600; &bogus;', 50)).toBe('Hi 😀 &bogus;');
    expect(plainText('x'.repeat(600), 500)).toHaveLength(500);
  });
});

describe('createPostsSource', () => {
  const network = (feedUrl?: string) => ({ id: 'n1', settings: { posts: { feedUrl, items: [{ id: 'own', title: 'Own post', url: 'https://n1.example.com/own', publishedAt: '2026-11-22' }, { id: 'de', title: 'Nur Deutsch', url: 'https://n1.example.com/de', publishedAt: '2026-11-25', locale: 'de' }] } } }) as unknown as NetworkConfig;

  it('merges the config’s posts for the reader’s language with the feed’s, newest first; reads the feed once per 15 minutes, keeps the last copy when it fails', async () => {
    let clock = 0;
    let calls = 0;
    let failing = false;
    const source = createPostsSource({
      allowPrivateTargets: false,
      now: () => clock,
      fetch: async () => {
        calls += 1;
        if (failing) throw new Error('timeout');
        return { status: 200, headers: {}, body: Buffer.from(RSS), latencyMs: 1 };
      },
    });
    const feed = network('https://feed.example.com/rss');
    expect((await source.posts(feed, 'en')).map((p) => p.id)).toEqual(['feed:a1', 'own']);
    expect((await source.posts(feed, 'de')).map((p) => p.id)).toEqual(['de', 'feed:a1', 'own']);
    expect(calls).toBe(1);

    clock += FEED_TTL_MS;
    failing = true;
    expect((await source.posts(feed, 'en')).map((p) => p.id)).toEqual(['feed:a1', 'own']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toBe(2);
    clock += FEED_RETRY_MS - 1;
    await source.posts(feed, 'en');
    expect(calls).toBe(2);
    expect((await source.posts(network(), 'en')).map((p) => p.id)).toEqual(['own']);
  });
});

describe('GET posts', () => {
  let t: TestApp;
  let server: Server;
  let hits = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits += 1;
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(RSS);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.xml`;
    t = await build({ allowPrivateTargets: true });
    const adnet = t.app.platform.networks.get('adnet');
    (adnet.settings.posts as { feedUrl?: string }).feedUrl = feedUrl;
  });
  afterAll(async () => {
    await t?.close();
    server?.close();
  });

  it('answers the config’s posts and the feed’s, newest first, to a signed-in user only', async () => {
    expect((await api(t.app, 'GET', 'posts')).statusCode).toBe(401);
    const token = await login(t.app, 'advertiser@adnet.test');
    const res = await api(t.app, 'GET', 'posts', { token });
    expect(res.statusCode, res.body).toBe(200);
    const posts = (res.json() as { data: { id: string; title: string }[] }).data;
    expect(posts.map((p) => p.id)).toEqual(['feed:a1', 'native-ads-launch', 'cpa-goals', 'black-friday-traffic']);
    expect(res.body).not.toContain('<script>');
    await api(t.app, 'GET', 'posts', { token });
    expect(hits).toBe(1);
  });

  it('answers none for a network without posts, and GET network does not carry them', async () => {
    const token = await login(t.app, 'company@pushhub.test', 'pushhub.localhost');
    expect((await api(t.app, 'GET', 'posts', { token, host: 'pushhub.localhost' })).json()).toEqual({ data: [] });
    const network = (await api(t.app, 'GET', 'network')).json() as { data: { settings: Record<string, unknown> } };
    expect(network.data.settings).not.toHaveProperty('posts');
  });
});
