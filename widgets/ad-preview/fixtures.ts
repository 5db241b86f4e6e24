import type { MediaFile } from '../../engine/media';
import type { AdModel, MediaResolver, PreviewKind } from './model';

/**
 * Realistic form data for every preview kind, with media files drawn as inline SVGs: one fixture for the
 * stories (stories/AdPreview.stories.tsx) and the tests. The video points at a public CC0 clip and the VAST tag
 * at the IAB's public samples, which only Storybook (not the tests) fetches.
 */

/** An inline SVG picture of a size with a label, as a `data:` URL (safe in an <img>). */
export function svgImage(width: number, height: number, label: string, from: string, to: string): string {
  const size = Math.max(12, Math.round(Math.min(width, height) / 6));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<text x="50%" y="50%" fill="#fff" font-family="Arial, sans-serif" font-weight="700" font-size="${size}" text-anchor="middle" dominant-baseline="middle">${label}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const file = (id: number, kind: MediaFile['kind'], name: string, src: string, extra: Partial<MediaFile> = {}): MediaFile => ({
  id,
  kind,
  src,
  name,
  mime_type: kind === 'image' ? 'image/svg+xml' : kind === 'video' ? 'video/mp4' : 'application/zip',
  size: 48_213,
  custom_properties: {},
  document_url: null,
  created_at: '2026-11-20T10:00:00Z',
  ...extra,
});

const image = (id: number, name: string, width: number, height: number, label: string, from: string, to: string) =>
  file(id, 'image', name, svgImage(width, height, label, from, to), { custom_properties: { width, height } });

/** The uploaded files the fixtures refer to, by id. */
export const FIXTURE_FILES: readonly MediaFile[] = [
  image(101, 'shoe-icon.png', 192, 192, 'S', '#2d72d2', '#184a90'),
  image(102, 'sale-wide.jpg', 720, 360, 'SALE −40%', '#cd4246', '#8e292c'),
  image(103, 'native-card.jpg', 492, 328, 'New collection', '#238551', '#165a36'),
  image(104, 'banner-300x250.png', 300, 250, '300 × 250', '#7961db', '#5642a6'),
  image(105, 'interstitial.jpg', 1080, 1920, 'Play now', '#d1980b', '#935610'),
  image(106, 'app-icon.png', 192, 192, '★', '#c22762', '#8a1a45'),
  file(107, 'video', 'flower.mp4', 'https://interactive-examples.mdn.mozilla.net/media/cc0-videos/flower.mp4', { size: 1_157_704 }),
  image(108, 'companion-300x250.png', 300, 250, 'Companion', '#147eb3', '#0c5174'),
  image(109, 'banner-728x90.png', 970, 250, 'Wrong size', '#634dbf', '#3f2e87'),
];

/** The start page of the HTML5 package fixture: a small animated banner. */
const PACKAGE_PAGE = `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;height:100%;font-family:Arial,sans-serif}
.b{height:100%;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:12px;color:#fff;background:linear-gradient(135deg,#238551,#147eb3)}
.t{font-size:26px;font-weight:700;animation:p 1.4s ease-in-out infinite alternate}
.c{padding:8px 18px;border-radius:4px;background:#fff;color:#238551;font-weight:700}
@keyframes p{from{transform:scale(1)}to{transform:scale(1.08)}}
</style></head><body><div class="b"><div class="t">Spring sale</div><div class="c">Shop now</div></div></body></html>`;

let packageSrc: string | undefined;

/**
 * The HTML5 package fixture. In a browser its start page is a `blob:` address made here (what the server gives
 * is an http(s) address); jsdom cannot make one, and does not load frames anyway.
 */
function packageFile(): MediaFile {
  packageSrc ??=
    typeof URL.createObjectURL === 'function'
      ? URL.createObjectURL(new Blob([PACKAGE_PAGE], { type: 'text/html' }))
      : 'https://core.example.com/media-files/t110/index.html';
  return file(110, 'package', 'spring-banner.zip', packageSrc, { custom_properties: { entry: 'index.html' } });
}

const files = new Map(FIXTURE_FILES.map((f) => [f.id, f]));

/** Resolves the fixture files by id, as `(id) => media.get(id)` does in the app. */
export const fixtureMedia: MediaResolver = (id) => (id === 110 ? packageFile() : files.get(id));

/** One example of a preview: its kind, a name for the story and the ad's form data. */
export interface PreviewFixture {
  kind: PreviewKind;
  name: string;
  model: AdModel;
  creativeIndex?: number;
}

const push = {
  name: 'Winter sneakers',
  rotation_type: 'random',
  creatives: [
    {
      title: 'Sneakers −40% today',
      body: 'Warm winter sneakers. Free delivery!',
      button_one: 'Shop now',
      button_two: 'Later',
      icon: 101,
      image: 102,
      url: 'https://shop.example.com/winter?utm_source={source}',
      priority: 100,
      is_active: true,
    },
  ],
};

/** One fixture per preview kind (plus variants), in the order of the stories. */
export const PREVIEW_FIXTURES: readonly PreviewFixture[] = [
  { kind: 'push', name: 'Web push', model: push },
  { kind: 'native', name: 'Native', model: { name: 'Collection', brand: 'Urban Feet', creatives: [{ title: 'The new spring collection is here', description: 'Light, breathable and made to walk all day.', image: 103, url: 'https://urbanfeet.example.com/spring', is_active: true }] } },
  { kind: 'banner', name: 'Banner (image)', model: { name: 'Medium rectangle', size: '300x250', type: 'image', common_url: 'https://shop.example.com/', creatives: [{ image: 104, is_active: true }] } },
  { kind: 'banner', name: 'Banner (HTML5 package)', model: { name: 'HTML5', size: '300x250', type: 'html', creatives: [{ package: 110, url: 'https://shop.example.com/', is_active: true }] } },
  { kind: 'banner', name: 'Banner (ad tag)', model: { name: 'Tag', size: '728x90', type: 'script', code: '<div style="font:bold 28px Arial;color:#fff;background:linear-gradient(90deg,#2d72d2,#7961db);height:90px;display:flex;align-items:center;justify-content:center" id="ad">Ad tag</div><script>document.getElementById("ad").textContent += " · script ran in a sandbox";</script>' } },
  { kind: 'interstitial', name: 'Interstitial', model: { name: 'Game', type: 'image', creatives: [{ image: 105, url: 'https://games.example.com/play', is_active: true }] } },
  { kind: 'video', name: 'In-stream video', model: { name: 'Flowers', type: 'video', skip_time: 5, creatives: [{ video: 107, image: 108, icon: 106, url: 'https://flowers.example.com/', is_active: true }], motion_banner: { enabled: true, title: 'Special offer', button: 'Learn more', description: 'Tap to find out more', additional_text: 'Today only', button_text_color: '#FFFFFF', fader_color: '#777777', text_color: '#FFFFFF', button_color: '#000000', button_hover_color: '#2D72D2', button_text_hover_color: '#FFFFFF' }, rewarded_post: { enabled: false } } },
  { kind: 'video', name: 'In-stream rewarded', model: { name: 'Rewarded', type: 'video', skip_time: 5, creatives: [{ video: 107, url: 'https://flowers.example.com/', is_active: true }], motion_banner: { enabled: false }, rewarded_post: { enabled: true, brand: 'Flower Shop', title: 'Watch to get your reward', description: 'Your reward unlocks when the video ends', button: 'Claim reward' } } },
  { kind: 'video', name: 'In-stream VAST', model: { name: 'VAST', type: 'vast', skip_time: 5, creatives: [{ vast_tag: 'https://raw.githubusercontent.com/InteractiveAdvertisingBureau/VAST_Samples/master/VAST%203.0%20Samples/Inline_Linear_Tag-test.xml', is_active: true }] } },
  { kind: 'in-page', name: 'In-page (web)', model: { name: 'In-page', skin_group: 'web', skin: 1, creatives: [{ title: 'Your order is waiting', body: 'Finish checkout and get free delivery.', icon: 101, image: 102, url: 'https://shop.example.com/cart', priority: 100, is_active: true }] } },
  { kind: 'in-page', name: 'In-page (mobile)', model: { name: 'In-page', skin_group: 'mobile', skin: 3, creatives: [{ title: 'New message', body: 'You have 1 unread offer', icon: 106, url: 'https://shop.example.com/offers', is_active: true }] } },
  { kind: 'notification-widget', name: 'Notification widget', model: { name: 'Widget', creatives: [{ title: 'Flash sale: 2 hours left', description: 'Everything in the winter collection at half price until midnight.', icon: 106, url: 'https://shop.example.com/flash', is_active: true }] } },
  { kind: 'direct-link', name: 'Direct link', model: { name: 'Direct', title: 'Play free games', icon: 106, url: 'https://games.example.com/?click_id={click_id}' } },
  { kind: 'calendar', name: 'iOS calendar', model: { name: 'Calendar', content_feed_name: 'Football fixtures 2026', content_feed_url: 'webcal://calendar.example.com/football.ics', provider_website: 'https://calendar.example.com', url: 'https://calendar.example.com/subscribe' } },
  { kind: 'gallery', name: 'Gallery', model: { name: 'Gallery', content_feed_name: 'Daily wallpapers', content_feed_url: 'https://wallpapers.example.com/feed', provider_website: 'https://wallpapers.example.com', url: 'https://wallpapers.example.com/get' } },
  { kind: 'popunder', name: 'Popunder', model: { name: 'Popunder', url: 'https://www.offer.example.com/landing?sub={sub_id}', priority: 100 } },
];
