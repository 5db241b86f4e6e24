import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adnet, CARDS, freshEmail, mailOf, PASSWORD, payByCard, signIn, signInAsAdvertiser, signUp } from './support';

/**
 * The referral program end to end, on AdNet. Its company advertiser (no campaigns of its own, so its balance moves
 * only by what it earns; the demo advertiser signed up with its link) shares the link from /personal. A newcomer
 * opens it, signs up, confirms the address, adds funds with PayPal (AdNet takes cards only once one is verified) and
 * gets a campaign approved; the demo ad server serves that campaign an hour (POST dev/ad-server, which then bills the
 * hour as the spend and commission jobs will when it is over). The referrer's /personal lists the referral with what
 * it spent and earned, 5 % of that, and the balance grew as much as the total earned did.
 */

const REFERRER = 'company@adnet.test';
const NEWCOMER_PASSWORD = 'Sunny2026day';
const API = '/api/private/v1';
const en = JSON.parse(readFileSync(join('src', 'locales', 'en', 'finances.json'), 'utf8')) as Record<string, string>;
/** A dollar amount as the panel writes it in English (`$1,234.50`, `−$0.25`) as a number. */
const dollars = (text: string) => Number(text.replace(/[^\d.−-]/g, '').replace('−', '-'));

// Two waits for the job runner (the sandbox's word on the payment) and an hour of traffic: more than the default.
test.describe.configure({ timeout: 150_000 });

/** The referrer's balance in the top bar, once it is shown. */
async function balanceOf(page: Page): Promise<number> {
  await expect(page.getByTestId('balance')).toHaveText(/\$/);
  return dollars((await page.getByTestId('balance').textContent()) ?? '');
}

/** Signs in through the API: the bearer token for the calls a test makes beside the browser. */
async function bearerOf(request: APIRequestContext, origin: string, email: string, password: string): Promise<string> {
  const answer = await request.post(`${origin}${API}/auth/login`, { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (answer.headers()['authorization'] ?? '').replace('Bearer ', '');
}

test('a user who signed up with the referral link spends, and the referrer’s balance grows by the percent', async ({ page, browser, request, baseURL }) => {
  const origin = adnet(baseURL);
  // Node does not resolve *.localhost as browsers do; plain localhost is the default network, AdNet.
  const server = baseURL as string;
  await signInAsAdvertiser(page, baseURL, REFERRER);
  await page.goto(`${origin}/personal`);
  const linkField = page.getByRole('textbox', { name: 'Your referral link' });
  await expect(linkField).toHaveValue(new RegExp(`^${origin.replace(/[.:/]/g, '\\$&')}/register\\?ref=[a-z0-9]{10}$`));
  const link = await linkField.inputValue();
  await expect(page.getByText('You earn 5% of what your referrals spend on campaigns')).toBeVisible();
  const referralsBefore = Number(await page.getByTestId('referral-count').innerText());
  const earnedBefore = dollars(await page.getByTestId('referral-earned').innerText());
  const balanceBefore = await balanceOf(page);

  // A newcomer, in a browser of their own, follows the link and signs up there; the code travels with the sign-up.
  const newcomer = await (await browser.newContext()).newPage();
  const email = freshEmail('referred');
  await newcomer.addInitScript(() => {
    localStorage.setItem('locale', 'en');
    // As one who already saw the network's popup widget (shell.spec.ts tests it).
    sessionStorage.setItem('popup-widget-seen', '1');
  });
  await newcomer.goto(link);
  const registering = newcomer.waitForRequest((r) => r.url().endsWith('/auth/register') && r.method() === 'POST');
  await signUp(newcomer, 'Referred Newcomer', email, NEWCOMER_PASSWORD, { onThisPage: true });
  expect((await registering).postDataJSON()).toMatchObject({ affiliate_code: new URL(link).searchParams.get('ref'), email });
  const confirmation = await mailOf(request, server, email, 'email_confirmation');
  await newcomer.goto(confirmation.links.find((l) => l.includes('/confirm/')) as string);
  await expect(newcomer.getByText('Your e-mail address is confirmed.')).toBeVisible();

  // They add $100 with PayPal (the sandbox gateway's page) and wait for its word.
  await newcomer.goto(`${origin}/login`);
  if (await newcomer.getByLabel(/E-mail/).isVisible()) await signIn(newcomer, email, NEWCOMER_PASSWORD);
  await newcomer.goto(`${origin}/add-funds`);
  // The first time in the panel: the welcome screen (accounts.spec.ts walks it) is skipped.
  await newcomer.getByRole('dialog', { name: /^Welcome to / }).getByRole('button', { name: 'Skip' }).click();
  await newcomer.getByText('PayPal', { exact: true }).click();
  await expect(newcomer.getByRole('radio', { name: /PayPal/ })).toBeChecked();
  await payByCard(newcomer, en, '100', CARDS.ok);
  await expect(newcomer.getByRole('heading', { name: en['finances.result.succeeded'] })).toBeVisible({ timeout: 40_000 });

  // Their popunder campaign (made through the API: the ad and campaign forms have tests of their own), approved by support.
  const token = await bearerOf(request, server, email, NEWCOMER_PASSWORD);
  const call = (method: 'post', path: string, data: unknown, as = token) => request[method](`${server}${API}/${path}`, { data, headers: { Authorization: `Bearer ${as}` } });
  const ad = await call('post', 'ads', { format: 'popunder', name: 'Spring sale', url: 'https://shop.example.com/' });
  expect(ad.status(), await ad.text()).toBe(201);
  const campaign = await call('post', 'campaigns', { name: 'Spring sale', ad_format: 'popunder', ad_id: (await ad.json()).data.id, pricing_model: 'cpm', price: '0.5000', limits: { type: 'money', daily: '40.00' } });
  expect(campaign.status(), await campaign.text()).toBe(201);
  const support = await bearerOf(request, server, 'support@adnet.test', PASSWORD);
  const approved = await call('post', `admin/campaigns/${(await campaign.json()).data.id}/approval`, { status: 'approved' }, support);
  expect(approved.status(), await approved.text()).toBe(200);

  // The ad server serves it this hour, which is then billed as when it is over.
  const served = await call('post', 'dev/ad-server', { events: 3_000 });
  expect(served.status(), await served.text()).toBe(200);
  expect((await served.json()).data.events).toBeGreaterThan(0);

  // The referrer sees the referral, what it spent and the 5 % it earned.
  await page.reload();
  await expect(page.getByTestId('referral-count')).toHaveText(String(referralsBefore + 1));
  const row = page.getByRole('row', { name: new RegExp(`^${email[0]}\\*\\*\\*@example\\.test`) });
  await expect(row).toBeVisible();
  // Referral, joined, status, spent, earned.
  const cells = await row.getByRole('cell').allTextContents();
  expect(cells[2]).toBe('Confirmed');
  const [spent, earned] = cells.slice(3).map(dollars);
  expect(spent).toBeGreaterThan(0);
  // Each figure is rounded to the cent on its own: they agree to a cent.
  const cent = (a: number, b: number) => Math.abs(a - b) <= 0.0101;
  expect(cent(earned, spent * 0.05), `${earned} is 5 % of ${spent}`).toBe(true);
  // The demo's own referral (the demo advertiser, whose campaigns run all along) may have paid meanwhile too: the
  // total earned grew by this commission at least, and the balance by exactly what the total earned grew.
  const earnedAfter = dollars(await page.getByTestId('referral-earned').innerText());
  const balanceAfter = await balanceOf(page);
  expect(earnedAfter - earnedBefore).toBeGreaterThanOrEqual(earned - 0.0101);
  expect(cent(balanceAfter - balanceBefore, earnedAfter - earnedBefore), `balance ${balanceBefore} → ${balanceAfter}, earned ${earnedBefore} → ${earnedAfter}`).toBe(true);
  await page.screenshot({ path: 'test-results/referral-shots/personal-en-1366.png', fullPage: true, animations: 'disabled' });
  await newcomer.context().close();
});
