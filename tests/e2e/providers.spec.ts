import { expect, test, type Page } from '@playwright/test';
import { adnet, pick, signInAsAdvertiser } from './support';

/**
 * Traffic provider plans in Chromium. As the demo advertiser (on Growth, the cheapest plan its providers fit): the
 * plans, a change up to Scale with the unused days credited in the quote before confirming, the change back with the
 * credit returned, both visible in finances, and the providers' usage of the plan on /providers; it ends on Growth
 * again, which resources.spec.ts counts on. As the company advertiser, who has no plan: subscribe to Starter, add
 * providers through the form up to its two, be refused the third with the form kept, pause one and see the usage
 * follow, then cancel.
 */

const SHOTS = 'test-results/providers-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true });

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => console.log(`page error: ${error.message}\n${error.stack}`));
});

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
const usage = (page: Page) => page.getByTestId('providers-usage');

/** Fills the new-provider form (an OpenRTB CPM provider of native traffic) and presses Create. */
async function createProvider(page: Page, baseURL: string | undefined, name: string, qps: number) {
  await page.goto(`${adnet(baseURL)}/providers`);
  await page.getByRole('button', { name: 'Add a traffic provider' }).click();
  await expect(page).toHaveURL(/\/provider\/create$/);
  await page.getByLabel(/^Name/).fill(name);
  await page.getByText('OpenRTB', { exact: true }).click();
  await page.getByLabel(/^Endpoint URL/).fill(`https://rtb.${name.toLowerCase().replace(/\W+/g, '-')}.example.com/bid`);
  await page.getByLabel(/^Pricing/).selectOption({ index: 1 });
  await page.getByLabel(/^Vertical/).selectOption({ index: 1 });
  await pick(page, /^SSP formats/, ['Native']);
  await page.getByLabel(/^QPS limit/).fill(String(qps));
  await page.getByRole('button', { name: 'Create' }).click();
}

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
  await expect(rows.filter({ hasText: '-$300.00' }).first()).toContainText('unused days');
  await expect(rows.filter({ hasText: /\b300\.00/ }).filter({ hasNotText: '-$300.00' }).first()).toBeVisible();
  await shot(page, 'transactions');

  // /providers: what the providers use of the plan (2 running of 10; 4,500 of fewer than 5,000 requests a second).
  await page.goto(`${adnet(baseURL)}/providers`);
  await expect(page.getByText('Providers: 2 of 10')).toBeVisible();
  await expect(page.getByText('Requests per second: 4,500 of < 5,000')).toBeVisible();
  // Their traffic is a few requests a second: the limit is said in words, not drawn over a flat line.
  await expect(page.getByRole('img', { name: /^Requests per second of your providers per day/ }).locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('providers-chart-limit')).toContainText(/fewer than 5,000 requests per second, far above this chart: the busiest day averaged [\d.]+ a second/);
  await shot(page, 'providers');
});

test('without a plan: subscribe, add providers up to the plan, be refused past it, pause one, cancel', async ({ page, baseURL }) => {
  await signInAsAdvertiser(page, baseURL, 'company@adnet.test');
  await page.goto(`${adnet(baseURL)}/providers`);
  await expect(usage(page)).toContainText('Your providers need a plan');
  await usage(page).getByRole('button', { name: 'Choose a plan' }).click();
  await expect(page).toHaveURL(/\/providers-subscription$/);

  // Starter's price is charged from the balance, as the quote says before confirming.
  await page.getByRole('button', { name: 'Subscribe: Starter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Starter' });
  await expect(dialog.getByTestId('subscription-quote').getByRole('row', { name: /Charged now/ })).toContainText('$49.00');
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog).toBeHidden();
  await expect(plan(page, 'Starter').getByText('Your plan')).toBeVisible();

  await page.goto(`${adnet(baseURL)}/providers`);
  await expect(usage(page)).toContainText('Providers: 0 of 2');
  for (const name of ['Kestrel Push', 'Osprey Native']) {
    await createProvider(page, baseURL, name, 100);
    await expect(page).toHaveURL(/\/provider\/\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
  }

  // The third is one more than Starter's two: refused, saying why, with the form kept as typed.
  await createProvider(page, baseURL, 'Heron Feed', 100);
  await expect(page.getByText('Your Starter plan allows 2 active providers and you have 2 already. Pause one, or change to a bigger plan.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/provider\/create$/);
  await expect(page.getByLabel(/^Name/)).toHaveValue('Heron Feed');
  await shot(page, 'refused-past-plan');

  // Pausing one frees a place, and the usage above the list follows at once.
  await page.goto(`${adnet(baseURL)}/providers`);
  await expect(usage(page)).toContainText('Providers: 2 of 2');
  await expect(usage(page)).toContainText('Requests per second: 200 of < 500');
  await row(page, 'Osprey Native').getByRole('button', { name: 'Pause: Osprey Native' }).click();
  await expect(row(page, 'Osprey Native').getByText('Paused')).toBeVisible();
  await expect(usage(page)).toContainText('Providers: 1 of 2');
  await shot(page, 'usage-after-pause');

  // Cancelling keeps the plan to the end of the paid period, and says so.
  await page.goto(`${adnet(baseURL)}/providers-subscription`);
  await page.getByRole('button', { name: 'Cancel subscription: Starter' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Starter' });
  await expect(cancel).toContainText('Nothing is refunded.');
  await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(cancel).toBeHidden();
  await expect(plan(page, 'Starter').getByRole('button', { name: 'Resume: Starter' })).toBeVisible();
  await page.goto(`${adnet(baseURL)}/providers`);
  await expect(usage(page)).toContainText('The plan is cancelled and ends on');
  await shot(page, 'cancelled');
});
