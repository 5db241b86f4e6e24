import { expect, test, type Page } from '@playwright/test';
import { adnet, signInAsAdvertiser } from './support';

/**
 * API tokens in Chromium, as the company advertiser: make a read-only token on /api, copy it from the dialog that
 * shows it once, call the API with it (a read answers, a write is refused), try a call in the API reference with it,
 * then revoke it after confirming, and see the same call refused.
 */

const SHOTS = 'test-results/api-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true });

test.beforeEach(({ page }) => {
  page.on('pageerror', (error) => console.log(`page error: ${error.message}\n${error.stack}`));
  page.on('console', (m) => m.type() === 'error' && console.log(`console: ${m.text()}`));
});

test('make a read-only token, call the API with it, try it in the reference, revoke it', async ({ page, baseURL, request, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsAdvertiser(page, baseURL, 'company@adnet.test');
  await page.goto(`${adnet(baseURL)}/api`);
  await expect(page.getByRole('heading', { name: 'API', level: 2 })).toBeVisible();
  await expect(page.getByText('No API tokens yet')).toBeVisible();

  await page.getByRole('textbox', { name: /^Name\s*\*?$/ }).fill('Nightly report');
  await expect(page.getByRole('radio', { name: /^Read only/ })).toBeChecked();
  await page.getByRole('button', { name: 'Create the token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your API token “Nightly report”' });
  await expect(dialog).toContainText('Copy it now: it is not shown again');
  const token = await dialog.getByRole('textbox', { name: 'Token' }).inputValue();
  expect(token).toMatch(/^apt_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Copy: Token' }).click();
  await expect(dialog.getByRole('button', { name: 'Copy: Token' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await shot(page, 'token-dialog');

  // The API takes it as a bearer token: reads answer, writes are refused (read-only).
  // Node does not resolve *.localhost: the calls go to the server's address with the network's host named.
  const api = `${baseURL}/api/private/v1`;
  const headers = { host: new URL(adnet(baseURL)).host, authorization: `Bearer ${token}` };
  const profile = await request.get(`${api}/profile`, { headers });
  expect(profile.status()).toBe(200);
  expect((await profile.json()).data.email).toBe('company@adnet.test');
  const write = await request.post(`${api}/feeds`, { headers, data: { name: 'By script', endpoint: 'https://feed.example.com/a.xml' } });
  expect(write.status()).toBe(403);

  // Tried in the reference: the token is already authorized there.
  await dialog.getByRole('button', { name: 'Try it in the API reference' }).click();
  await expect(dialog).toBeHidden();
  const reference = page.locator('.swagger-ui');
  await expect(reference.getByText('Ad network panel API')).toBeVisible();
  await reference.getByPlaceholder('Filter by tag').fill('profile');
  // The filter applies after a debounce: a click before it lands on a list about to be redrawn.
  await expect(reference.locator('.opblock-tag-section')).toHaveCount(1);
  await expect(reference.locator('.authorize.locked')).toBeVisible();
  const operation = reference.locator('.opblock').filter({ hasText: /GET\s*\/api\/private\/v1\/profile\s*The profile of the signed-in user/ });
  await operation.locator('.opblock-summary-control').first().click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();
  await expect(operation.locator('.live-responses-table tbody .response-col_status').first()).toHaveText('200');
  await expect(operation.locator('.live-responses-table')).toContainText('company@adnet.test');
  await shot(page, 'reference-tried');

  // Listed (never the secret), then revoked after confirming: the same call is refused at once.
  const row = page.getByRole('row').filter({ hasText: 'Nightly report' });
  await expect(row).toContainText('Read only');
  await expect(row).not.toContainText(token);
  await row.getByRole('button', { name: 'Revoke: Nightly report' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: 'Scripts using it stop working at once' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('No API tokens yet')).toBeVisible();
  expect((await request.get(`${api}/profile`, { headers })).status()).toBe(401);
  await shot(page, 'revoked');
});
