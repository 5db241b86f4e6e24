import { describe, expect, it, vi } from 'vitest';
import { loadVast, parseVast, parseVastTime, pickMp4, VastError } from './vast';

const INLINE_V3 = `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="3.0">
  <Ad id="20001" sequence="1">
    <InLine>
      <AdSystem version="4.0">iabtechlab</AdSystem>
      <AdTitle><![CDATA[Summer sale]]></AdTitle>
      <Impression id="imp1"><![CDATA[https://track.example.com/imp?id=1]]></Impression>
      <Impression><![CDATA[https://track2.example.com/pixel.gif]]></Impression>
      <Creatives>
        <Creative id="5480" sequence="1">
          <Linear skipoffset="00:00:05">
            <Duration>00:00:15.250</Duration>
            <TrackingEvents>
              <Tracking event="start"><![CDATA[https://track.example.com/start]]></Tracking>
            </TrackingEvents>
            <VideoClicks>
              <ClickThrough id="ct"><![CDATA[https://shop.example.com/sale?utm=vast]]></ClickThrough>
            </VideoClicks>
            <MediaFiles>
              <MediaFile id="1" delivery="progressive" type="video/webm" width="640" height="360"><![CDATA[https://cdn.example.com/ad-640.webm]]></MediaFile>
              <MediaFile id="2" delivery="progressive" type="video/mp4" width="1920" height="1080" bitrate="4000"><![CDATA[https://cdn.example.com/ad-1080.mp4]]></MediaFile>
              <MediaFile id="3" delivery="progressive" type="video/mp4" width="640" height="360" bitrate="800"><![CDATA[https://cdn.example.com/ad-360.mp4]]></MediaFile>
              <MediaFile id="4" delivery="progressive" type="application/javascript" apiFramework="VPAID"><![CDATA[https://cdn.example.com/vpaid.js]]></MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>`;

const INLINE_V4_NAMESPACED = `<VAST xmlns="http://www.iab.com/VAST" version="4.1">
  <Ad id="a"><InLine>
    <AdTitle>Namespaced</AdTitle>
    <Impression>https://t.example.com/i4</Impression>
    <Creatives><Creative><Linear skipoffset="25%">
      <Duration>00:00:20</Duration>
      <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1280" height="720">https://cdn.example.com/v4.mp4</MediaFile></MediaFiles>
    </Linear></Creative></Creatives>
  </InLine></Ad>
</VAST>`;

const INLINE_V2 = `<VAST version="2.0"><Ad id="v2"><InLine><AdSystem>Old</AdSystem><AdTitle>Two</AdTitle>
  <Impression>https://t.example.com/v2</Impression>
  <Creatives><Creative><Linear><Duration>00:00:30</Duration>
    <MediaFiles><MediaFile delivery="progressive" width="480" height="270">https://cdn.example.com/v2.mp4?x=1</MediaFile></MediaFiles>
  </Linear></Creative></Creatives></InLine></Ad></VAST>`;

const wrapper = (next: string, impression: string) =>
  `<VAST version="3.0"><Ad><Wrapper><AdSystem>W</AdSystem><VASTAdTagURI><![CDATA[${next}]]></VASTAdTagURI><Impression><![CDATA[${impression}]]></Impression><Creatives/></Wrapper></Ad></VAST>`;

const NO_MP4 = `<VAST version="3.0"><Ad><InLine><AdTitle>WebM only</AdTitle><Creatives><Creative><Linear><Duration>00:00:10</Duration>
  <MediaFiles><MediaFile delivery="progressive" type="video/webm" width="640">https://cdn.example.com/a.webm</MediaFile>
  <MediaFile delivery="streaming" type="video/mp4" width="640">https://cdn.example.com/live.mp4</MediaFile></MediaFiles>
</Linear></Creative></Creatives></InLine></Ad></VAST>`;

/** A fetch over a map of address → answer body (or status). */
function fakeFetch(answers: Record<string, string | number>) {
  return vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    expect(init?.credentials).toBe('omit');
    expect(init?.referrerPolicy).toBe('no-referrer');
    const answer = answers[String(url)];
    if (answer === undefined) throw new TypeError('Failed to fetch');
    if (typeof answer === 'number') return new Response('', { status: answer });
    return new Response(answer, { status: 200, headers: { 'Content-Type': 'application/xml' } });
  });
}

const codeOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(VastError);
  return (error as VastError).code;
};

describe('parseVast', () => {
  it('reads a VAST 3 inline ad: media files, duration, click-through, impressions, skip offset', () => {
    const doc = parseVast(INLINE_V3);
    expect(doc).toMatchObject({
      kind: 'inline',
      version: '3.0',
      title: 'Summer sale',
      duration: 15.25,
      clickThrough: 'https://shop.example.com/sale?utm=vast',
      impressions: ['https://track.example.com/imp?id=1', 'https://track2.example.com/pixel.gif'],
      skipOffset: { seconds: 5 },
    });
    if (doc.kind !== 'inline') throw new Error('inline expected');
    expect(doc.mediaFiles).toHaveLength(4);
    expect(pickMp4(doc.mediaFiles)?.url).toBe('https://cdn.example.com/ad-360.mp4');
  });

  it('reads a namespaced VAST 4 document and a percent skip offset', () => {
    expect(parseVast(INLINE_V4_NAMESPACED)).toMatchObject({ kind: 'inline', version: '4.1', title: 'Namespaced', duration: 20, skipOffset: { percent: 25 } });
  });

  it('reads VAST 2 and takes an untyped .mp4 address as MP4', () => {
    const doc = parseVast(INLINE_V2);
    if (doc.kind !== 'inline') throw new Error('inline expected');
    expect(doc.skipOffset).toBeNull();
    expect(pickMp4(doc.mediaFiles)?.url).toBe('https://cdn.example.com/v2.mp4?x=1');
  });

  it('reads a wrapper', () => {
    expect(parseVast(wrapper('https://b.example.com/vast', 'https://a.example.com/imp'))).toEqual({
      kind: 'wrapper',
      version: '3.0',
      tagUrl: 'https://b.example.com/vast',
      impressions: ['https://a.example.com/imp'],
    });
  });

  it('takes the first ad of a pod by sequence', () => {
    const pod = `<VAST version="3.0"><Ad sequence="2"><InLine><AdTitle>Second</AdTitle></InLine></Ad><Ad sequence="1"><InLine><AdTitle>First</AdTitle></InLine></Ad></VAST>`;
    expect(parseVast(pod)).toMatchObject({ title: 'First' });
  });

  it('refuses invalid XML, other documents and empty answers with a code', () => {
    expect(() => parseVast('<VAST version="3.0"><Ad>')).toThrow(expect.objectContaining({ code: 'invalid-xml' }));
    expect(() => parseVast('not xml at all')).toThrow(expect.objectContaining({ code: 'invalid-xml' }));
    expect(() => parseVast('<html><body>Hello</body></html>')).toThrow(expect.objectContaining({ code: 'not-vast' }));
    expect(() => parseVast('<VAST version="3.0"><Error>https://e.example.com/[ERRORCODE]</Error></VAST>')).toThrow(expect.objectContaining({ code: 'no-ad' }));
  });

  it('parses VAST times', () => {
    expect(parseVastTime('00:01:02')).toBe(62);
    expect(parseVastTime('01:00:00.5')).toBe(3600.5);
    expect(parseVastTime('15')).toBeNull();
    expect(parseVastTime(undefined)).toBeNull();
  });
});

describe('loadVast', () => {
  it('loads an inline tag without cookies or referrer', async () => {
    const fetch = fakeFetch({ 'https://ads.example.com/tag': INLINE_V3 });
    const ad = await loadVast('https://ads.example.com/tag', { fetch });
    expect(ad.mediaFile.url).toBe('https://cdn.example.com/ad-360.mp4');
    expect(ad.skipAfter).toBe(5);
    expect(ad.chain).toEqual(['https://ads.example.com/tag']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('follows up to three wrappers, resolving relative addresses and collecting impressions', async () => {
    const fetch = fakeFetch({
      'https://a.example.com/1': wrapper('https://b.example.com/2', 'https://a.example.com/imp'),
      'https://b.example.com/2': wrapper('/3', 'https://b.example.com/imp'),
      'https://b.example.com/3': wrapper('https://c.example.com/4', 'https://b.example.com/imp3'),
      'https://c.example.com/4': INLINE_V4_NAMESPACED,
    });
    const ad = await loadVast('https://a.example.com/1', { fetch });
    expect(ad.chain).toEqual(['https://a.example.com/1', 'https://b.example.com/2', 'https://b.example.com/3', 'https://c.example.com/4']);
    expect(ad.impressions).toEqual(['https://a.example.com/imp', 'https://b.example.com/imp', 'https://b.example.com/imp3', 'https://t.example.com/i4']);
    // 25 % of 20 s.
    expect(ad.skipAfter).toBe(5);
  });

  it('stops after three wrapper hops', async () => {
    const fetch = fakeFetch({
      'https://a.example.com/1': wrapper('https://a.example.com/2', 'https://t/1'),
      'https://a.example.com/2': wrapper('https://a.example.com/3', 'https://t/2'),
      'https://a.example.com/3': wrapper('https://a.example.com/4', 'https://t/3'),
      'https://a.example.com/4': wrapper('https://a.example.com/5', 'https://t/4'),
      'https://a.example.com/5': INLINE_V3,
    });
    expect(await codeOf(loadVast('https://a.example.com/1', { fetch }))).toBe('too-many-wrappers');
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('says which step failed', async () => {
    expect(await codeOf(loadVast('https://ads.example.com/webm', { fetch: fakeFetch({ 'https://ads.example.com/webm': NO_MP4 }) }))).toBe('no-mp4');
    expect(await codeOf(loadVast('https://ads.example.com/bad', { fetch: fakeFetch({ 'https://ads.example.com/bad': '<VAST><Ad>' }) }))).toBe('invalid-xml');
    expect(await codeOf(loadVast('https://ads.example.com/404', { fetch: fakeFetch({ 'https://ads.example.com/404': 404 }) }))).toBe('http');
    expect(await codeOf(loadVast('https://ads.example.com/cors', { fetch: fakeFetch({}) }))).toBe('network');
    expect(await codeOf(loadVast('javascript:alert(1)', { fetch: fakeFetch({}) }))).toBe('bad-url');
    const toFile = fakeFetch({ 'https://a.example.com/w': wrapper('file:///etc/passwd', 'https://t') });
    expect(await codeOf(loadVast('https://a.example.com/w', { fetch: toFile }))).toBe('bad-url');
  });

  it('passes an abort through', async () => {
    const controller = new AbortController();
    const fetch = vi.fn((_url: string | URL | Request, init?: RequestInit) => new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    const loading = loadVast('https://ads.example.com/slow', { fetch, signal: controller.signal });
    controller.abort();
    await expect(loading).rejects.toMatchObject({ name: 'AbortError' });
  });
});
