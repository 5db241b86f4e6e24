import { createHmac } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'demo1234';
const API = '/api/private/v1';

/** Signs in through the login form. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel(/E-mail/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The mails the server wrote for an address (the development outbox), newest first. */
export async function outbox(request: APIRequestContext, baseURL: string, to: string): Promise<{ subject: string; text: string; links: string[]; kind: string }[]> {
  const answer = await request.get(`${baseURL}${API}/dev/outbox`, { params: { to } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()).data;
}

/** Waits for a mail of a kind to arrive and returns it. */
export async function mailOf(request: APIRequestContext, baseURL: string, to: string, kind: string) {
  let found: Awaited<ReturnType<typeof outbox>>[number] | undefined;
  await expect.poll(async () => (found = (await outbox(request, baseURL, to)).find((m) => m.kind === kind))).toBeTruthy();
  return found as NonNullable<typeof found>;
}

/** Answers the built-in captcha shown on the page (a sum or a difference of two numbers). */
export async function answerCaptcha(page: Page) {
  const question = page.locator('.ap-captcha-question');
  await expect(question).toHaveText(/\d+ [+−] \d+/);
  const [, a, op, b] = /(\d+) ([+−]) (\d+)/.exec((await question.textContent()) ?? '') as RegExpExecArray;
  await page.getByLabel('Your answer').fill(String(op === '+' ? Number(a) + Number(b) : Number(a) - Number(b)));
}

/** The current RFC 6238 code of a base32 secret (what an authenticator app shows). */
export function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Signs up a personal account through the form (the default host's /register, or the sign-up page already open) and waits for the success page. */
export async function signUp(page: Page, name: string, email: string, password = 'Sunny2026day', { onThisPage = false } = {}) {
  if (!onThisPage) await page.goto('/register');
  await page.getByLabel(/^Your name/).fill(name);
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Repeat the password/).fill(password);
  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/registration-succeeded$/);
}

/** A fresh address on a test domain for sign-ups. */
export const freshEmail = (tag: string) => `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`;

/** The same server under the adnet host (`*.localhost` resolves to this machine). */
export const adnet = (baseURL: string | undefined) => (baseURL as string).replace('localhost', 'adnet.localhost');

/** Signs in on the adnet host as an advertiser (the company one unless named), in English, at a desktop size. */
export async function signInAsAdvertiser(page: Page, baseURL: string | undefined, email = 'company@adnet.test') {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('ab_group')) sessionStorage.setItem('ab_group', '2');
    localStorage.setItem('locale', localStorage.getItem('locale') ?? 'en');
  });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${adnet(baseURL)}/login`);
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/login$/);
  // As a user who already saw this session's popup widget (the demo network's comes after 20 s, in the corner a
  // long test may click); shell.spec.ts tests the popup itself.
  await page.evaluate(() => sessionStorage.setItem('popup-widget-seen', '1'));
}

/** Opens the new-ad page and picks a format by its card. */
export async function startAd(page: Page, baseURL: string | undefined, format: string) {
  await page.goto(`${adnet(baseURL)}/ads/create`);
  await page.getByRole('button', { name: new RegExp(`^${format}`) }).click();
  await expect(page.getByLabel(/^Name/)).toBeVisible();
}

/** A file as `setInputFiles` takes it. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Uploads a file through the media widget labelled `field` (the `nth` one when creatives repeat it) and waits until
 * the widget shows the stored file, failing with the widget's message when the server refuses it.
 */
export async function uploadMedia(page: Page, field: string, file: UploadFile, nth = 0) {
  const widget = page.getByRole('group', { name: field, exact: true }).nth(nth);
  await widget.locator('input[type="file"]').setInputFiles(file);
  const refused = widget.getByRole('alert');
  await expect(widget.getByRole('button', { name: 'Replace' }).or(refused)).toBeVisible();
  await expect(refused, `the upload of ${file.name} was refused`).toBeHidden();
  await expect(widget.getByText(file.name)).toBeVisible();
}

/** Picks options of a lookup (multi-select) by typing part of each name. */
export async function pick(page: Page, label: RegExp, names: string[]) {
  const box = page.getByRole('combobox', { name: label });
  for (const name of names) {
    await box.click();
    await box.fill(name.slice(0, 4));
    await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
  }
  await box.press('Escape');
}

/** The sandbox gateway's test cards: one that pays, one that is declined, one that asks for a 3-D Secure code. */
export const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', challenge: '4000 0000 0000 3220' };

/**
 * Fills the amount and pays by card on the sandbox gateway's hosted page (in the user's saved language, so it is
 * driven by its fields' ids), then gives the bank's code when the card asks for one.
 */
export async function payByCard(page: Page, t: Record<string, string>, amount: string, card: string, code?: string) {
  await page.getByLabel(t['finances.addFunds.amount'], { exact: true }).fill(amount);
  await page.getByTestId('pay').click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/checkout/);
  await page.locator('#number').fill(card);
  await page.locator('#expiry').fill('12/34');
  await page.locator('#cvc').fill('123');
  await page.locator('#name').fill('Test Payer');
  await page.locator('form button[type="submit"]').click();
  if (code) {
    await page.locator('#code').fill(code);
    await page.locator('form button[type="submit"]').click();
  }
}
