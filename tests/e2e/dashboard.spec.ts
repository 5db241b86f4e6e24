import { expect, test } from '@playwright/test';
import { adnet, signInAsAdvertiser } from './support';

/**
 * The dashboard and the traffic chart in Chromium, as the demo advertiser who has campaigns and months of statistics
 * (server/db/seed*.ts). Screenshots of both pages go to test-results/ for a look.
 */

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? 'test-results';

test.beforeEach(async ({ page, baseURL }) => {
  page.on('pageerror', (error) => console.log(`page error: ${error.message}\n${error.stack}`));
  await signInAsAdvertiser(page, baseURL, 'advertiser@adnet.test');
});

test('the dashboard shows costs, campaign counts, balance, a chart and the campaign table', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();

  // Spend, balance and reserve as money: the network's currency sign and 2 decimals.
  for (const id of ['today', 'yesterday', 'currentMonth', 'previousMonth']) {
    await expect(page.getByTestId(`cost-${id}`)).toHaveText(/^\$[\d,]+\.\d{2}$/);
  }
  await expect(page.getByTestId('dashboard-balance')).toHaveText(/^-?\$[\d,]+\.\d{2}$/);
  await expect(page.getByTestId('dashboard-reserved')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  const total = Number((await page.getByTestId('campaigns-total').textContent())?.replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);
  const active = Number((await page.getByTestId('campaigns-active').textContent())?.replace(/\D/g, ''));
  const paused = Number((await page.getByTestId('campaigns-paused').textContent())?.replace(/\D/g, ''));
  expect(active + paused).toBeLessThanOrEqual(total);

  // The chart of the last 14 days, switchable, with the way to the statistics screen.
  const chart = page.getByTestId('dashboard-chart');
  await expect(chart.getByRole('img', { name: /^Cost per day/ })).toBeVisible();
  await expect(chart.locator('svg').first()).toBeVisible();
  await chart.getByRole('radio', { name: 'Clicks' }).click();
  await expect(chart.getByRole('img', { name: /^Clicks per day/ })).toBeVisible();
  await expect(chart.getByRole('button', { name: 'Open statistics' })).toHaveAttribute('href', '/campaign-statistics');

  // This week's spend, day by day, with its total.
  await expect(page.getByTestId('week-total')).toHaveText(/^\$[\d,]+\.\d{2}$/);

  // The campaign table, as /campaigns lists it.
  const table = page.getByTestId('dashboard-campaigns');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  expect(await table.getByRole('link').filter({ hasNotText: 'All campaigns' }).count()).toBeGreaterThan(0);

  // The network's news (its config's posts), newest first, each opening in a new tab, and the way to its blog.
  const posts = page.getByTestId('dashboard-posts');
  await expect(posts.getByRole('listitem').first().getByRole('link')).toHaveText('Native ads are live in 40 more countries');
  await expect(posts.getByRole('link', { name: 'Native ads are live in 40 more countries' })).toHaveAttribute('target', '_blank');
  await expect(posts.getByText('November 18, 2026')).toBeVisible();
  await expect(posts.getByRole('link', { name: 'All posts' })).toHaveAttribute('href', 'https://blog.adnet.example.com/');
  await page.screenshot({ path: `${SCREENSHOTS}/dashboard.png`, fullPage: true });

  // A count opens the campaigns it counts.
  await page.getByRole('link', { name: /^Paused/ }).click();
  await expect(page).toHaveURL(/\/campaigns\?status=paused$/);
  await expect(page.getByRole('combobox', { name: 'Status' }).or(page.getByLabel('Status', { exact: true }))).toHaveValue('paused');
});

test('the dashboard shows a narrow screen with its cards wrapped', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 420, height: 900 });
  await page.goto(`${adnet(baseURL)}/dashboard`);
  await expect(page.getByTestId('cost-today')).toHaveText(/\$/);
  await expect(page.getByTestId('dashboard-chart').locator('svg').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/dashboard-narrow.png`, fullPage: true });
});

test('the traffic chart loads countries and resets the pricing model when the format does not allow it', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/traffic-chart`);
  await expect(page.getByRole('heading', { name: 'Traffic chart', level: 2 })).toBeVisible();
  const format = page.getByLabel('Ad format');
  const pricing = page.getByRole('radiogroup', { name: 'Pricing model' });

  // Banner sells CPM and CPC: pick CPC, then the rows of every country.
  await format.selectOption({ label: 'Banner' });
  await pricing.getByRole('radio', { name: 'CPC', exact: true }).click();
  await expect(pricing.getByRole('radio', { name: 'CPC', exact: true })).toHaveAttribute('aria-checked', 'true');
  const chart = page.getByTestId('traffic-chart');
  await expect(chart).toHaveAttribute('aria-busy', 'false');
  const rows = page.getByRole('region', { name: 'Traffic by country' }).or(page.locator('[aria-labelledby="traffic-table-title"]')).getByRole('row');
  await expect.poll(() => rows.count()).toBeGreaterThan(3);
  await expect(chart.locator('svg').first()).toBeVisible();
  const everywhere = Number((await page.getByTestId('traffic-total-available').textContent())?.replace(/\D/g, ''));
  expect(everywhere).toBeGreaterThan(0);
  await page.screenshot({ path: `${SCREENSHOTS}/traffic-chart-all.png`, fullPage: true });

  // Popunder has no CPC: the pricing model goes back to its first allowed one.
  await format.selectOption({ label: 'Popunder' });
  await expect(pricing.getByRole('radio', { name: 'CPM', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(pricing.getByRole('radio', { name: 'CPC', exact: true })).toHaveCount(0);

  // Countries narrow the traffic (the campaign form's country lookup).
  const countries = page.getByRole('combobox', { name: 'Countries' });
  for (const name of ['Germany', 'France']) {
    await countries.click();
    await countries.fill(name.slice(0, 4));
    await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
  }
  await countries.press('Escape');
  await expect.poll(async () => Number((await page.getByTestId('traffic-total-countries').textContent())?.replace(/\D/g, ''))).toBe(2);
  await expect(chart).toHaveAttribute('aria-busy', 'false');
  expect(Number((await page.getByTestId('traffic-total-available').textContent())?.replace(/\D/g, ''))).toBeLessThan(everywhere);

  // Premium sites on shows its picker; off clears it.
  const premium = page.getByRole('switch', { name: 'Premium sites only' });
  const premiumLabel = page.locator('label', { hasText: 'Premium sites only' });
  await premiumLabel.click();
  await expect(premium).toBeChecked();
  const sites = page.getByRole('combobox', { name: 'Premium sites' });
  await sites.click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await sites.press('Escape');
  await expect(page.locator('.ap-lookup').nth(1).locator('.bp6-tag')).toHaveCount(1);
  await expect(chart).toHaveAttribute('aria-busy', 'false');
  await premiumLabel.click();
  await expect(premium).not.toBeChecked();
  await expect(sites).toHaveCount(0);
  // On again: the sites chosen before are gone.
  await premiumLabel.click();
  await expect(page.locator('.ap-lookup').nth(1).locator('.bp6-tag')).toHaveCount(0);
  await premiumLabel.click();

  // A price changes what is won; a malformed one is named and not sent.
  await page.getByLabel(/^Price/).fill('abc');
  await expect(page.getByText(/Enter a price such as/)).toBeVisible();
  const won = async () => Number((await page.getByTestId('traffic-total-impressions').textContent())?.replace(/\D/g, ''));
  const atRecommended = await won();
  await page.getByLabel(/^Price/).fill('50');
  await expect(chart.getByText('Won at your price')).toBeVisible();
  await expect(chart).toHaveAttribute('aria-busy', 'false');
  expect(await won()).toBeGreaterThan(atRecommended);
  await page.screenshot({ path: `${SCREENSHOTS}/traffic-chart.png`, fullPage: true });
});
