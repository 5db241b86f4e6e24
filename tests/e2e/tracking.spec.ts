import { expect, test, type Page } from '@playwright/test';
import { adnet, pick, signInAsAdvertiser } from './support';

/**
 * Conversion tracking, as an advertiser whose campaign pays per sale: the postback URL and pixel to copy, then a test
 * conversion from /tracking that the campaign's statistics count and charge at its CPA price; the same test again
 * is accepted too (a sale may repeat), a lead twice is a duplicate.
 */

const CAMPAIGN = 'Europe · evergreen';

/** The campaign page's totals row: conversions and spend (the last two cells). */
async function totals(page: Page): Promise<{ conversions: number; spend: number }> {
  const cells = page.getByRole('row', { name: /^Total/ }).getByRole('cell');
  const texts = await cells.allTextContents();
  const number = (text: string) => Number(text.replace(/[^\d.]/g, ''));
  return { conversions: number(texts[texts.length - 2]), spend: number(texts[texts.length - 1]) };
}

test.beforeEach(async ({ page, baseURL }) => {
  await signInAsAdvertiser(page, baseURL, 'advertiser@adnet.test');
});

test('a test conversion from /tracking counts in a CPA campaign’s statistics and charges its price', async ({ page, baseURL, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: adnet(baseURL) });
  // The campaign starts paying per sale: CPA at $3.50.
  await page.goto(`${adnet(baseURL)}/campaigns`);
  await page.getByRole('link', { name: CAMPAIGN, exact: true }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('radio', { name: 'CPA', exact: true }).check({ force: true });
  await page.getByLabel(/^Price/).fill('3.5');
  await pick(page, /^Conversion/, ['Sale']);
  await page.getByRole('button', { name: 'Save campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  const campaignUrl = page.url();
  await expect(page.getByRole('row', { name: /^Total/ })).toBeVisible();
  const before = await totals(page);

  await page.goto(`${adnet(baseURL)}/tracking`);
  const postback = page.getByRole('textbox', { name: 'Your postback URL' });
  await expect(postback).toHaveValue(/^https:\/\/track\.adnet\.example\.com\/postback\?key=trk_[0-9a-f]{24}&click_id=\{click_id\}&payout=\{payout\}&conversion_type=\{conversion_type\}$/);
  const url = await postback.inputValue();
  await page.getByRole('button', { name: /^Copy/ }).first().click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(page.getByRole('heading', { name: 'Tracking pixel' })).toBeVisible();

  await pick(page, /^Campaign/, [CAMPAIGN]);
  await pick(page, /^Conversion type/, ['Sale']);
  await page.getByLabel(/^Payout/).fill('25');
  await page.getByRole('button', { name: 'Send a test conversion' }).click();
  const outcome = page.getByRole('status').or(page.locator('[aria-live="polite"]')).getByText(/was counted for click/);
  await expect(outcome).toContainText(`“Sale” conversion worth $25.00 was counted`);
  await expect(outcome).toContainText(CAMPAIGN);
  const list = page.getByRole('table').last();
  await expect(list.getByRole('row').nth(1)).toContainText('Accepted');
  await expect(list.getByRole('row').nth(1)).toContainText(CAMPAIGN);

  // A lead is counted once per click: the second is recorded as a duplicate.
  await pick(page, /^Conversion type/, ['Lead']);
  await page.getByRole('button', { name: 'Send a test conversion' }).click();
  await expect(page.getByText(/was counted for click/)).toBeVisible();
  await page.getByRole('button', { name: 'Send a test conversion' }).click();
  await expect(page.getByText(/already has a “Lead” conversion/)).toBeVisible();
  await expect(list.getByRole('row').nth(1)).toContainText('Duplicate');

  // The campaign counted the sale and the first lead, and paid its price for the sale only.
  await page.goto(campaignUrl);
  await expect(page.getByRole('row', { name: /^Total/ })).toBeVisible();
  const after = await totals(page);
  expect(after.conversions).toBe(before.conversions + 2);
  expect(after.spend).toBeCloseTo(before.spend + 3.5, 2);
});
