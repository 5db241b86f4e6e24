import { expect, test, type Page } from '@playwright/test';
import { adnet, PASSWORD, signInAsAdvertiser } from './support';

/**
 * The marketplace in Chromium on the demo network: sites beside deals, filters, a site report with its charts, a deal
 * priced by the server as the amount is typed, the application with its PDF, and staff approval holding the price.
 */

const SHOTS = 'test-results/marketplace-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true });

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => console.log(`page error: ${error.message}\n${error.stack}`));
  page.on('console', (m) => m.type() === 'error' && console.log(`console: ${m.text()}`));
});

test('find a deal by filters, read its site report, price it, apply, download the PDF, and see staff approval hold the price', async ({ page, request, baseURL }) => {
  await signInAsAdvertiser(page, baseURL, 'advertiser@adnet.test');
  await page.getByRole('link', { name: 'Marketplace' }).first().click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page.getByRole('heading', { name: 'Marketplace', level: 2 })).toBeVisible();
  const sites = page.getByRole('region', { name: 'Sites' }).or(page.locator('section[aria-labelledby="marketplace-sites-title"]'));
  await expect(sites.getByRole('button', { name: /^Site report of / }).first()).toBeVisible();

  // The report of a site: its facts (a dash where unknown) and its audience as charts, closed with Escape.
  await sites.getByRole('button', { name: /^Site report of / }).first().click();
  const report = page.locator('article', { has: page.getByText('Audience by age', { exact: true }) });
  await expect(report.getByText('Top countries', { exact: true })).toBeVisible();
  await expect(report.locator('svg').first()).toBeVisible();
  await shot(page, 'site-report');
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();

  // Filters: banner deals that are available; every card says Banner.
  await page.getByLabel('Ad format').selectOption({ label: 'Banner' });
  await setAvailableOnly(page);
  const cards = page.locator('section[aria-labelledby="marketplace-deals-title"] li a');
  await expect(async () => {
    const texts = await cards.allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain('Banner');
  }).toPass();
  await shot(page, 'marketplace');

  // The deal: the server prices the amount typed; the price follows it.
  await cards.first().click();
  await expect(page).toHaveURL(/\/flat-deal\/\d+$/);
  const price = page.getByTestId('deal-price');
  await expect(price).toHaveText(/\$\d/);
  const amount = page.getByLabel('Amount');
  const before = await price.innerText();
  const priced = page.waitForResponse((r) => /\/flat-deals\/\d+\/price$/.test(r.url()) && r.status() === 200);
  await amount.fill(String(Number((await amount.inputValue()).replace(/\D/g, '')) * 2));
  await priced;
  await expect(price).not.toHaveText(before);
  await expect(page.getByRole('heading', { name: 'Similar deals' })).toBeVisible();
  await shot(page, 'deal');

  // The application, in the empty layout, then its confirmation with the PDF.
  await page.getByRole('button', { name: 'Apply for this package' }).click();
  await expect(page).toHaveURL(/\/flat-deal\/\d+\/offer/);
  await expect(page.getByRole('heading', { name: 'Apply for a flat deal' })).toBeVisible();
  // The form prices the package it holds, as the server will.
  await expect(page.getByTestId('offer-price')).toHaveText(/^Price of this package: \$\d/);
  await page.getByLabel('Note for our team').fill('Reach me on Telegram @alex');
  await shot(page, 'offer');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText('Your application is sent')).toBeVisible();
  await expect(page).toHaveURL(/application=\d+/);
  const applicationId = Number(new URL(page.url()).searchParams.get('application'));
  await expect(page.getByRole('heading', { name: `FD-${applicationId}` })).toBeVisible();
  await expect(page.getByText('Pending review').first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toBe(`order-FD-${applicationId}.pdf`);
  await shot(page, 'applied');

  // Staff approve it: the price is held from the balance.
  const api = `${baseURL}/api/private/v1`;
  const login = await request.post(`${api}/auth/login`, { data: { email: 'support@adnet.test', password: PASSWORD } });
  const staff = (login.headers()['authorization'] ?? '').replace('Bearer ', '');
  const approved = await request.post(`${api}/admin/flat-deal-applications/${applicationId}/approve`, { headers: { Authorization: `Bearer ${staff}` }, data: { note: 'Booked' } });
  expect(approved.status(), await approved.text()).toBe(200);
  const held = (await approved.json()).data as { price: string; reserved: string };
  expect(held.reserved).toBe(held.price);
  await page.goto(`${adnet(baseURL)}/marketplace/applications/${applicationId}`);
  await expect(page.getByText('Approved').first()).toBeVisible();
  // The campaign that delivers it starts from the application: its name, period and the deal's site and countries.
  await page.getByRole('button', { name: 'Create the campaign' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/create-offer-campaign\\?flat_deal_application=${applicationId}$`));
  await expect(page.getByText(`This campaign delivers the flat deal FD-${applicationId}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(new RegExp(`^FD-${applicationId} `));
  // The ad is the user's to choose; the campaign then delivers the deal, and the application lists it.
  await page.getByRole('combobox', { name: /^Ad/ }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByLabel(/^Price/).fill('2');
  await page.getByLabel(/^Daily/).fill('25');
  await shot(page, 'campaign');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  const campaignId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.goto(`${adnet(baseURL)}/marketplace/applications/${applicationId}`);
  await expect(page.getByText('Approved').first()).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^FD-${applicationId} `) })).toHaveAttribute('href', `/campaigns/${campaignId}`);
  await shot(page, 'linked');
  await page.goto(`${adnet(baseURL)}/marketplace/applications`);
  await expect(page.getByRole('link', { name: `FD-${applicationId}` })).toBeVisible();
});

/** Turns "Available only" on (a Blueprint switch: the label takes the click). */
async function setAvailableOnly(page: Page) {
  const input = page.getByRole('switch', { name: 'Available only' });
  if (!(await input.isChecked())) await page.locator('label', { has: input }).click();
  await expect(input).toBeChecked();
}
