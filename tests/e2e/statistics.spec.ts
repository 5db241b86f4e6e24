import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { parseCsv } from '../../engine/table/csv';
import { adnet, signInAsAdvertiser } from './support';

/**
 * The statistics screens end to end in Chromium, as the demo advertiser whose campaigns start with months of
 * generated statistics (server/areas/statistics): groupings, the date range and campaign filters (kept in the
 * address), CSV export, and the SSP screen.
 */

test.beforeEach(async ({ page, baseURL }) => {
  page.on('pageerror', (error) => console.log(`page error: ${error.message}\n${error.stack}`));
  await signInAsAdvertiser(page, baseURL, 'advertiser@adnet.test');
});

/** The report table's body rows, once it has loaded. */
async function reportRows(page: Page) {
  const table = page.locator('.schema-table table');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  return table.locator('tbody tr');
}

/** Today and a day `days` before it, `YYYY-MM-DD` in the browser's calendar (the page's default range uses it). */
function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test('groups by date, country and campaign', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/campaign-statistics`);
  await expect(page.getByRole('heading', { name: 'Statistics', exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`group=date&start=${day(-14)}&end=${day(0)}`));
  await expect(page.getByRole('columnheader', { name: 'Date' })).toBeVisible();
  const byDate = await reportRows(page);
  await expect(byDate.first()).toContainText(/\d{4}-\d{2}-\d{2}/);
  // Date descending, the set's default sort.
  const dates = await byDate.locator('td:first-child').allTextContents();
  expect(dates).toEqual([...dates].sort().reverse());
  await expect(page.locator('tfoot')).toContainText('Total');
  await expect(page.getByRole('img', { name: /^Cost per day/ })).toBeVisible();
  await expect(page.locator('.ap-metric-chart svg')).toBeVisible();
  await page.screenshot({ path: '/tmp/stats-shots/by-date.png', fullPage: true });

  await page.getByLabel('Group by').selectOption('country');
  await expect(page.getByRole('columnheader', { name: 'Country' })).toBeVisible();
  await expect(page).toHaveURL(/group=country/);
  const byCountry = await reportRows(page);
  await expect(byCountry.first().locator('td').first()).not.toHaveText(/\d{4}-/);
  expect(await byCountry.count()).toBeGreaterThan(1);

  await page.getByLabel('Group by').selectOption('campaign');
  await expect(page.getByRole('columnheader', { name: 'Campaign', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Reserved balance' })).toBeVisible();
  expect(await (await reportRows(page)).count()).toBeGreaterThan(0);

  // The chart follows the metric chosen.
  await page.getByLabel('Metric').selectOption('clicks');
  await expect(page.getByRole('img', { name: /^Clicks per day/ })).toBeVisible();
  await page.screenshot({ path: '/tmp/stats-shots/by-campaign.png', fullPage: true });
});

test('filters by date range and campaign, and the address keeps the report', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/campaign-statistics`);
  await reportRows(page);
  await page.getByLabel('From').fill(day(-3));
  await page.getByLabel('To').fill(day(-1));
  await expect(page).toHaveURL(new RegExp(`start=${day(-3)}&end=${day(-1)}`));
  await expect.poll(async () => (await reportRows(page)).locator('td:first-child').allTextContents()).toEqual([day(-1), day(-2), day(-3)]);

  // A start after the end is refused before any call, beside the field.
  await page.getByLabel('From').fill(day(0));
  await expect(page.getByText('The start date is after the end date.')).toBeVisible();
  await page.getByLabel('From').fill(day(-3));

  await page.getByLabel('Group by').selectOption('campaign');
  const all = await reportRows(page);
  await expect.poll(() => all.count()).toBeGreaterThan(1);
  // A campaign that has statistics in the range: the first row of the campaign grouping.
  const name = (await all.first().locator('td:nth-child(2)').textContent())!.trim();
  const filter = page.getByRole('button', { name: /^Campaigns/ });
  await filter.click();
  await page.getByRole('group', { name: 'Campaigns' }).locator('label', { hasText: name }).first().click();
  await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(filter).toContainText(name);
  await expect(page).toHaveURL(/campaigns=\d+/);
  await expect.poll(async () => (await reportRows(page)).locator('td:nth-child(2)').allTextContents()).toEqual([name]);

  // A reload opens the same report.
  await page.reload();
  await expect(page.getByLabel('Group by')).toHaveValue('campaign');
  await expect(page.getByLabel('From')).toHaveValue(day(-3));
  await expect(page.getByRole('button', { name: /^Campaigns/ })).toContainText(name);
  await expect.poll(async () => (await reportRows(page)).locator('td:nth-child(2)').allTextContents()).toEqual([name]);
});

test('exports the report as CSV', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/campaign-statistics?group=date&start=${day(-6)}&end=${day(0)}`);
  const rows = await reportRows(page);
  await expect(rows.first()).toContainText(/\d{4}-\d{2}-\d{2}/);
  const shown = await rows.count();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`statistics-date-${day(-6)}-${day(0)}.csv`);
  const text = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const csv = parseCsv(text);
  expect(csv[0]).toEqual(['Date', 'Cost', 'Impressions', 'Clicks', 'Video views', 'CTR', 'Conversions', 'Payouts']);
  expect(csv).toHaveLength(shown + 2);
  expect(csv[1][0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(csv[1][1]).toMatch(/^\d+\.\d{4}$/);
  expect(csv.at(-1)?.[0]).toBe('Total');
});

test('the SSP statistics screen loads', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/ssp-statistics`);
  await expect(page.getByRole('heading', { name: 'SSP statistics' })).toBeVisible();
  await expect(page).toHaveURL(/group=ssp-date/);
  await expect(page.getByRole('columnheader', { name: 'Requests' })).toBeVisible();
  await reportRows(page);
  await expect(page.getByText('Could not load the data')).toBeHidden();
  // The series' cost is what the SSP tables call spend.
  await expect(page.getByRole('img', { name: /^Spend per day/ })).toBeVisible();
  await page.getByRole('button', { name: /^Supply side platforms/ }).click();
  await expect(page.getByRole('group', { name: 'Supply side platforms' }).getByRole('checkbox').first()).toBeVisible();
});

test('blacklists a site from the by-site report of one campaign, after asking', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/campaigns`);
  await page.getByRole('link', { name: 'Germany · weekends', exact: true }).click();
  const id = /\/campaigns\/(\d+)$/.exec(page.url())?.[1];
  expect(id).toBeTruthy();

  await page.goto(`${adnet(baseURL)}/campaign-statistics?group=site&start=${day(-30)}&end=${day(0)}`);
  await expect(page.getByText('Choose one campaign in the filter to blacklist sites from this report.')).toBeVisible();
  await page.goto(`${adnet(baseURL)}/campaign-statistics?group=site&start=${day(-30)}&end=${day(0)}&campaigns=${id}`);
  const rows = await reportRows(page);
  const first = rows.first();
  const domain = (await first.locator('td').first().locator('span > span').first().textContent())!;
  expect(domain).toMatch(/\./);
  await first.getByRole('button', { name: `Blacklist ${domain} in campaign Germany · weekends` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Stop buying ${domain} in campaign “Germany · weekends”?`);
  await dialog.getByRole('button', { name: 'Blacklist' }).click();
  await expect(page.getByText(`Campaign “Germany · weekends” no longer buys ${domain}.`)).toBeVisible();
  await expect(first.getByText('Blacklisted')).toBeVisible();
  await page.screenshot({ path: '/tmp/stats-shots/blacklisted.png', fullPage: true });

  // The campaign's targeting has it now.
  const targets = await page.evaluate(async (campaign) => {
    const api = '/api/private/v1';
    const signedIn = await fetch(`${api}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'advertiser@adnet.test', password: 'demo1234' }) });
    const authorization = signedIn.headers.get('authorization') ?? '';
    return (await (await fetch(`${api}/campaigns/${campaign}`, { headers: { authorization } })).json()).data.targets.site as { accept?: boolean; sites?: number[] };
  }, id);
  expect(targets.accept).toBe(false);
  expect(targets.sites?.length).toBeGreaterThan(0);
});

test('the chart tooltip names the day as the axis does', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/campaign-statistics?group=date&start=${day(-14)}&end=${day(0)}`);
  const chart = page.locator('.ap-metric-chart svg').first();
  await expect(chart).toBeVisible();
  const box = (await chart.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const tooltip = page.locator('.ap-metric-chart').getByText(/^[A-Z][a-z]{2} \d{1,2}$/);
  await expect(tooltip.first()).toBeVisible();
  await expect(page.locator('.ap-metric-chart').getByText(/GMT/)).toHaveCount(0);
});

test('compares the top campaigns as separate lines, by keyboard, and the address keeps it', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/campaign-statistics?group=campaign&start=${day(-14)}&end=${day(0)}&metric=impressions`);
  const rows = await reportRows(page);
  expect(await rows.count()).toBeGreaterThan(0);
  const names = await rows.locator('td:nth-child(2)').allTextContents();

  const toggle = page.getByRole('checkbox', { name: 'Compare top rows' });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/compare=5/);
  const legend = page.getByRole('list', { name: 'Chart legend' });
  await expect(legend).toBeVisible();
  const items = legend.getByRole('listitem');
  const shown = await items.count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(5);
  // The legend names the rows as the table does.
  for (const text of await items.allTextContents()) expect(names).toContain(text);
  await expect(page.getByRole('img', { name: /^Impressions per day, top \d+ \(By campaign\)/ })).toBeVisible();
  await expect(page.locator('.ap-series-chart svg')).toBeVisible();

  await page.getByLabel('Show', { exact: true }).selectOption('3');
  await page.getByRole('checkbox', { name: 'Add the rest as “Other”' }).check({ force: true });
  await expect(page).toHaveURL(/compare=3&other=1/);
  if (names.length > 3) await expect(items.last()).toHaveText('Other');
  await page.screenshot({ path: '/tmp/stats-shots/compare.png', fullPage: true });

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Compare top rows' })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Chart legend' })).toBeVisible();
  // Days are not compared: the plain chart is back.
  await page.getByLabel('Group by').selectOption('date');
  await expect(page.getByRole('checkbox', { name: 'Compare top rows' })).toHaveCount(0);
  await expect(page.getByRole('img', { name: /^Impressions per day/ })).toBeVisible();
});

test("an ad's page shows its last 14 days and opens the statistics filtered to it", async ({ page, baseURL }) => {
  // The demo ad of the campaign with the most impressions in the last 14 days (this spec signs in the demo advertiser).
  const ad = await page.evaluate(async () => {
    const api = '/api/private/v1';
    const signedIn = await fetch(`${api}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'advertiser@adnet.test', password: 'demo1234' }) });
    const headers = { authorization: signedIn.headers.get('authorization') ?? '' };
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const report = await (await fetch(`${api}/campaign-statistics?group=campaign&start_date=${day(-13)}&end_date=${day(-1)}`, { headers })).json();
    const top = [...report.data].sort((a: { impressions: number }, b: { impressions: number }) => b.impressions - a.impressions)[0] as { campaign_id: number };
    return (await (await fetch(`${api}/campaigns/${top.campaign_id}`, { headers })).json()).data.ad as { id: number; name: string };
  });
  await page.goto(`${adnet(baseURL)}/ads/${ad.id}`);
  const tiles = page.getByRole('group', { name: 'Metric shown in the chart' });
  await expect(tiles.getByRole('button', { name: /^Impressions\s*[\d,]+$/ })).toBeVisible();
  await expect(tiles.getByRole('button', { name: /^Spend\s*\$[\d,]+\.\d{2}$/ })).toBeVisible();
  await expect(tiles.getByRole('button', { name: /^CTR\s*[\d.]+%$/ })).toBeVisible();
  await tiles.getByRole('button', { name: /^Clicks/ }).click();
  await expect(page.getByRole('img', { name: 'Clicks per day, last 14 days' })).toBeVisible();
  await page.screenshot({ path: '/tmp/stats-shots/ad-view.png', fullPage: true });

  await page.getByRole('button', { name: 'Open in statistics' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaign-statistics\\?group=date&start=[\\d-]+&end=[\\d-]+&ads=${ad.id}&metric=clicks`));
  await expect(page.getByRole('button', { name: /^Ads/ })).toContainText(ad.name);
  await expect(page.locator('.schema-table table tbody tr').first()).toContainText(/\d{4}-\d{2}-\d{2}/);
});
