import { expect, test, type Page } from '@playwright/test';
import { adnet, PASSWORD, signInAsAdvertiser } from './support';

/**
 * Campaign settings that act (server/areas/campaigns/delivery.ts and lifecycle.ts), in Chromium, as the demo
 * advertiser whose campaigns have bought traffic for weeks: a limit already passed stops the campaign the moment it
 * is saved, and a start date in the future makes it wait; its page, status and the table say why.
 */

test.beforeEach(async ({ page, baseURL }) => {
  page.on('pageerror', (error) => console.log(`page error: ${error.message}\n${error.stack}`));
  await signInAsAdvertiser(page, baseURL, 'advertiser@adnet.test');
});

const delivery = (page: Page) => page.getByRole('status', { name: 'Delivery' });

/** What the campaign has bought in all (the statistics by campaign over the demo's 90 days), asked from the page. */
async function bought(page: Page, name: string) {
  const rows = await page.evaluate(async (password) => {
    const api = '/api/private/v1';
    const signedIn = await fetch(`${api}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'advertiser@adnet.test', password }) });
    const authorization = signedIn.headers.get('authorization') ?? '';
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const query = new URLSearchParams({ start_date: day(Date.now() - 120 * 86_400_000), end_date: day(Date.now()), group: 'campaign' });
    const report = await fetch(`${api}/campaign-statistics?${query}`, { headers: { authorization } });
    return (await report.json()).data as { campaign: string; impressions: number; clicks: number; cost: string }[];
  }, PASSWORD);
  const row = rows.find((r) => r.campaign === name)!;
  return { impressions: Number(row.impressions), clicks: Number(row.clicks), money: Number(row.cost) };
}

test('a total limit it has already bought stops the campaign: the page, its status and the table say so', async ({ page, baseURL }) => {
  const name = 'Europe · evergreen';
  await page.goto(`${adnet(baseURL)}/campaigns`);
  const figures = await bought(page, name);
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel(/^Name/)).toHaveValue(name);
  // The lowest total limit the network takes, of a type the pricing model offers and the campaign has bought past.
  const limits = [
    { type: 'impressions', label: 'Impressions', total: 1000 },
    { type: 'clicks', label: 'Clicks', total: 100 },
    { type: 'money', label: 'Money', total: 20 },
  ] as const;
  let chosen: (typeof limits)[number] | undefined;
  // The radio widget loads its code on first use: count the offered types once it is there (money always is).
  await expect(page.getByRole('radio', { name: 'Money', exact: true })).toBeAttached();
  for (const limit of limits) {
    if (figures[limit.type] >= limit.total && (await page.getByRole('radio', { name: limit.label, exact: true }).count())) {
      chosen = limit;
      break;
    }
  }
  expect(chosen, `bought ${JSON.stringify(figures)}`).toBeDefined();
  await page.getByRole('radio', { name: chosen!.label, exact: true }).check({ force: true });
  await page.getByLabel(/^Hourly/).fill('');
  await page.getByLabel(/^Daily/).fill('');
  await page.getByLabel(/^Total/).fill(String(chosen!.total));
  await page.getByRole('button', { name: 'Save campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);

  const what = chosen!.type;
  await expect(delivery(page)).toHaveText(`Its total ${what} limit is reached: raise the limit to buy more.`);
  await expect(page.getByText(`Total ${what} limit reached`)).toBeVisible();
  await page.goto(`${adnet(baseURL)}/campaigns`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toContainText(`Total ${what} limit reached`);
});

test('a campaign given a later start date waits for it: the page names the first hour its schedule opens', async ({ page, baseURL }) => {
  const start = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`${adnet(baseURL)}/campaigns`);
  await page.getByRole('link', { name: 'US and Canada · mobile', exact: true }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel(/^Name/)).toHaveValue('US and Canada · mobile');
  await page.getByLabel(/^Runs from/).fill(start);
  await page.getByRole('button', { name: 'Save campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);

  const day = new Date(`${start}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  await expect(delivery(page)).toHaveText(`Scheduled: it starts buying on ${day}, 12:00 AM UTC.`);
  await expect(page.getByRole('row', { name: /^Runs/ })).toContainText(`${day} – no end date`);
  await expect(page.getByRole('row', { name: /^Schedule/ })).toContainText('Every hour');
});
