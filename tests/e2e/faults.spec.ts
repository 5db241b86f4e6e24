import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import { adnet, PASSWORD, signIn, signInAsAdvertiser, startAd } from './support';

// Front-end faults, made with request interception: what the user sees when the server or the network fails,
// and that nothing they typed is lost.

test.beforeEach(({ page, baseURL }) => signInAsAdvertiser(page, baseURL));

const onCreateAd = (page: Page, answer: (route: Route) => Promise<void>) =>
  page.route('**/api/private/v1/ads', (route) => (route.request().method() === 'POST' ? answer(route) : route.continue()));

test("a 500, a proxy's 502 page and no answer on save: a clear message each time, and what was typed stays", async ({ page, baseURL }) => {
  await startAd(page, baseURL, 'Popunder');
  const name = `Kept through faults ${Date.now()}`;
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Landing page URL/).fill('https://shop.example.com/kept');
  const save = page.getByRole('button', { name: 'Create the ad' });
  const kept = async () => {
    await expect(page).toHaveURL(/\/ads\/create/);
    await expect(page.getByLabel(/^Name/)).toHaveValue(name);
    await expect(page.getByLabel(/^Landing page URL/)).toHaveValue('https://shop.example.com/kept');
  };

  // The server's own 500 answer carries its message.
  await onCreateAd(page, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Server Error' }) }));
  await save.click();
  await expect(page.getByText('Server Error').first()).toBeVisible();
  await kept();

  // A proxy's HTML page says nothing usable: the panel's own words, never the HTML.
  await page.unrouteAll();
  await onCreateAd(page, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>' }));
  await save.click();
  await expect(page.getByText('Something went wrong. Please try again.').first()).toBeVisible();
  await expect(page.getByText(/Bad Gateway|nginx|<h1>/)).toHaveCount(0);
  await kept();

  // No answer at all (the connection timed out).
  await page.unrouteAll();
  await onCreateAd(page, (route) => route.abort('timedout'));
  await save.click();
  await expect(page.getByText('The server did not answer. Check your connection and try again.').first()).toBeVisible();
  await kept();

  // Once the server is back, the same form saves.
  await page.unrouteAll();
  await save.click();
  await expect(page).toHaveURL(/\/ads\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
});

test('calls refused together after the session ended send the user to login once, and back to the page after signing in', async ({ page, baseURL }) => {
  // Counts the panel's moves to /login (the router replaces the entry; a reload would start the count again).
  await page.addInitScript(() => {
    const w = window as unknown as { loginMoves: number };
    w.loginMoves = 0;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (state, unused, url) => {
        if (url && new URL(String(url), location.href).pathname === '/login') w.loginMoves++;
        original(state, unused, url);
      };
    }
  });
  await page.goto(`${adnet(baseURL)}/dashboard`);
  await expect(page.getByRole('heading', { name: /Dashboard/ })).toBeVisible();

  let refused = 0;
  await page.route('**/api/private/v1/**', (route) => {
    if (/\/auth\/login$/.test(route.request().url())) return route.continue();
    refused++;
    return route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Unauthenticated.' }) });
  });
  // The statistics page asks for several things at once; every one of them is refused.
  await page.getByRole('link', { name: 'Statistics', exact: true }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => refused).toBeGreaterThan(1);
  expect(await page.evaluate(() => (window as unknown as { loginMoves: number }).loginMoves)).toBe(1);

  await page.unrouteAll();
  await signIn(page, 'company@adnet.test', PASSWORD);
  // Back where the user was going, with the query the page had put in its address.
  await expect(page).toHaveURL(/\/campaign-statistics\?group=date&start=/);
});

test('a page whose code does not arrive offers a reload, which brings it', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/dashboard`);
  await expect(page.getByRole('heading', { name: /Dashboard/ })).toBeVisible();
  // From now on no new script arrives (a deployment replaced the files, or the network dropped).
  await page.route('**/assets/*.js', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.getByRole('link', { name: 'Finances', exact: true }).first().click();
  await expect(page.getByText('A part of the panel could not be loaded, perhaps because a new version is out. Reload to get it.')).toBeVisible();
  // The frame (sidebar, top bar) stays usable around the message.
  await expect(page.getByRole('link', { name: 'Campaigns', exact: true }).first()).toBeVisible();
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page).toHaveURL(/\/finances/);
  await expect(page.getByText('A part of the panel could not be loaded')).toHaveCount(0);
});

test("a stylesheet that does not arrive is a chunk failure too (CSS_CHUNK_LOAD_FAILED), not a page without styles", async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/dashboard`);
  await expect(page.getByRole('heading', { name: /Dashboard/ })).toBeVisible();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.route('**/assets/*.css', (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.getByRole('link', { name: 'Campaigns', exact: true }).first().click();
  await expect(page.getByText('A part of the panel could not be loaded, perhaps because a new version is out. Reload to get it.')).toBeVisible();
  expect(errors.join('\n')).toContain('CSS');
});

test('a form field whose code does not arrive says so in its place; the rest of the form keeps working', async ({ page, baseURL }) => {
  // Chunk files are named by their hash: the build's manifest says which one holds the lookup widget.
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const lookup = Object.entries(manifest).find(([source]) => source.endsWith('widgets/lookup/LookupWidget.tsx'))?.[1].file;
  expect(lookup, 'the lookup widget has a chunk of its own').toBeTruthy();
  await page.route(`**/${lookup}`, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.goto(`${adnet(baseURL)}/campaigns/create`);
  await page.getByRole('button', { name: /^Popunder/ }).click();
  await page.getByLabel(/^Name/).fill('Typed before the failure');
  await expect(page.getByRole('alert').filter({ hasText: 'This field could not be loaded.' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' }).first()).toBeVisible();
  await page.getByLabel(/^Price/).fill('1.5');
  await expect(page.getByLabel(/^Name/)).toHaveValue('Typed before the failure');
  await expect(page.getByLabel(/^Price/)).toHaveValue('1.5');
});
