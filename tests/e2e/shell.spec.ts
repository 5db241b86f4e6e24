import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'demo1234';
const SHOTS = 'test-results/shell-shots';

/** The same server under another network's host (`*.localhost` resolves to this machine). */
const on = (baseURL: string | undefined, network: 'adnet' | 'pushhub') => (baseURL as string).replace('localhost', `${network}.localhost`);

async function signIn(page: Page, url: string, email: string) {
  await page.goto(`${url}/login`);
  await page.getByLabel(/E-mail/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const sidebar = (page: Page) => page.getByTestId('sidebar');
const entry = (page: Page, id: string) => sidebar(page).locator(`[data-entry="${id}"]`);

test.beforeEach(async ({ page }) => {
  // The A/B group is random per device: these tests pin group 2 unless they test group 1.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('ab_group')) sessionStorage.setItem('ab_group', '2');
    localStorage.setItem('locale', localStorage.getItem('locale') ?? 'en');
  });
  await page.setViewportSize({ width: 1366, height: 860 });
});

test('adnet: every section in the sidebar, the main route is the dashboard, the top bar is live', async ({ page, baseURL }) => {
  const adnet = on(baseURL, 'adnet');
  await signIn(page, adnet, 'advertiser@adnet.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('AdNet – Dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();

  for (const id of ['create-campaign', 'notifications', 'dashboard', 'statistics', 'ads', 'campaigns', 'providers', 'marketplace', 'traffic-chart', 'tracking', 'finances', 'add-funds', 'api', 'rtb', 'rtb-statistics', 'ssp-statistics', 'blog']) {
    await expect(entry(page, id)).toBeVisible();
  }
  // The referral program has no page yet (the profile would open bare): no entry until it has one.
  await expect(entry(page, 'referral')).toHaveCount(0);
  await expect(entry(page, 'blog').getByRole('link')).toHaveAttribute('href', 'https://blog.adnet.example.com/');

  // Balance from GET user, with the network's currency sign.
  // (The demo's ad server keeps spending while the tests run: the amount moves, its form does not.)
  await expect(page.getByTestId('balance')).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  // The server clock ticks.
  const clock = page.getByTestId('server-time');
  await expect(clock).toHaveText(/^\d\d\.\d\d \d\d:\d\d:\d\d$/);
  const first = await clock.textContent();
  await expect(clock).not.toHaveText(first as string, { timeout: 3000 });
  // Spent this week is on for adnet and links to Finances.
  await expect(page.getByTestId('week-spent')).toHaveAttribute('href', '/finances');
  // Account manager panel (live chat kind 1) and support links.
  await expect(page.getByTestId('account-manager')).toContainText('Anna Petrova');
  await expect(page.getByTestId('support-links').getByRole('link', { name: 'Help center' })).toHaveAttribute('href', 'https://help.adnet.example.com/');

  // The house banner in the user's language (English here) at the bottom of the sidebar.
  const banner = page.getByTestId('widget-banner');
  await banner.scrollIntoViewIfNeeded();
  await expect(banner).toHaveAttribute('href', 'https://adnet.example.com/promo');
  await expect(banner.getByRole('img', { name: 'Bonus on your first deposit' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/adnet-sidebar-extras-1366.png`, animations: 'disabled' });

  // Installable (pwaPrompt on): the web app manifest is linked and served.
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
  expect(manifest).toMatchObject({ name: 'AdNet', theme_color: '#2D72D2' });
  expect(manifest.icons.length).toBeGreaterThan(0);

  // Following a menu entry keeps the shell and titles the tab.
  await entry(page, 'rtb').getByRole('link').click();
  await expect(page).toHaveURL(/\/rtb$/);
  await expect(page).toHaveTitle('AdNet – RTB');
  await expect(page.getByRole('heading', { name: 'RTB', exact: true })).toBeVisible();

  await page.screenshot({ path: `${SHOTS}/adnet-1366.png`, animations: 'disabled' });
});

test('pushhub: fewer sections; a disallowed section is the 404 page', async ({ page, baseURL }) => {
  const pushhub = on(baseURL, 'pushhub');
  await signIn(page, pushhub, 'company@pushhub.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('PushHub – Dashboard');
  await expect(entry(page, 'campaigns')).toBeVisible();
  await expect(entry(page, 'traffic-chart')).toBeVisible();
  for (const id of ['rtb', 'marketplace', 'providers', 'tracking', 'ssp-statistics', 'blog']) await expect(entry(page, id)).toHaveCount(0);
  await expect(page.getByTestId('week-spent')).toHaveCount(0);
  await expect(page.getByTestId('account-manager')).toHaveCount(0);
  await expect(page.getByTestId('balance')).toHaveText('€3,300.00');
  // No install offer on this network: no manifest either.
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);

  // In the panel's frame, at the address typed.
  await page.goto(`${pushhub}/rtb/endpoints`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('There is no page at /rtb/endpoints.')).toBeVisible();
  await expect(page).toHaveURL(/\/rtb\/endpoints$/);
  await expect(entry(page, 'campaigns')).toBeVisible();
  await page.goto(`${pushhub}/marketplace`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto(`${pushhub}/no-such-page`);
  await expect(page.getByText('There is no page at /no-such-page.')).toBeVisible();
  await expect(entry(page, 'campaigns')).toBeVisible();
  // An allowed one still opens.
  await page.goto(`${pushhub}/traffic-chart`);
  await expect(page.getByRole('heading', { name: 'Traffic chart' })).toBeVisible();
});

test('pushhub in Russian: the shell follows the language', async ({ page, baseURL }) => {
  const pushhub = on(baseURL, 'pushhub');
  await signIn(page, pushhub, 'company@pushhub.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await sidebar(page).locator('[data-slot="language-selector"] select').selectOption('ru');
  await expect(entry(page, 'campaigns')).toHaveText(/Кампании/);
  await expect(page.getByRole('heading', { name: 'Главная панель', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('PushHub – Главная панель');
  await page.screenshot({ path: `${SHOTS}/pushhub-ru-1366.png`, animations: 'disabled' });
});

test('the main route: dashboard, else RTB statistics, else the profile', async ({ page, baseURL }) => {
  // Plain localhost is adnet too (the default network), and Node (route.fetch) resolves it.
  const adnet = baseURL as string;
  let drop: string[] = [];
  await page.route('**/api/private/v1/network', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { guardSections: string[] } };
    body.data.guardSections = body.data.guardSections.filter((s) => !drop.includes(s));
    await route.fulfill({ response: answer, json: body });
  });
  await signIn(page, adnet, 'advertiser@adnet.test');
  await expect(page).toHaveURL(/\/dashboard$/);

  drop = ['Dashboard'];
  await page.goto(`${adnet}/`);
  await expect(page).toHaveURL(/\/rtb-statistics$/);
  await expect(entry(page, 'dashboard')).toHaveCount(0);

  drop = ['Dashboard', 'RtbStatistics'];
  await page.goto(`${adnet}/`);
  await expect(page).toHaveURL(/\/personal$/);
});

test('the collapsed sidebar is remembered across a reload', async ({ page, baseURL }) => {
  const adnet = on(baseURL, 'adnet');
  await signIn(page, adnet, 'advertiser@adnet.test');
  await expect(sidebar(page)).toHaveAttribute('data-variant', 'full');
  await page.getByTestId('sidebar-collapse').click();
  await expect(sidebar(page)).toHaveAttribute('data-variant', 'mini');
  await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(82);
  await page.screenshot({ path: `${SHOTS}/adnet-mini-1366.png`, animations: 'disabled' });
  await page.reload();
  await expect(sidebar(page)).toHaveAttribute('data-variant', 'mini');
  // Icons only, but each entry still has its name for screen readers.
  await expect(entry(page, 'campaigns').getByRole('link', { name: 'Campaigns' })).toBeVisible();
  await page.getByTestId('sidebar-collapse').click();
  await expect(sidebar(page)).toHaveAttribute('data-variant', 'full');
});

test('below 1264 px the sidebar is a drawer, and balance and add funds move into the user menu', async ({ page, baseURL }) => {
  const adnet = on(baseURL, 'adnet');
  await page.setViewportSize({ width: 1000, height: 760 });
  await signIn(page, adnet, 'advertiser@adnet.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sidebar(page)).toHaveCount(0);
  await expect(page.getByTestId('balance')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/adnet-1000.png`, animations: 'disabled' });

  await page.getByTestId('drawer-toggle').click();
  await expect(sidebar(page)).toBeVisible();
  await expect(sidebar(page)).toHaveAttribute('data-variant', 'drawer');
  await expect(sidebar(page)).toBeInViewport({ ratio: 1 }); // slid in completely
  await page.screenshot({ path: `${SHOTS}/adnet-1000-drawer.png`, animations: 'disabled' });
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(sidebar(page)).toHaveCount(0);
  // Keyboard: the toggle opens it again, Escape closes it.
  await page.getByTestId('drawer-toggle').focus();
  await page.keyboard.press('Enter');
  await expect(sidebar(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebar(page)).toHaveCount(0);
  await page.getByTestId('drawer-toggle').click();
  await entry(page, 'campaigns').getByRole('link').click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(sidebar(page)).toHaveCount(0);

  await page.getByTestId('user-menu-button').click();
  const menu = page.getByTestId('user-menu');
  await expect(menu.getByText(/^Balance: \$\d{1,3}(,\d{3})*\.\d{2}$/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/adnet-1000-user-menu.png`, animations: 'disabled' });
  await menu.getByText('Add funds').click();
  await expect(page).toHaveURL(/\/add-funds$/);
});

test('user menu: profile, and sign out revokes the token', async ({ page, baseURL, request }) => {
  const adnet = on(baseURL, 'adnet');
  await signIn(page, adnet, 'company@adnet.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('user-menu').getByText('Profile').click();
  await expect(page).toHaveURL(/\/personal$/);
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu').getByText('Sign out')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/adnet-user-menu-1366.png`, animations: 'disabled' });
  await page.getByTestId('user-menu').getByText('Sign out').click();
  await expect(page).toHaveURL(/\/login$/);
  // Node cannot resolve *.localhost; plain localhost is the default network, adnet.
  const answer = await request.get(`${baseURL}/api/private/v1/user`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(401);
  // Signed out, an authenticated route goes to login again.
  await page.goto(`${adnet}/campaigns`);
  await expect(page).toHaveURL(/\/login$/);

  // /logout signs out too.
  await signIn(page, adnet, 'advertiser@adnet.test');
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await page.goto(`${adnet}/logout`);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test('unconfirmed e-mail: the banner in group 2, /confirm-email in group 1', async ({ page, baseURL }) => {
  const pushhub = on(baseURL, 'pushhub');
  await signIn(page, pushhub, 'advertiser@pushhub.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByTestId('email-banner');
  await expect(banner).toContainText('advertiser@pushhub.test');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/pushhub-unconfirmed-1366.png`, animations: 'disabled' });
  await banner.getByRole('button').click();
  await expect(page.getByText('E-mail sent. Check your inbox.')).toBeVisible();
  await expect(banner).toHaveCount(0);

  await page.evaluate(() => sessionStorage.setItem('ab_group', '1'));
  await page.goto(`${pushhub}/campaigns`);
  await expect(page).toHaveURL(/\/confirm-email$/);
});

test('the ad-block alert shows when the probe is blocked, and can be dismissed', async ({ page, baseURL }) => {
  const adnet = on(baseURL, 'adnet');
  await page.route('**/network-assets/adnet/ads/**', (route) => route.abort('blockedbyclient'));
  await signIn(page, adnet, 'advertiser@adnet.test');
  const alert = page.getByTestId('adblock-banner');
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);
});

test('unknown paths show the 404 page where they are, signed in or not', async ({ page, baseURL }) => {
  const adnet = on(baseURL, 'adnet');
  await page.goto(`${adnet}/no/such/page`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await signIn(page, adnet, 'advertiser@adnet.test');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${adnet}/campaigns/1/nowhere`);
  await expect(page.getByText('There is no page at /campaigns/1/nowhere.')).toBeVisible();
  await expect(entry(page, 'campaigns')).toBeVisible();
});

test('while impersonating, the user menu offers "Leave impersonate", which ends the session', async ({ page, baseURL, request }) => {
  // Node cannot resolve *.localhost; plain localhost is adnet, the default network.
  const api = `${baseURL}/api/private/v1`;
  const signInApi = async (email: string) => {
    const answer = await request.post(`${api}/auth/login`, { data: { email, password: PASSWORD } });
    expect(answer.ok()).toBe(true);
    return { token: (answer.headers().authorization ?? '').replace(/^Bearer /, ''), user: (await answer.json()).data.user as { id: number } };
  };
  const advertiser = await signInApi('advertiser@adnet.test');
  const support = await signInApi('support@adnet.test');
  const link = await request.post(`${api}/impersonate/${advertiser.user.id}`, { headers: { Authorization: `Bearer ${support.token}` } });
  expect(link.ok()).toBe(true);
  const { url } = (await link.json()).data as { url: string };

  await page.goto(url);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-menu-button')).toContainText('Support session');
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu').getByText('Sign out')).toHaveCount(0);
  // The page follows data.redirect_url (the network's main page), which, signed out, is the login.
  const left = page.waitForEvent('load');
  await page.getByTestId('user-menu').getByText('Leave impersonate').click();
  await left;
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test('beta mode shows the full-manage approved badge, and only then', async ({ page, baseURL }) => {
  await page.route('**/api/private/v1/profile', (route) => route.fulfill({ json: { data: { id: 1, fullManageStatus: 'approved' } } }));
  await signIn(page, baseURL as string, 'advertiser@adnet.test');
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await expect(page.getByTestId('full-manage-badge')).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('beta', '1'));
  await page.reload();
  await expect(page.getByTestId('full-manage-badge')).toHaveText('Full manage approved');
});

test('the network popup shows its banner after its delay, once per session, and the help button follows the page', async ({ page, baseURL }) => {
  await page.clock.install();
  const adnet = on(baseURL, 'adnet');
  await signIn(page, adnet, 'advertiser@adnet.test');
  // The panel is drawn (the popup's timer starts with it) once the page's heading is.
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  const popup = page.getByRole('complementary', { name: 'Promotion' });
  // The timer started when the panel was drawn, a moment (real time, slower on a busy machine) before the heading:
  // halfway through its 20 s nothing shows yet, past them it does.
  await page.clock.fastForward(10_000);
  await expect(popup).toHaveCount(0);
  await page.clock.fastForward(11_000);
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('link')).toHaveAttribute('href', 'https://adnet.example.com/promo');
  await page.screenshot({ path: 'test-results/shell-shots/popup.png' });
  await popup.getByRole('button', { name: 'Close the promotion' }).click();
  await expect(popup).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await page.clock.fastForward(60_000);
  await expect(popup).toHaveCount(0);

  // Help: the main help here, the targeting help on the campaign form.
  await expect(page.getByRole('link', { name: 'Help (opens in a new tab)' })).toHaveAttribute('href', 'https://help.adnet.example.com/');
  await page.goto(`${adnet}/campaigns/create`);
  await expect(page.getByRole('link', { name: 'Help on targeting (opens in a new tab)' })).toHaveAttribute('href', 'https://help.adnet.example.com/targeting');
});
