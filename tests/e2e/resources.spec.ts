import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import { adnet, pick, signInAsAdvertiser } from './support';

/**
 * The areas built on the resource engine, in Chromium on the demo data: feeds, RTB networks, RTB endpoints (with a
 * real test bid request to the local echo bidder Playwright starts) and traffic providers; confirmations, errors under
 * their fields, another user's objects, every language; and a resource that exists only as JSON.
 */

const SHOTS = 'test-results/resources-shots';
const ADVERTISER = 'advertiser@adnet.test';
const OTHER = 'company@adnet.test';
const BIDDER = process.env.E2E_BIDDER_URL ?? 'http://127.0.0.1:8192/bid';

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => console.log(`page error: ${error.message}\n${error.stack}`));
  page.on('console', (m) => m.type() === 'error' && console.log(`console: ${m.text()}`));
});

const sidebar = (page: Page) => page.locator('nav[aria-label]').filter({ has: page.locator('[data-entry]') });
const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true });

/** Sets a Blueprint switch: its input is visually hidden under the drawn indicator, which takes the click. */
async function setSwitch(page: Page, label: RegExp, on: boolean) {
  const input = page.getByRole('checkbox', { name: label }).or(page.getByRole('switch', { name: label }));
  if ((await input.isChecked()) !== on) await page.locator('label', { has: input }).click();
  await expect(input).toBeChecked({ checked: on });
}

test('feeds: the list keeps its filter in the URL; a new feed shows errors under its fields and keeps what was typed; pause in place; delete only after confirming', async ({ page, baseURL }) => {
  await signInAsAdvertiser(page, baseURL, ADVERTISER);
  await sidebar(page).locator('[data-entry="feeds"]').click();
  await expect(page).toHaveURL(/\/feeds$/);
  await expect(page.getByRole('heading', { name: 'Feeds', level: 2 })).toBeVisible();
  await expect(row(page, 'Main content feed')).toBeVisible();

  await page.getByRole('combobox', { name: 'Status' }).selectOption('paused');
  await expect(page).toHaveURL(/\/feeds\?status=paused$/);
  await expect(row(page, 'Holiday promo feed')).toBeVisible();
  await expect(row(page, 'Main content feed')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('paused');
  await expect(row(page, 'Main content feed')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).selectOption('');
  await shot(page, 'feeds-list');

  await page.getByRole('button', { name: 'Add a feed' }).click();
  await expect(page).toHaveURL(/\/feeds\/create$/);
  await page.getByLabel(/^Name/).fill('Main content feed');
  await page.getByLabel(/^Feed URL/).fill('https://news.example.com/rss.xml');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('You already have a feed with this name.')).toBeVisible();
  await expect(page.getByLabel(/^Feed URL/)).toHaveValue('https://news.example.com/rss.xml');
  await shot(page, 'feeds-form-error');
  await page.getByLabel(/^Name/).fill('News feed');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/feeds\/\d+$/);
  await expect(page.getByRole('heading', { name: 'News feed' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://news.example.com/rss.xml' })).toHaveAttribute('target', '_blank');

  await page.getByRole('button', { name: 'Pause: News feed' }).click();
  await expect(page.getByRole('cell').getByText('Paused', { exact: true })).toBeVisible();
  await shot(page, 'feeds-view');

  await page.getByRole('button', { name: 'Back to Feeds' }).click();
  const news = row(page, 'News feed');
  await expect(news.getByText('Paused')).toBeVisible();
  await news.getByRole('button', { name: 'Delete: News feed' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete the feed “News feed”?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(news).toBeVisible();
  await news.getByRole('button', { name: 'Delete: News feed' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'News feed')).toHaveCount(0);
});

test('RTB: the landing shows networks and endpoints; a network request groups its errors by field; a test bid request reaches the echo bidder, and a metadata address is refused', async ({ page, baseURL }) => {
  await signInAsAdvertiser(page, baseURL, ADVERTISER);
  await sidebar(page).locator('[data-entry="rtb"]').click();
  await expect(page).toHaveURL(/\/rtb$/);
  await expect(page.getByRole('link', { name: 'Northstar DSP' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'EU bidder' })).toBeVisible();
  await shot(page, 'rtb-landing');

  await page.getByRole('button', { name: 'Register a network' }).click();
  await page.getByLabel(/^DSP or company name/).fill('Orbit Bidding');
  await page.getByLabel(/^Website/).fill('https://orbit-bidding.example.com');
  await pick(page, /^Ad formats/, ['Popunder']);
  await page.getByLabel(/^Platform/).selectOption({ label: 'All platforms' });
  await page.getByLabel(/^Server location/).selectOption({ label: 'EU Central' });
  // Neither OpenRTB nor XML: the server refuses, and its error (grouped as openRtb) shows under the OpenRTB switch.
  await setSwitch(page, /^OpenRTB/, false);
  await setSwitch(page, /^XML/, false);
  await page.getByRole('button', { name: 'Send for review' }).click();
  // The error stands in the OpenRTB switch's own field (with its help text), not in the form's header.
  await expect(page.locator('.rjsf-field-error').filter({ hasText: 'Turn on OpenRTB, XML or both.' }).last()).toContainText('Your bidder takes OpenRTB bid requests');
  await expect(page.getByLabel(/^DSP or company name/)).toHaveValue('Orbit Bidding');
  await shot(page, 'rtb-network-error');
  await setSwitch(page, /^OpenRTB/, true);
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page).toHaveURL(/\/rtb\/network\/\d+$/);
  await expect(page.getByText('Under review')).toBeVisible();

  await page.goto(`${adnet(baseURL)}/rtb/endpoints/create`);
  await page.getByLabel(/^Name/).fill('Echo bidder');
  await page.getByLabel(/^Bid request URL/).fill(BIDDER);
  await pick(page, /^Ad formats/, ['Popunder']);
  await page.getByLabel(/^Server location/).selectOption({ label: 'EU West' });
  await page.getByLabel(/^Queries per second/).fill('100');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/rtb\/endpoints\/\d+$/);
  const endpointUrl = page.url();

  await page.getByRole('button', { name: 'Send a test bid request: Echo bidder' }).click();
  const result = page.getByRole('dialog', { name: 'Test bid request' });
  await expect(result).toContainText('A valid bid');
  await expect(result).toContainText('200');
  await shot(page, 'rtb-endpoint-test');
  await result.getByRole('button', { name: 'Close' }).last().click();
  await expect(page.getByRole('cell', { name: 'A valid bid', exact: true })).toBeVisible();

  // The URL is the user's: one that points at the cloud metadata service is refused before any call.
  await page.goto(endpointUrl.replace(/\/rtb\/endpoints\/(\d+)$/, '/rtb/endpoints/edit/$1'));
  await page.getByLabel(/^Bid request URL/).fill('http://169.254.169.254/latest/meta-data');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/rtb\/endpoints\/\d+$/);
  await page.getByRole('button', { name: 'Send a test bid request: Echo bidder' }).click();
  await expect(page.getByRole('dialog', { name: 'Test bid request' })).toContainText('Not allowed');
});

test('traffic providers: refused past the plan, created within it through the form, then a bulk pause reports what it did and what it skipped, and why', async ({ page, baseURL }) => {
  await signInAsAdvertiser(page, baseURL, ADVERTISER);
  await sidebar(page).locator('[data-entry="providers"]').click();
  await expect(page).toHaveURL(/\/providers$/);
  await expect(row(page, 'Lighthouse Exchange')).toBeVisible();

  await page.getByRole('button', { name: 'Add a traffic provider' }).click();
  await expect(page).toHaveURL(/\/provider\/create$/);
  await page.getByLabel(/^Name/).fill('Harbor RTB');
  await page.getByText('OpenRTB', { exact: true }).click();
  await page.getByLabel(/^Endpoint URL/).fill('https://rtb.harbor.example.com/bid');
  await page.getByLabel(/^Pricing/).selectOption({ index: 1 });
  await page.getByLabel(/^Vertical/).selectOption({ index: 1 });
  await pick(page, /^SSP formats/, ['Native']);
  // The demo advertiser's Growth plan takes fewer than 5,000 requests per second, and its two running providers take
  // 4,500: a provider of 1,000 more is refused, saying why, with the form kept as typed.
  await page.getByLabel(/^QPS limit/).fill('1000');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(/Your Growth plan allows fewer than 5000 requests per second; with this provider your active providers would take up to 5500\./).first()).toBeVisible();
  await expect(page).toHaveURL(/\/provider\/create$/);
  await expect(page.getByLabel(/^Name/)).toHaveValue('Harbor RTB');
  await shot(page, 'providers-form-refused');
  await page.getByLabel(/^QPS limit/).fill('400');
  await shot(page, 'providers-form');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/provider\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Harbor RTB' })).toBeVisible();

  await page.goto(`${adnet(baseURL)}/providers`);
  // Blueprint draws the box over its input: the label takes the click.
  await row(page, 'Harbor RTB').locator('label', { has: page.getByRole('checkbox') }).click();
  await row(page, 'Nightowl Traffic').locator('label', { has: page.getByRole('checkbox') }).click();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('toolbar', { name: 'Actions on the selected rows' }).getByRole('button', { name: 'Pause' }).click();
  const report = page.getByRole('dialog', { name: 'Pause: results' });
  await expect(report).toContainText('1 row done.');
  await expect(report).toContainText('Nightowl Traffic: skipped, because it is Paused.');
  await shot(page, 'providers-bulk-report');
  await report.getByRole('button', { name: 'Close' }).last().click();
  await expect(row(page, 'Harbor RTB').getByText('Paused')).toBeVisible();
});

test('another user’s feed, endpoint, network and provider are "not found", never shown', async ({ page, baseURL, browser }) => {
  await signInAsAdvertiser(page, baseURL, ADVERTISER);
  const ids: string[] = [];
  for (const [list, name] of [['/feeds', 'Main content feed'], ['/rtb/endpoints', 'EU bidder'], ['/rtb/network', 'Northstar DSP'], ['/providers', 'Lighthouse Exchange']]) {
    await page.goto(`${adnet(baseURL)}${list}`);
    ids.push((await page.getByRole('link', { name, exact: true }).getAttribute('href')) ?? '');
  }
  const other = await browser.newPage();
  await signInAsAdvertiser(other, baseURL, OTHER);
  for (const [path, item] of [[ids[0], 'Feed'], [ids[1].replace(/\/(\d+)$/, '/edit/$1'), 'RTB endpoint'], [ids[2], 'RTB network'], [ids[3], 'Traffic provider']]) {
    await other.goto(`${adnet(baseURL)}${path}`);
    await expect(other.getByText(new RegExp(`^${item} not found`))).toBeVisible();
  }
  await other.close();
});

const LOCALES = ['ru', 'es', 'de', 'jp'] as const;
const messages = (locale: string) => JSON.parse(readFileSync(join('src', 'locales', locale, 'resources.json'), 'utf8')) as Record<string, string>;

test('every resource page speaks the user’s language', async ({ page, baseURL }) => {
  // Four languages, five full page loads each: more than the default 30 s on two busy cores.
  test.setTimeout(120_000);
  await signInAsAdvertiser(page, baseURL, ADVERTISER);
  for (const locale of LOCALES) {
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    const t = messages(locale);
    for (const [path, id] of [['/feeds', 'feeds'], ['/providers', 'traffic-providers'], ['/rtb/endpoints', 'rtb-endpoints'], ['/rtb/network', 'rtb-networks']]) {
      await page.goto(`${adnet(baseURL)}${path}`);
      await expect(page.getByRole('heading', { level: 2, name: t[`resource.${id}.title`] })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: t[`resource.${id}.columns.id`] === 'ID' ? /ID/ : t[`resource.${id}.columns.id`] }).first()).toBeVisible();
    }
    await page.goto(`${adnet(baseURL)}/feeds`);
    await page.getByRole('button', { name: new RegExp(`^${t['resource.feeds.actions.delete.title']}`) }).first().click();
    await expect(page.getByRole('alertdialog')).toContainText(t['resource.feeds.actions.delete.confirm'].split('{name}')[0].trim());
    await page.getByRole('alertdialog').getByRole('button', { name: t['resources.cancel'] }).click();
    await shot(page, `feeds-${locale}`);
  }
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
});

/** The fixture's API, answered by the test: the server knows nothing of bookmarks, and the panel needs no code for them. */
function serveBookmarks(page: Page) {
  const rows = [
    { id: 1, name: 'Docs', address: 'https://docs.example.com', state: 'kept' },
    { id: 2, name: 'Old news', address: 'https://news.example.com', state: 'archived' },
  ];
  return page.route('**/api/private/v1/bookmarks**', async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    const id = Number(url.pathname.split('/').at(-1));
    const json = (body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
    if (request.method() === 'GET' && url.pathname.endsWith('/bookmarks')) {
      const state = url.searchParams.getAll('state[]').concat(url.searchParams.getAll('state'));
      const list = rows.filter((r) => !state.length || state.includes(r.state));
      return json({ data: list, recordsFiltered: list.length });
    }
    if (request.method() === 'POST' && url.pathname.endsWith('/bookmarks')) {
      const created = { ...(request.postDataJSON() as object), id: rows.length + 1, state: 'kept' } as (typeof rows)[number];
      rows.push(created);
      return json({ data: created }, 201);
    }
    const found = rows.find((r) => r.id === id);
    if (request.method() === 'GET' && found) return json({ data: found });
    return json({ message: 'Not found' }, 404);
  });
}

test('a resource that exists only as JSON (tests/fixtures/resources/bookmarks) has its menu entry, list, form and view', async ({ page, baseURL }) => {
  await serveBookmarks(page);
  await signInAsAdvertiser(page, baseURL, ADVERTISER);
  const entry = sidebar(page).locator('[data-entry="bookmarks"]');
  await expect(entry).toHaveText(/Bookmarks/);
  await entry.click();
  await expect(page).toHaveURL(/\/bookmarks$/);
  await expect(page.getByRole('heading', { name: 'Bookmarks', level: 2 })).toBeVisible();
  await expect(row(page, 'Docs')).toBeVisible();
  await expect(row(page, 'Old news').getByText('Archived')).toBeVisible();
  await shot(page, 'fixture-list');

  await page.getByRole('button', { name: 'New bookmark' }).click();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByLabel(/^Title/)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(/^Title/).fill('Shop');
  await page.getByLabel(/^Address/).fill('https://shop.example.com');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/bookmarks\/3$/);
  await expect(page.getByRole('heading', { name: 'Shop' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://shop.example.com' })).toBeVisible();
  await shot(page, 'fixture-view');
});
