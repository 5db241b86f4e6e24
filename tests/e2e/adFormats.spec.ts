import { expect, test, type Locator, type Page } from '@playwright/test';
import { mp4, png, zip, type Rgb } from '../fixtures/mediaBytes';
import { signInAsAdvertiser, startAd, uploadMedia, type UploadFile } from './support';

/**
 * One ad of every format, end to end in Chromium: created through the form (uploads included), viewed, edited,
 * duplicated. Each format is a row of FORMATS: how to fill a correct ad, what its page shows, and one field that is
 * changed on the edit page and must come back on the ad's page and in its duplicate.
 */

const SHOTS = 'test-results/ads-shots';
const SHOP = 'https://sunnyshoes.example.com';

test.beforeEach(({ page, baseURL }) => signInAsAdvertiser(page, baseURL));

// ---- files ----

/** A striped PNG of a size, named as a user's file would be. */
const image = (name: string, width: number, height: number, color: Rgb = [242, 153, 74]): UploadFile => ({
  name,
  mimeType: 'image/png',
  buffer: png(width, height, color, [255, 255, 255]),
});

const video = (name: string): UploadFile => ({ name, mimeType: 'video/mp4', buffer: mp4() });

/** An HTML5 banner package: index.html at the root drawing the banner, with its stylesheet. */
const html5Banner = (name: string, width: number, height: number, text: string): UploadFile => ({
  name,
  mimeType: 'application/zip',
  buffer: zip([
    { name: 'index.html', data: `<!doctype html><html><head><link rel="stylesheet" href="style.css"></head><body><a href="#" id="ad">${text}</a></body></html>` },
    { name: 'style.css', data: `body{margin:0}#ad{display:flex;align-items:center;justify-content:center;width:${width}px;height:${height}px;background:#f2994a;color:#fff;font:bold 24px sans-serif;text-decoration:none}` },
  ]),
});

// ---- the formats ----

/**
 * Checks a Blueprint radio or switch. Its input is visually hidden under the drawn indicator, which takes the
 * click as a user's would (both sit in one label); `check` still fails unless the control ends up checked.
 */
const tick = (control: Locator) => control.check({ force: true });

interface FormatCase {
  /** The format's name on its card (format.json → name). */
  format: string;
  /** The format's id, for the screenshot's file name. */
  id: string;
  /** Fills everything but the name: a correct, realistic ad. */
  fill(page: Page): Promise<void>;
  /** What the ad's page shows of this format once created (`preview` is the preview column). */
  viewed(preview: Locator, page: Page): Promise<void>;
  /** A text field that the edit page must show as filled (`from`), is changed (`to`) and shows in the preview. */
  edit: { field: RegExp; from: string; to: string };
  /** A media field and the name of its file, which the edit page must show again. */
  file?: [field: string, name: string];
}

/** The preview column of the ad's page. */
const previewOf = (page: Page) => page.locator('aside').filter({ has: page.getByRole('heading', { name: 'Preview' }) });

/** The address of an uploaded file, as the previews use it. */
const MEDIA_SRC = /\/media-files\/[A-Za-z0-9_-]{43}\//;

const FORMATS: FormatCase[] = [
  {
    format: 'Popunder',
    id: 'popunder',
    async fill(page) {
      await page.getByLabel(/^Landing page URL/).fill(`${SHOP}/summer?click={click_id}`);
      await page.getByLabel(/^Priority/).fill('250');
    },
    async viewed(preview) {
      await expect(preview.getByText(`${SHOP}/summer?click={click_id}`)).toBeVisible();
    },
    edit: { field: /^Landing page URL/, from: `${SHOP}/summer?click={click_id}`, to: `${SHOP}/autumn?click={click_id}` },
  },
  {
    format: 'Banner',
    id: 'banner',
    async fill(page) {
      await page.getByLabel(/^Size/).selectOption({ label: '300 × 250' });
      await tick(page.getByRole('radio', { name: 'HTML5 package' }));
      await uploadMedia(page, 'HTML5 package', html5Banner('summer-300x250.zip', 300, 250, 'Summer sale: 30% off'));
      await page.getByLabel(/^Landing page URL/).fill(`${SHOP}/summer`);
    },
    async viewed(preview, page) {
      await expect(page.getByText(/· 300x250 ·/)).toBeVisible();
      await expect(preview.locator('iframe')).toHaveAttribute('src', MEDIA_SRC);
      await expect(preview.frameLocator('iframe').getByText('Summer sale: 30% off')).toBeVisible();
    },
    edit: { field: /^Landing page URL/, from: `${SHOP}/summer`, to: `${SHOP}/sandals` },
    file: ['HTML5 package', 'summer-300x250.zip'],
  },
  {
    format: 'Web Push',
    id: 'web-push',
    async fill(page) {
      await page.getByLabel(/^Title/).fill('Summer sale: 30% off');
      await page.getByLabel(/^Text/).fill('Sandals and sunglasses, today only');
      await page.getByLabel(/^First button/).fill('Shop now');
      await uploadMedia(page, 'Icon', image('icon-192.png', 192, 192));
      await uploadMedia(page, 'Large image', image('sale-720x360.png', 720, 360, [45, 114, 210]));
      await page.getByLabel(/^Landing page URL/).fill(`${SHOP}/summer`);
    },
    async viewed(preview, page) {
      await expect(page.getByRole('cell', { name: 'Summer sale: 30% off' })).toBeVisible();
      await expect(preview.getByText('Sandals and sunglasses, today only')).toBeVisible();
      await expect(preview.getByText('Shop now')).toBeVisible();
      await expect(preview.getByText('sunnyshoes.example.com')).toBeVisible();
      await expect(preview.locator('img')).toHaveCount(2);
    },
    edit: { field: /^Title/, from: 'Summer sale: 30% off', to: 'Autumn sale: 40% off' },
    file: ['Icon', 'icon-192.png'],
  },
  {
    format: 'In-Stream Video',
    id: 'in-stream',
    async fill(page) {
      await page.getByLabel(/^Skippable after/).fill('10');
      await uploadMedia(page, 'Video', video('summer-15s.mp4'));
      await page.getByLabel(/^Landing page URL/).fill(`${SHOP}/summer`);
      await tick(page.getByRole('switch', { name: 'Show a motion banner' }));
      await page.getByLabel(/^Title/).fill('Summer sale: 30% off');
      await page.getByRole('textbox', { name: 'Button text', exact: true }).fill('Shop now');
    },
    async viewed(preview, page) {
      await expect(page.getByRole('cell', { name: `${SHOP}/summer` })).toBeVisible();
      await expect(preview.locator('video')).toHaveAttribute('src', MEDIA_SRC);
      await expect(preview.getByText('Skip in 10')).toBeVisible();
      await expect(preview.getByTestId('motion-banner')).toContainText('Shop now');
    },
    edit: { field: /^Title/, from: 'Summer sale: 30% off', to: 'Autumn sale: 40% off' },
    file: ['Video', 'summer-15s.mp4'],
  },
  {
    format: 'Native Ad',
    id: 'native',
    async fill(page) {
      await page.getByLabel(/^Brand/).fill('Sunny Shoes');
      await page.getByLabel(/^Title/).fill('Sandals that last all summer');
      await page.getByLabel(/^Description/).fill('Hand-stitched leather, free returns within 30 days.');
      await uploadMedia(page, 'Image', image('sandals-492x328.png', 492, 328));
      await page.getByLabel(/^Landing page URL/).fill(`${SHOP}/sandals`);
    },
    async viewed(preview) {
      await expect(preview.getByText('Hand-stitched leather, free returns within 30 days.')).toBeVisible();
      await expect(preview.getByText('Sunny Shoes')).toBeVisible();
      await expect(preview.locator('img')).toHaveAttribute('src', MEDIA_SRC);
    },
    edit: { field: /^Title/, from: 'Sandals that last all summer', to: 'Sandals for every trail' },
    file: ['Image', 'sandals-492x328.png'],
  },
  {
    format: 'Direct Link',
    id: 'direct-link',
    async fill(page) {
      await page.getByLabel(/^Landing page URL/).fill(`${SHOP}/deals?src={click_id}`);
      await page.getByLabel(/^Title/).fill('Sunny Shoes sale');
      await uploadMedia(page, 'Icon', image('logo-128.png', 128, 128));
    },
    async viewed(preview) {
      await expect(preview.getByText(`${SHOP}/deals?src={click_id}`)).toBeVisible();
      await expect(preview.locator('img')).toHaveAttribute('src', MEDIA_SRC);
    },
    edit: { field: /^Title/, from: 'Sunny Shoes sale', to: 'Sandals: 30% off' },
    file: ['Icon', 'logo-128.png'],
  },
  {
    format: 'Interstitial',
    id: 'interstitial',
    async fill(page) {
      await uploadMedia(page, 'Image', image('fullscreen-1080x1920.png', 1080, 1920));
      await page.getByLabel(/^Landing page URL/).fill(`${SHOP}/summer`);
    },
    async viewed(preview, page) {
      await expect(page.getByRole('cell', { name: `${SHOP}/summer` })).toBeVisible();
      await expect(preview.locator('img')).toHaveAttribute('src', MEDIA_SRC);
    },
    edit: { field: /^Landing page URL/, from: `${SHOP}/summer`, to: `${SHOP}/sandals` },
    file: ['Image', 'fullscreen-1080x1920.png'],
  },
  {
    format: 'iOS Calendar',
    id: 'ios-calendar',
    async fill(page) {
      await page.getByLabel(/^Content feed name/).fill('Sunny Shoes deals');
      await page.getByLabel(/^Content feed URL/).fill('webcal://calendar.sunnyshoes.example.com/deals.ics');
      await page.getByLabel(/^Provider website/).fill(SHOP);
      await page.getByLabel(/^Landing page URL/).fill(`${SHOP}/calendar`);
    },
    async viewed(preview) {
      await expect(preview.getByText('Sunny Shoes deals').first()).toBeVisible();
      await expect(preview.getByText(`${SHOP}/calendar`)).toBeVisible();
    },
    edit: { field: /^Content feed name/, from: 'Sunny Shoes deals', to: 'Sunny Shoes weekly picks' },
  },
  {
    format: 'Gallery',
    id: 'gallery',
    async fill(page) {
      await page.getByLabel(/^Content feed name/).fill('Sunny Shoes lookbook');
      await page.getByLabel(/^Content feed URL/).fill(`${SHOP}/lookbook/feed`);
      await page.getByLabel(/^Provider website/).fill(SHOP);
      await page.getByLabel(/^Landing page URL/).fill(`${SHOP}/lookbook`);
    },
    async viewed(preview) {
      await expect(preview.getByText('Sunny Shoes lookbook')).toBeVisible();
      await expect(preview.getByText('sunnyshoes.example.com', { exact: true })).toBeVisible();
    },
    edit: { field: /^Content feed name/, from: 'Sunny Shoes lookbook', to: 'Sunny Shoes autumn' },
  },
  {
    format: 'In-Page Push',
    id: 'in-page',
    async fill(page) {
      await page.getByRole('combobox', { name: /^Skin$/ }).click();
      await page.getByRole('option', { name: 'Dark card' }).click();
      await page.getByLabel(/^Title/).fill('Your sandals ship free today');
      await page.getByLabel(/^Text/).fill('Order before 6 pm and wear them this weekend.');
      await uploadMedia(page, 'Icon', image('icon-192.png', 192, 192));
      await page.getByLabel(/^Landing page URL/).fill(`${SHOP}/sandals`);
    },
    async viewed(preview, page) {
      await expect(page.getByRole('cell', { name: 'Your sandals ship free today' })).toBeVisible();
      await expect(preview.getByText('Order before 6 pm and wear them this weekend.')).toBeVisible();
      await expect(preview.locator('img')).toHaveAttribute('src', MEDIA_SRC);
    },
    edit: { field: /^Title/, from: 'Your sandals ship free today', to: 'Free delivery on all sandals' },
    file: ['Icon', 'icon-192.png'],
  },
  {
    format: 'Notification Widget',
    id: 'notification-widget',
    async fill(page) {
      await page.getByLabel(/^Title/).fill('New arrivals: summer sandals');
      await page.getByLabel(/^Description/).fill('Twelve new styles, hand-stitched in Portugal.');
      await uploadMedia(page, 'Icon', image('icon-96.png', 96, 96));
      await page.getByLabel(/^Landing page URL/).fill(`${SHOP}/new`);
    },
    async viewed(preview, page) {
      await expect(page.getByRole('cell', { name: 'New arrivals: summer sandals' })).toBeVisible();
      await expect(preview.getByText('Twelve new styles, hand-stitched in Portugal.')).toBeVisible();
      await expect(preview.locator('img')).toHaveAttribute('src', MEDIA_SRC);
    },
    edit: { field: /^Title/, from: 'New arrivals: summer sandals', to: 'Back in stock: espadrilles' },
    file: ['Icon', 'icon-96.png'],
  },
];

// ---- steps ----

/** Clicks the form's submit button and waits for the ad's page; answers the ad's id. */
async function submit(page: Page, button: 'Create the ad' | 'Save the ad'): Promise<string> {
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(/\/ads\/\d+$/);
  return /\/ads\/(\d+)$/.exec(page.url())?.[1] as string;
}

/** A full-page screenshot from the top (scrolled, the sticky top bar and menu would be drawn over the form). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const c of FORMATS) {
  test(`${c.format}: create, view, edit and duplicate`, async ({ page, baseURL }) => {
    const name = `${c.format} summer ${Date.now()}`;
    const preview = previewOf(page);
    const field = page.getByLabel(c.edit.field);

    await startAd(page, baseURL, c.format);
    await page.getByLabel(/^Name/).fill(name);
    await c.fill(page);
    await screenshot(page, `${c.id}-form`);
    const id = await submit(page, 'Create the ad');
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText(new RegExp(`^#${id} · ${c.format}`))).toBeVisible();
    await c.viewed(preview, page);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/ads/${id}/edit$`));
    await expect(field).toHaveValue(c.edit.from);
    if (c.file) await expect(page.getByRole('group', { name: c.file[0], exact: true }).getByText(c.file[1])).toBeVisible();
    await field.fill(c.edit.to);
    expect(await submit(page, 'Save the ad')).toBe(id);
    await expect(preview.getByText(c.edit.to, { exact: true }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await expect(page.getByLabel(/^Name/)).toHaveValue(`${name} (copy)`);
    await expect(field).toHaveValue(c.edit.to);
    const copy = await submit(page, 'Create the ad');
    expect(copy).not.toBe(id);
    await expect(page.getByRole('heading', { name: `${name} (copy)` })).toBeVisible();
    await expect(preview.getByText(c.edit.to, { exact: true }).first()).toBeVisible();
  });
}

// A lookup that cannot be asked by ids (in-page-skin-groups) loads its list to name stored values: the form shows
// "Web" and "Dark card", not "web" and "2".
test('In-Page Push: the form names the skin group and the saved skin', async ({ page, baseURL }) => {
  const inPage = FORMATS.find((c) => c.id === 'in-page') as FormatCase;
  const lookup = (label: RegExp) => page.locator('.ap-lookup', { has: page.getByRole('combobox', { name: label }) });
  await startAd(page, baseURL, inPage.format);
  await page.getByLabel(/^Name/).fill(`In-page skins ${Date.now()}`);
  await inPage.fill(page);
  await submit(page, 'Create the ad');
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(lookup(/^Skin$/).getByText('Dark card', { exact: true })).toBeVisible();
  await expect(lookup(/^Skin group/).getByText('Web', { exact: true })).toBeVisible();
});
