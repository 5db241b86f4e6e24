import { expect, test, type Page } from '@playwright/test';
import { adnet, signInAsAdvertiser } from './support';

/**
 * Traffic provider plans in Chromium, as the demo advertiser (on Growth, the cheapest plan its providers fit):
 * the plans, a change up to Scale with the unused days credited in the quote before confirming, the change back with
 * the credit returned, both visible in finances, and the providers' usage of the plan on /providers. It ends on
 * Growth again, which resources.spec.ts counts on.
 */

const SHOTS = 'test-results/providers-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true });

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => console.log(`page error: ${error.message}\n${error.stack}`));
});

const plan = (page: Page, name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name, level: 3 }) });

test('change the plan with the unused days credited, see it in finances, and the usage on /providers', async ({ page, baseURL }) => {
  await signInAsAdvertiser(page, baseURL, 'advertiser@adnet.test');
  await page.goto(`${adnet(baseURL)}/providers-subscription`);
  await expect(plan(page, 'Growth').getByText('Your plan')).toBeVisible();
  await expect(plan(page, 'Scale').getByText('< 50,000', { exact: false })).toBeVisible();
  await shot(page, 'plans');

  // Up to Scale on the day Growth was paid: all 30 days of it are credited, 449.00 − 149.00 is charged.
  await page.getByRole('button', { name: 'Change to this plan: Scale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change to Scale' });
  const quote = dialog.getByTestId('subscription-quote');
  await expect(quote.getByRole('row', { name: /Credit for 30 unused days/ })).toContainText('$149.00');
  await expect(quote.getByRole('row', { name: /Charged now/ })).toContainText('$300.00');
  await shot(page, 'change-quote');
  await dialog.getByRole('button', { name: 'Change to this plan' }).click();
  await expect(dialog).toBeHidden();
  await expect(plan(page, 'Scale').getByText('Your plan')).toBeVisible();

  // And back: Scale's 30 unused days (449.00) less Growth's price come back to the balance.
  await page.getByRole('button', { name: 'Change to this plan: Growth' }).click();
  const back = page.getByRole('dialog', { name: 'Change to Growth' });
  await expect(back.getByTestId('subscription-quote').getByRole('row', { name: /Credited to your balance/ })).toContainText('$300.00');
  await back.getByRole('button', { name: 'Change to this plan' }).click();
  await expect(back).toBeHidden();
  await expect(plan(page, 'Growth').getByText('Your plan')).toBeVisible();

  // Finances list both, with what they were for.
  await page.goto(`${adnet(baseURL)}/finances/transactions`);
  const rows = page.getByRole('row').filter({ hasText: 'Provider plan' });
  await expect(rows.filter({ hasText: '-300.00' }).first()).toContainText('unused days');
  await expect(rows.filter({ hasText: /\b300\.00/ }).filter({ hasNotText: '-300.00' }).first()).toBeVisible();
  await shot(page, 'transactions');

  // /providers: what the providers use of the plan (2 running of 10; 4,500 of fewer than 5,000 requests a second).
  await page.goto(`${adnet(baseURL)}/providers`);
  await expect(page.getByText('Providers: 2 of 10')).toBeVisible();
  await expect(page.getByText('Requests per second: 4,500 of < 5,000')).toBeVisible();
  await shot(page, 'providers');
});
