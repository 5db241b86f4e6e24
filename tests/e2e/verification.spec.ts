import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { png } from '../fixtures/mediaBytes';
import { adnet, PASSWORD, signInAsAdvertiser } from './support';

const SHOTS = 'test-results/verification-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled', fullPage: true });
const texts = (locale: string) => JSON.parse(readFileSync(join('src', 'locales', locale, 'verification.json'), 'utf8')) as Record<string, string>;
/** A passport "scan": a real PNG the server's sniffer accepts. */
const SCAN = { name: 'passport-page.png', mimeType: 'image/png', buffer: png(640, 440, [226, 232, 240], [180, 190, 205]) };

/** Uploads a document for a kind through the page's file input and waits for it in the list of files to send. */
async function uploadDocument(page: Page, kind: string, file = SCAN) {
  await page.getByTestId(`verification-file-${kind}`).setInputFiles(file);
  await expect(page.getByRole('listitem').filter({ hasText: file.name })).toBeVisible();
}

/** Sends, sees it pending, then withdraws it after confirming; the texts are the locale's. */
async function sendAndWithdraw(page: Page, t: Record<string, string>, kind: string, locale: string) {
  const panel = page.getByRole('region', { name: t[`verification.kind.${kind}.title`] });
  await expect(panel.getByText(t['verification.status.none'])).toBeVisible();
  await uploadDocument(page, kind);
  await panel.getByRole('button', { name: t['verification.submit'] }).click();
  await expect(panel.getByText(t['verification.pendingTitle'])).toBeVisible();
  await expect(panel.getByText(t['verification.status.pending'])).toBeVisible();
  await expect(panel.getByRole('list', { name: t['verification.sentFiles'] })).toContainText(SCAN.name);
  // The side list shows the new status beside the kind.
  await expect(page.getByRole('navigation', { name: t['verification.kinds'] }).getByRole('link', { name: new RegExp(t[`verification.kind.${kind}.title`]) })).toContainText(t['verification.status.pending']);
  await shot(page, `pending-${locale}`);

  await panel.getByRole('button', { name: t['verification.withdraw'] }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(t[`verification.kind.${kind}.title`]);
  await dialog.getByRole('button', { name: t['verification.withdraw'] }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(t['verification.status.none'])).toBeVisible();
  await expect(panel.getByRole('button', { name: t['verification.submit'] })).toBeDisabled();
}

test('a document is uploaded for a kind, sent for review, shown pending, and withdrawn after confirming', async ({ page, baseURL }) => {
  const t = texts('en');
  await signInAsAdvertiser(page, baseURL);
  await page.goto(`${adnet(baseURL)}/verifications/passport`);
  await expect(page.getByRole('heading', { level: 2, name: t['verification.title'] })).toBeVisible();
  const kinds = page.getByRole('navigation', { name: t['verification.kinds'] });
  await expect(kinds.getByRole('link')).toHaveCount(4);
  await expect(kinds.getByRole('link', { name: /Passport/ }).first()).toHaveAttribute('aria-current', 'page');
  // What the kind needs, and this network requires a verified card for payments.
  await expect(page.getByText(t['verification.kind.passport.needs'])).toBeVisible();
  await expect(page.getByText(t['verification.required'])).toBeVisible();
  await shot(page, 'empty-en');

  // A file of another type is refused in place, before it is sent.
  await page.getByTestId('verification-file-passport').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt' })).toBeVisible();

  await sendAndWithdraw(page, t, 'passport', 'en');

  // Keyboard: the side list's links move between kinds.
  await kinds.getByRole('link', { name: new RegExp(t['verification.kind.photo_of_card.title']) }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/verifications\/photo_of_card$/);
  await expect(page.getByRole('heading', { level: 3, name: t['verification.kind.photo_of_card.title'] })).toBeVisible();
});

/** Support staff of AdNet reject the user's pending verification of a kind with a reason, through the API. */
async function rejectAsStaff(request: APIRequestContext, baseURL: string | undefined, email: string, type: string, reason: string) {
  // Node does not resolve *.localhost as browsers do; plain localhost is the default network, AdNet.
  const api = `${baseURL}/api/private/v1`;
  const login = await request.post(`${api}/auth/login`, { data: { email: 'support@adnet.test', password: PASSWORD } });
  const headers = { authorization: login.headers().authorization };
  const queue = (await (await request.get(`${api}/admin/verifications`, { headers })).json()).data as { id: number; type: string; user_email: string }[];
  const item = queue.find((q) => q.user_email === email && q.type === type);
  expect(item, `a pending ${type} of ${email} in the staff queue`).toBeDefined();
  const decided = await request.post(`${api}/admin/verifications/${item!.id}/decision`, { headers, data: { status: 'rejected', reason } });
  expect(decided.status()).toBe(200);
}

test('a rejected kind shows the staff reason and takes new documents', async ({ page, baseURL, request }) => {
  const t = texts('en');
  await signInAsAdvertiser(page, baseURL, 'company@adnet.test');
  await page.goto(`${adnet(baseURL)}/verifications/io`);
  const panel = page.getByRole('region', { name: t['verification.kind.io.title'] });
  await uploadDocument(page, 'io', { ...SCAN, name: 'id-card-front.png' });
  await uploadDocument(page, 'io', { ...SCAN, name: 'id-card-back.png' });
  await panel.getByRole('button', { name: t['verification.submit'] }).click();
  await expect(panel.getByText(t['verification.pendingTitle'])).toBeVisible();

  await rejectAsStaff(request, baseURL, 'company@adnet.test', 'io', 'The back side is blurred: the date of birth cannot be read.');
  await page.reload();
  await expect(panel.getByRole('heading', { name: t['verification.rejectedTitle'], exact: true })).toBeVisible();
  await expect(panel).toContainText('The back side is blurred: the date of birth cannot be read.');
  await expect(panel.getByRole('button', { name: t['verification.submit'] })).toBeDisabled();
  await shot(page, 'rejected-en');
  // New files can be sent at once.
  await uploadDocument(page, 'io', { ...SCAN, name: 'id-card-back-sharp.png' });
  await panel.getByRole('button', { name: t['verification.submit'] }).click();
  await expect(panel.getByText(t['verification.pendingTitle'])).toBeVisible();
});

test('an unknown kind opens the first one', async ({ page, baseURL }) => {
  await signInAsAdvertiser(page, baseURL);
  await page.goto(`${adnet(baseURL)}/verifications/diary`);
  await expect(page).toHaveURL(/\/verifications\/photo_of_card$/);
});

test('the page speaks Russian: the same upload, send and withdraw', async ({ page, baseURL }) => {
  const t = texts('ru');
  await signInAsAdvertiser(page, baseURL, 'advertiser@adnet.test');
  await page.evaluate(() => localStorage.setItem('locale', 'ru'));
  await page.goto(`${adnet(baseURL)}/verifications/passport_and_paper`);
  await expect(page.getByRole('heading', { level: 2, name: t['verification.title'] })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: t['verification.kind.passport_and_paper.title'] })).toBeVisible();
  // The handwritten paper names this network.
  await expect(page.getByText(t['verification.kind.passport_and_paper.needs'].replace('{network}', 'AdNet'))).toBeVisible();
  await sendAndWithdraw(page, t, 'passport_and_paper', 'ru');
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
});
