import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaStore } from '../../engine/media';
import { AdPreview } from './AdPreview';
import { FIXTURE_FILES, fixtureMedia, PREVIEW_FIXTURES, type PreviewFixture } from './fixtures';
import { PREVIEW_KINDS, type AdModel, type PreviewKind } from './model';
import { AD_TAG_FRAME_URL, SANDBOX } from './SandboxedFrame';

const fixture = (name: string): PreviewFixture => {
  const found = PREVIEW_FIXTURES.find((f) => f.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found;
};

/** Renders a preview and waits for its kind's code to load. */
async function show(kind: PreviewKind | string, model: unknown, creativeIndex?: number) {
  const view = render(<AdPreview kind={kind} model={model} media={fixtureMedia} creativeIndex={creativeIndex} />);
  // Some previews load their code lazily: on a busy machine (two test workers on two cores) that takes over the
  // default second.
  await waitFor(() => expect(screen.queryByText('Loading the preview…')).toBeNull(), { timeout: 10_000 });
  return view;
}

const INLINE_VAST = `<VAST version="3.0"><Ad><InLine><AdTitle>Sample</AdTitle><Impression>https://t.example.com/imp</Impression>
<Creatives><Creative><Linear skipoffset="00:00:03"><Duration>00:00:16</Duration>
<VideoClicks><ClickThrough>https://brand.example.com/</ClickThrough></VideoClicks>
<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://cdn.example.com/sample.mp4</MediaFile></MediaFiles>
</Linear></Creative></Creatives></InLine></Ad></VAST>`;

/** A fetch that answers the given VAST text, recording its calls. */
function stubFetch(answer: string | (() => Promise<Response>)) {
  const fetch = vi.fn((_url: string | URL | Request, _init?: RequestInit) =>
    typeof answer === 'string' ? Promise.resolve(new Response(answer, { status: 200 })) : answer(),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AdPreview', () => {
  it('has a fixture for every preview kind', () => {
    expect(new Set(PREVIEW_FIXTURES.map((f) => f.kind))).toEqual(new Set(PREVIEW_KINDS));
  });

  it.each(PREVIEW_FIXTURES.map((f) => [f.name, f] as const))('draws %s from realistic data', async (_name, f) => {
    stubFetch(INLINE_VAST);
    const { container } = await show(f.kind, f.model, f.creativeIndex);
    expect(container.textContent?.length).toBeGreaterThan(0);
    expect(screen.queryByText('The preview could not be drawn.')).toBeNull();
  });

  it('draws a web push: site, icon, title, text, large image and two buttons', async () => {
    const { container } = await show('push', fixture('Web push').model);
    expect(screen.getByText('shop.example.com')).toBeTruthy();
    expect(screen.getByText('now')).toBeTruthy();
    expect(screen.getByText('Sneakers −40% today')).toBeTruthy();
    expect(screen.getByText('Warm winter sneakers. Free delivery!')).toBeTruthy();
    expect(screen.getByText('Shop now')).toBeTruthy();
    expect(screen.getByText('Later')).toBeTruthy();
    const sources = Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('src'));
    expect(sources).toEqual([FIXTURE_FILES[0].src, FIXTURE_FILES[1].src]);
  });

  it('shows example texts while a push is still empty', async () => {
    await show('push', { creatives: [{}] });
    expect(screen.getByText('Your title')).toBeTruthy();
    expect(screen.getByText('Your ad text')).toBeTruthy();
    expect(screen.getByText('No URL yet')).toBeTruthy();
  });

  it('draws a native card with its brand, the title linking out safely', async () => {
    await show('native', fixture('Native').model);
    const link = screen.getByRole('link', { name: 'The new spring collection is here' });
    expect(link.getAttribute('href')).toBe('https://urbanfeet.example.com/spring');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('Light, breathable and made to walk all day.')).toBeTruthy();
    expect(screen.getByText('Urban Feet')).toBeTruthy();
  });

  it('draws an image banner at its slot size, linked to the common URL', async () => {
    const { container } = await show('banner', fixture('Banner (image)').model);
    const img = container.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['300', '250']);
    expect(img.closest('a')?.getAttribute('href')).toBe('https://shop.example.com/');
    expect(screen.getByText('300 × 250')).toBeTruthy();
  });

  it('says when the image does not fit the banner size', async () => {
    await show('banner', { size: '728x90', type: 'image', creatives: [{ image: 109, url: 'https://shop.example.com/' }] });
    expect(screen.getByText('The image is 970 × 250 px and the slot 728 × 90: it is shown scaled.')).toBeTruthy();
  });

  it('loads an HTML5 package into a fixed-size sandboxed frame', async () => {
    const { container } = await show('banner', fixture('Banner (HTML5 package)').model);
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(fixtureMedia(110)?.src);
    expect(frame.getAttribute('sandbox')).toBe(SANDBOX);
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect([frame.getAttribute('width'), frame.getAttribute('height')]).toEqual(['300', '250']);
  });

  it('runs an ad tag only in the sandboxed ad tag frame page, never in a srcdoc under the panel CSP', async () => {
    const { container } = await show('banner', fixture('Banner (ad tag)').model);
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('name')).toContain('<script>document.getElementById("ad")');
    expect(frame.getAttribute('src')).toBe(AD_TAG_FRAME_URL);
    expect(frame.hasAttribute('srcdoc')).toBe(false);
    expect([frame.getAttribute('width'), frame.getAttribute('height')]).toEqual(['728', '90']);
    // The code never reaches the panel's own DOM.
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('#ad')).toBeNull();
  });

  it('draws an interstitial on a portrait screen with its close button look, or its HTML in a frame', async () => {
    const first = await show('interstitial', fixture('Interstitial').model);
    expect(first.container.querySelector('img')?.getAttribute('src')).toBe(FIXTURE_FILES[4].src);
    expect(first.container.querySelector('[aria-hidden] svg')).toBeTruthy();
    first.unmount();
    const second = await show('interstitial', { type: 'html', code: '<!doctype html><html><body><h1>Full page</h1></body></html>' });
    const frame = second.container.querySelector('iframe')!;
    expect(frame.getAttribute('name')).toBe('<!doctype html><html><body><h1>Full page</h1></body></html>');
    expect(frame.getAttribute('src')).toBe(AD_TAG_FRAME_URL);
    expect([frame.getAttribute('width'), frame.getAttribute('height')]).toEqual(['270', '480']);
  });

  it('never gives a frame allow-same-origin', async () => {
    stubFetch(INLINE_VAST);
    const models: [PreviewKind, AdModel][] = [
      ...PREVIEW_FIXTURES.map((f) => [f.kind, f.model] as [PreviewKind, AdModel]),
      ['interstitial', { type: 'html', code: '<p>x</p>' }],
      ['banner', { size: '160x600', type: 'script', code: '<script>parent.document.title="owned"</script>' }],
    ];
    let frames = 0;
    for (const [kind, model] of models) {
      const { container, unmount } = await show(kind, model);
      for (const frame of Array.from(container.querySelectorAll('iframe'))) {
        frames += 1;
        const sandbox = frame.getAttribute('sandbox');
        expect(sandbox).not.toBeNull();
        expect(sandbox).not.toMatch(/allow-same-origin/);
        expect(sandbox).toBe(SANDBOX);
        expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
        expect(Number(frame.getAttribute('width'))).toBeGreaterThan(0);
        expect(Number(frame.getAttribute('height'))).toBeGreaterThan(0);
      }
      unmount();
    }
    expect(frames).toBe(4);
  });

  it('plays an uploaded video with a skip button after the skip time, the motion banner and the companion', async () => {
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const user = userEvent.setup();
    const { container } = await show('video', fixture('In-stream video').model);
    const video = container.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('https://interactive-examples.mdn.mozilla.net/media/cc0-videos/flower.mp4');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(screen.getByText('Skip in 5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Skip ad/ })).toBeNull();
    Object.defineProperty(video, 'currentTime', { configurable: true, value: 3.2 });
    fireEvent.timeUpdate(video);
    expect(screen.getByText('Skip in 2')).toBeTruthy();
    Object.defineProperty(video, 'currentTime', { configurable: true, value: 5.1 });
    fireEvent.timeUpdate(video);

    const banner = screen.getByTestId('motion-banner');
    expect(within(banner).getByText('Special offer')).toBeTruthy();
    expect(within(banner).getByText('Today only')).toBeTruthy();
    expect(banner.style.background).toBe('rgba(119, 119, 119, 0.85)');
    expect(banner.style.getPropertyValue('--mb-button-hover')).toBe('#2D72D2');
    expect(within(banner).getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe('https://flowers.example.com/');
    expect(screen.getByRole('img', { name: 'Companion banner' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Visit site · flowers\.example\.com/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Skip ad/ }));
    expect(pause).toHaveBeenCalled();
    expect(screen.getByText('The ad was skipped.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Replay' }));
    expect(screen.getByText('Skip in 5')).toBeTruthy();
  });

  it('shows the rewarded post texts and skips at once with skip time 0', async () => {
    await show('video', fixture('In-stream rewarded').model);
    const post = screen.getByTestId('rewarded-post');
    expect(post.textContent).toContain('Flower Shop');
    expect(post.textContent).toContain('Watch to get your reward');
    expect(post.textContent).toContain('Claim reward');
    // A rewarded post forces 5 seconds.
    expect(screen.getByText('Skip in 5')).toBeTruthy();
    const model = fixture('In-stream video').model;
    await show('video', { ...model, skip_time: 0, motion_banner: { enabled: false } });
    expect(screen.getByRole('button', { name: /Skip ad/ })).toBeTruthy();
    expect(screen.queryByTestId('motion-banner')).toBeNull();
  });

  it('asks for a video while there is none', async () => {
    await show('video', { type: 'video', creatives: [{ url: 'https://x.example.com' }] });
    expect(screen.getByText('Upload a video to see the preview.')).toBeTruthy();
  });

  it('fetches a VAST tag without cookies and plays its MP4', async () => {
    const fetch = stubFetch(INLINE_VAST);
    const { container } = await show('video', { type: 'vast', skip_time: 10, creatives: [{ vast_tag: 'https://ads.example.com/vast?id=1' }] });
    expect(screen.getByText('Loading the VAST tag…')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('video')).toBeTruthy(), { timeout: 2000 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe('https://ads.example.com/vast?id=1');
    expect(fetch.mock.calls[0][1]).toMatchObject({ credentials: 'omit' });
    expect(container.querySelector('video')?.getAttribute('src')).toBe('https://cdn.example.com/sample.mp4');
    // The VAST skip offset wins over the form's skip time.
    expect(screen.getByText('Skip in 3')).toBeTruthy();
    expect(screen.getByText('VAST 3.0, duration 0:16, impression trackers: 1 (not called in the preview)')).toBeTruthy();
    expect(screen.getByRole('link', { name: /brand\.example\.com/ })).toBeTruthy();
  });

  it('says clearly when a VAST tag cannot be used, and retries', async () => {
    const user = userEvent.setup();
    const fetch = stubFetch('<VAST version="3.0"><Ad>');
    await show('video', { type: 'vast', creatives: [{ vast_tag: 'https://ads.example.com/broken' }] });
    expect(await screen.findByText('The answer is not valid XML.', {}, { timeout: 2000 })).toBeTruthy();
    expect(screen.getByText('The VAST tag cannot be previewed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2), { timeout: 2000 });
  });

  it('names a tag address that is not http(s) without fetching it', async () => {
    const fetch = stubFetch(INLINE_VAST);
    await show('video', { type: 'vast', creatives: [{ vast_tag: 'javascript:alert(1)' }] });
    expect(screen.getByText('The tag or one of its wrappers points to an address that is not http or https.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('aborts the VAST request when the preview goes away', async () => {
    let signal: AbortSignal | undefined;
    const fetch = vi.fn((_url: string, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => {});
    });
    vi.stubGlobal('fetch', fetch);
    const { unmount } = await show('video', { type: 'vast', creatives: [{ vast_tag: 'https://ads.example.com/slow' }] });
    await waitFor(() => expect(fetch).toHaveBeenCalled(), { timeout: 2000 });
    unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('draws an in-page card in the corner of a desktop page or on top of a phone screen', async () => {
    const web = await show('in-page', fixture('In-page (web)').model);
    expect(web.container.querySelector('[data-skin="web"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your order is waiting' }).getAttribute('href')).toBe('https://shop.example.com/cart');
    expect(screen.getByText('Finish checkout and get free delivery.')).toBeTruthy();
    web.unmount();
    const mobile = await show('in-page', fixture('In-page (mobile)').model);
    expect(mobile.container.querySelector('[data-skin="mobile"]')).toBeTruthy();
  });

  it('draws a notification widget message', async () => {
    await show('notification-widget', fixture('Notification widget').model);
    expect(screen.getByText('Notifications')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Flash sale: 2 hours left' })).toBeTruthy();
    expect(screen.getByText('Everything in the winter collection at half price until midnight.')).toBeTruthy();
  });

  it('draws a direct link tile and its destination', async () => {
    await show('direct-link', fixture('Direct link').model);
    const links = screen.getAllByRole('link');
    expect(links[0].textContent).toBe('Play free games');
    expect(screen.getByRole('link', { name: 'https://games.example.com/?click_id={click_id}' })).toBeTruthy();
    expect(screen.getByText('Destination:')).toBeTruthy();
  });

  it('draws an iOS calendar event named after the feed', async () => {
    await show('calendar', fixture('iOS calendar').model);
    expect(screen.getAllByText('Football fixtures 2026')).toHaveLength(2);
    expect(screen.getByText('Today')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://calendar.example.com/subscribe' })).toBeTruthy();
  });

  it('draws a gallery tile with the provider site', async () => {
    await show('gallery', fixture('Gallery').model);
    expect(screen.getByRole('link', { name: 'Daily wallpapers' }).getAttribute('href')).toBe('https://wallpapers.example.com/get');
    expect(screen.getByRole('link', { name: 'wallpapers.example.com' })).toBeTruthy();
    expect(screen.getByText('Subscribe')).toBeTruthy();
  });

  it('draws a popunder as a browser window that shows the address and loads nothing', async () => {
    const { container } = await show('popunder', fixture('Popunder').model);
    expect(screen.getByText('https://www.offer.example.com/landing?sub={sub_id}')).toBeTruthy();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(screen.getByText(/The page is not loaded in the preview/)).toBeTruthy();
  });

  it('shows hostile addresses and markup as text only', async () => {
    const { container } = await show('native', {
      brand: '<img src=x onerror=alert(1)>',
      creatives: [{ title: '<script>alert(1)</script>', description: 'd', url: 'javascript:alert(1)' }],
    });
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    const direct = await show('direct-link', { title: 'x', url: 'data:text/html,<script>alert(1)</script>' });
    expect(direct.container.querySelector('a')).toBeNull();
    expect(screen.getByText('data:text/html,<script>alert(1)</script>')).toBeTruthy();
  });

  it('shows the chosen creative', async () => {
    const model = { ...fixture('Web push').model, creatives: [{ title: 'First', body: 'a' }, { title: 'Second', body: 'b' }] };
    await show('push', model, 1);
    expect(screen.getByText('Second')).toBeTruthy();
    expect(screen.queryByText('First')).toBeNull();
  });

  it('asks for a creative when there is none', async () => {
    await show('push', { name: 'x', creatives: [] });
    expect(screen.getByText('Add a creative to see the preview.')).toBeTruthy();
  });

  it('names the known kinds for an unknown one', async () => {
    await show('carousel', {});
    expect(screen.getByText(/There is no preview of the kind “carousel”\. Known kinds: popunder, banner, push/)).toBeTruthy();
  });

  it('redraws when a file arrives in the media store', async () => {
    const media = new MediaStore({ transport: vi.fn() });
    render(<AdPreview kind="native" model={{ brand: 'B', creatives: [{ title: 'T', image: 103 }] }} media={(id) => media.get(id)} />);
    expect(await screen.findByText('Upload an image to see the preview.')).toBeTruthy();
    act(() => media.put(FIXTURE_FILES[2]));
    expect(screen.queryByText('Upload an image to see the preview.')).toBeNull();
    expect(document.querySelector('img')?.getAttribute('src')).toBe(FIXTURE_FILES[2].src);
  });

  it('never sets inner HTML', () => {
    const dir = import.meta.dirname;
    const sources = [...readdirSync(dir), ...readdirSync(join(dir, 'kinds')).map((f) => `kinds/${f}`)].filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.tsx'));
    for (const source of sources) expect(readFileSync(join(dir, source), 'utf8'), source).not.toContain('dangerouslySet' + 'InnerHTML');
  });
});
