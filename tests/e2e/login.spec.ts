import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('a signed-out visit goes to login, and signing in lands on the page that was wanted', async ({ page }) => {
  await page.goto('/campaigns?from=mail');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to AdNet' })).toBeVisible();
  await expect(page).toHaveTitle('AdNet – Sign in');
  await signIn(page, 'advertiser@adnet.test');
  await expect(page).toHaveURL(/\/campaigns\?from=mail$/);
  await expect(page.getByTestId('user-menu-button')).toContainText('Alex Morgan');
  // The demo's ad server keeps spending while the tests run: the balance moves, its form does not.
  await expect(page.getByTestId('balance')).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);

  // The session survives a reload (token kept on the device, refreshed at start).
  await page.reload();
  await expect(page.getByTestId('user-menu-button')).toContainText('Alex Morgan');
  // Let the start-up token refresh land before leaving the page: a navigation in the middle of it loses the
  // new token while the server has already revoked the old one (a known race, see the closing note).
  await page.waitForLoadState('networkidle');

  // A signed-in user is sent away from the guest-only login page.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('wrong credentials show the server message under the field and keep what was typed', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'advertiser@adnet.test', 'wrong-password');
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(page.getByLabel(/E-mail/)).toHaveValue('advertiser@adnet.test');
  // Editing the field clears its error.
  await page.getByLabel(/E-mail/).fill('advertiser@adnet.tes');
  await expect(page.getByText('These credentials do not match our records.')).toHaveCount(0);
});

test('client-side validation runs before anything is sent', async ({ page }) => {
  await page.goto('/login');
  let posted = false;
  page.on('request', (r) => {
    if (r.url().includes('/auth/login')) posted = true;
  });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  expect(posted).toBe(false);
});

test('signing out revokes the token: the old token no longer works', async ({ page, request }) => {
  await page.goto('/login');
  await signIn(page, 'company@adnet.test');
  await expect(page.getByTestId('top-bar')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  expect(token).toBeTruthy();
  await page.getByTestId('user-menu-button').click();
  // This user's saved locale is German, which the panel switches to after sign-in.
  await page.getByRole('menuitem', { name: /^(Sign out|Abmelden)$/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  const answer = await request.get('/api/private/v1/user', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(401);
});

test('each network gets its own brand from its host, and users of one cannot sign in on another', async ({ page, baseURL }) => {
  const pushhub = (baseURL as string).replace('localhost', 'pushhub.localhost');
  await page.goto(`${pushhub}/login`);
  await expect(page.getByRole('heading', { name: 'Sign in to PushHub' })).toBeVisible();
  await signIn(page, 'advertiser@adnet.test');
  await expect(page.getByText('These credentials do not match our records.')).toBeVisible();
  await signIn(page, 'company@pushhub.test');
  await expect(page.getByTestId('top-bar')).toBeVisible();
});

test('an unknown path shows the 404 page at that address, naming it', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('There is no page at /no/such/page?x=1.')).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page\?x=1$/);
});

test('a 401 from the server sends the user back to login', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'advertiser@adnet.test');
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('auth_token', 'revoked-or-forged'));
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
});
