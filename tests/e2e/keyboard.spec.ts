import { expect, test, type Locator, type Page } from '@playwright/test';
import { adnet, PASSWORD } from './support';

/**
 * The panel by keyboard alone, in Chromium: sign in, create an ad, create a campaign for it with targets and a
 * schedule, add funds by card. Every step is Tab, Shift+Tab, arrows, Enter, Space, Escape or typing
 * (page.keyboard); locators only say where focus must be and what came of it. Each control reached is checked to
 * show that it has focus (an outline or a ring), since a keyboard user needs to see it too.
 */

const pushhub = (baseURL: string | undefined) => (baseURL as string).replace('localhost', 'pushhub.localhost');

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  page.on('pageerror', (error) => console.log(`page error: ${error.message}\n${error.stack}`));
  await page.setViewportSize({ width: 1366, height: 900 });
  // In English, in the A/B group that lets an unconfirmed user in, and past this session's popup widget (it would
  // take focus in the corner of a long test); shell.spec.ts tests the popup itself.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('ab_group')) sessionStorage.setItem('ab_group', '2');
    sessionStorage.setItem('popup-widget-seen', '1');
    localStorage.setItem('locale', 'en');
  });
});

/** What has focus, for a failure message: its tag, role and name. */
const focusedNow = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing (the page)';
    const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
    return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name.replace(/\s+/g, ' ').trim().slice(0, 60)}"`;
  });

/** How an element draws its edge: its outline, or its box-shadow (Blueprint draws inputs' borders and focus rings so). */
const edgeOf = (target: Locator) =>
  target.evaluate((el) => {
    const style = getComputedStyle(el);
    return { outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0, shadow: style.boxShadow };
  });

/**
 * Fails unless the focused element shows its focus: an outline, or a box-shadow other than the one it had unfocused
 * (`before`, when known; an input's resting border is a box-shadow too).
 */
async function expectFocusShown(target: Locator, before?: { shadow: string }) {
  const now = await edgeOf(target);
  const ring = now.outline || (now.shadow !== 'none' && now.shadow !== before?.shadow);
  expect(ring, `${target} shows that it has focus (an outline or a ring)`).toBe(true);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, at most `max` times, then checks that the focus
 * shows. Fails with the path focus took.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}) {
  await expect(target).toBeVisible();
  const before = await edgeOf(target);
  const path: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement)) {
      await expectFocusShown(target, before);
      return;
    }
    path.push(await focusedNow(page));
  }
  throw new Error(`${max} × ${back ? 'Shift+Tab' : 'Tab'} never reached ${target}; focus went:\n  ${path.join('\n  ')}`);
}

/** Signs in on the sign-in page by typing: the e-mail field has focus when the page opens. */
async function signInByKeyboard(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/login`);
  const emailField = page.getByLabel(/^E-mail/);
  await expect(emailField).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(/^Password/)).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login$/);
}

test('sign in, create a popunder ad, then a campaign for it with countries and a schedule, by keyboard alone', async ({ page, baseURL }) => {
  const origin = adnet(baseURL);
  await signInByKeyboard(page, origin, 'advertiser@adnet.test');

  // The sidebar, from the top of the page: the skip link comes first.
  const sidebar = page.getByRole('navigation').first();
  const content = page.locator('#content');
  await tabTo(page, page.getByRole('link', { name: 'Skip to content' }));
  await tabTo(page, sidebar.getByRole('link', { name: 'Ads', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ads$/);
  await tabTo(page, page.getByRole('button', { name: 'Create an ad' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ads\/create$/);

  // The format cards are buttons: Tab reaches them, Enter chooses. The card goes with the choice: focus goes to the
  // page's content (not back to the document), and Tab goes on from there.
  await tabTo(page, page.getByRole('button', { name: /^Popunder/ }));
  await page.keyboard.press('Enter');
  await expect(content).toBeFocused();
  const name = page.getByLabel(/^Name/);
  await tabTo(page, name, { max: 5 });
  const adName = `Keyboard popunder ${Date.now()}`;
  await page.keyboard.type(adName);
  await tabTo(page, page.getByLabel(/^Landing page URL/), { max: 3 });
  await page.keyboard.type('https://shop.example.com/?c={click_id}');
  await tabTo(page, page.getByRole('button', { name: 'Create the ad' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ads\/\d+$/);
  await expect(page.getByRole('heading', { name: adName })).toBeVisible();
  await expect(content).toBeFocused();
  const adId = /\/ads\/(\d+)$/.exec(page.url())?.[1];

  // On from the saved ad: its page offers the campaign, with the ad chosen.
  await tabTo(page, page.getByRole('button', { name: 'Create a campaign with this ad' }), { max: 10 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/campaigns/create\\?format=popunder&ad=${adId}$`));
  await expect(page.getByText(adName, { exact: true })).toBeVisible();

  const campaignName = `Keyboard campaign ${Date.now()}`;
  await tabTo(page, page.getByLabel(/^Name/), { max: 10 });
  await page.keyboard.type(campaignName);
  await tabTo(page, page.getByLabel(/^Price/), { max: 10 });
  await page.keyboard.type('1.2');
  await tabTo(page, page.getByLabel(/^Daily/), { max: 10 });
  await page.keyboard.type('25');

  // The schedule: a grid with one tab stop; arrows move, Space toggles an hour, a weekday's header turns its day.
  const grid = page.getByRole('grid', { name: /^Schedule/ });
  const summary = page.getByText(/of 168 hours selected/);
  await expect(summary).toHaveText('168 of 168 hours selected');
  await tabTo(page, grid.getByRole('gridcell', { name: 'Monday 00:00–01:00, on' }), { max: 20 });
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowDown');
  await expect(grid.getByRole('gridcell', { name: 'Sunday 00:00–01:00, on' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  const sunday = grid.getByRole('button', { name: 'Sun', exact: true });
  await expect(sunday).toBeFocused();
  await expectFocusShown(sunday);
  await page.keyboard.press('Enter');
  await expect(summary).toHaveText('144 of 168 hours selected');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await expect(grid.getByRole('gridcell', { name: 'Saturday 00:00–01:00, on' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(grid.getByRole('gridcell', { name: 'Saturday 00:00–01:00, off' })).toBeFocused();
  await expect(summary).toHaveText('143 of 168 hours selected');

  // A target: the Countries section opens from its title, then the lookup takes typing, arrows and Enter.
  const countries = page.getByRole('button', { name: 'Countries', exact: true });
  await tabTo(page, countries, { max: 30 });
  await expect(countries).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Enter');
  await expect(countries).toHaveAttribute('aria-expanded', 'true');
  const lookup = page.getByRole('combobox', { name: /^Countries/ });
  await tabTo(page, lookup, { max: 6 });
  for (const country of ['Germany', 'France']) {
    // The search stays after a pick (for picking several alike): select it all and type over it.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(country.slice(0, 4));
    const option = page.getByRole('listbox').getByRole('option', { name: country, exact: true });
    await expect(option).toBeVisible();
    // Arrows move the active option (the box's aria-activedescendant) down the matches; Enter takes it.
    const id = await option.getAttribute('id');
    for (let i = 0; i < 10 && (await lookup.getAttribute('aria-activedescendant')) !== id; i++) await page.keyboard.press('ArrowDown');
    await expect(lookup).toHaveAttribute('aria-activedescendant', id as string);
    await page.keyboard.press('Enter');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(lookup).toBeFocused();
  }
  await page.keyboard.press('Escape');
  await expect(page.locator('.ap-lookup', { has: lookup }).getByText('Germany', { exact: true })).toBeVisible();
  await expect(page.locator('.ap-lookup', { has: lookup }).getByText('France', { exact: true })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Create campaign' }), { max: 80 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  await expect(page.getByRole('heading', { name: campaignName })).toBeVisible();
  const countriesRow = page.getByRole('row').filter({ hasText: 'Countries' });
  await expect(countriesRow).toContainText('Germany');
  await expect(countriesRow).toContainText('France');
  await expect(page.getByRole('row').filter({ hasText: 'Schedule' })).toContainText('143 hours a week');
});

test('add funds by card from the top bar, through the sandbox gateway, by keyboard alone', async ({ page, baseURL }) => {
  // PushHub takes cards without a verification (AdNet asks for a verified card first).
  const origin = pushhub(baseURL);
  await signInByKeyboard(page, origin, 'advertiser@pushhub.test');

  const topBar = page.getByTestId('top-bar');
  await tabTo(page, topBar.getByRole('button', { name: 'Add funds' }), { max: 40 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/add-funds$/);

  // The methods are radios (arrows move among them); PushHub's one, the card, is chosen already.
  const card = page.getByRole('radio', { name: /^Bank card/ });
  await tabTo(page, card, { max: 10 });
  await expect(card).toBeChecked();
  const amount = page.getByLabel('Amount', { exact: true });
  await tabTo(page, amount, { max: 5 });
  await page.keyboard.type('120');
  await expect(page.getByTestId('pay')).toHaveText(/€/);
  // Back with Shift+Tab is the same way reversed.
  await tabTo(page, card, { back: true, max: 5 });
  await tabTo(page, amount, { max: 5 });
  await tabTo(page, page.getByTestId('pay'), { max: 12 });
  await page.keyboard.press('Enter');

  // The sandbox gateway's hosted page (the server's, a plain form): the card number has focus or is the first stop.
  await expect(page).toHaveURL(/\/sandbox-gateway\/checkout/);
  const number = page.locator('#number');
  if (!(await number.evaluate((el) => el === document.activeElement))) await tabTo(page, number, { max: 10 });
  await page.keyboard.type('4242 4242 4242 4242');
  await tabTo(page, page.locator('#expiry'), { max: 3 });
  await page.keyboard.type('12/34');
  await tabTo(page, page.locator('#cvc'), { max: 3 });
  await page.keyboard.type('123');
  await tabTo(page, page.locator('#name'), { max: 3 });
  await page.keyboard.type('Keyboard Payer');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/add-funds\/success\?payment=\d+/);
  await expect(page.getByRole('heading', { name: 'Payment received' }).or(page.getByTestId('waiting'))).toBeVisible();
});
