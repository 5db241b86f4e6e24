import { expect, test } from '@playwright/test';
import { answerCaptcha, freshEmail, mailOf, PASSWORD, signIn, signUp, totp } from './support';

/** The path and query of a link from a mail, opened on the server under test. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

test('sign up as a company, confirm the e-mail from the mail, and land in the panel', async ({ page, request, baseURL }) => {
  const email = freshEmail('company');
  await page.goto('/register?ref=partner-7');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // Blueprint draws the radio over the input: click its label, as a person does.
  await page.locator('label', { hasText: /^Company$/ }).click();
  await page.getByLabel(/^Your name/).fill('Dana Fischer');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Password/).fill('Sunny2026day');
  await page.getByLabel(/^Repeat the password/).fill('Sunny2026day');
  // Company fields are required for a company account: the form says so before anything is sent.
  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await page.getByLabel(/^Company name/).fill('Fischer Media GmbH');
  await page.getByLabel(/^Company address/).fill('Hauptstraße 5, Berlin');
  const registering = page.waitForRequest((r) => r.url().endsWith('/auth/register') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Create account' }).click();
  // The referral code of the landing URL travels with the sign-up (kept in a cookie meanwhile).
  expect((await registering).postDataJSON()).toMatchObject({ affiliate_code: 'partner-7', email });

  await expect(page).toHaveURL(/\/registration-succeeded$/);
  await expect(page.getByText('Your account is ready')).toBeVisible();

  const mail = await mailOf(request, baseURL as string, email, 'email_confirmation');
  const link = mail.links.find((l) => l.includes('/confirm/')) as string;
  await page.goto(pathOf(link));
  await expect(page.getByText('Your e-mail address is confirmed.')).toBeVisible();

  // The first time in the panel: the network's welcome screen, three steps, then never again.
  await page.goto('/dashboard');
  const welcome = page.getByRole('dialog', { name: /^Welcome to / });
  await expect(welcome).toContainText('1. Create an ad');
  await expect(welcome).toContainText('Step 1 of 3');
  await welcome.getByRole('button', { name: 'Next' }).click();
  await expect(welcome).toContainText('2. Start a campaign');
  await welcome.getByRole('button', { name: 'Next' }).click();
  await expect(welcome).toContainText('3. Add funds and watch the results');
  await page.screenshot({ path: 'test-results/accounts-shots/welcome.png' });
  await welcome.getByRole('button', { name: 'Get started' }).click();
  await expect(welcome).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a wrong captcha answer keeps what was typed and asks a new question', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel(/^Your name/).fill('Kim Lee');
  await page.getByLabel(/^E-mail/).fill(freshEmail('captcha'));
  await page.getByLabel(/^Password/).fill('Sunny2026day');
  await page.getByLabel(/^Repeat the password/).fill('Sunny2026day');
  const question = await page.locator('.ap-captcha-question').textContent();
  await page.getByLabel('Your answer').fill('100000');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('.ap-captcha-question')).not.toHaveText(question ?? '');
  await expect(page.getByLabel(/^Your name/)).toHaveValue('Kim Lee');
});

test('forgot password: the mailed link sets a new password that signs in', async ({ page, request, baseURL }) => {
  const email = freshEmail('reset');
  // A new account of its own, so the demo users keep their passwords for the other tests.
  await signUp(page, 'Reset Tester', email);
  await page.evaluate(() => localStorage.removeItem('auth_token'));

  await page.goto('/password/reset');
  await page.getByLabel(/^E-mail/).fill(email);
  await answerCaptcha(page);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

  const mail = await mailOf(request, baseURL as string, email, 'password_reset');
  await page.goto(pathOf(mail.links.find((l) => l.includes('/password/reset')) as string));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel(/^New password|^Password/).first().fill('Winter2027night');
  await page.getByLabel(/^Repeat/).fill('Winter2027night');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password was changed.')).toBeVisible();
  await signIn(page, email, 'Winter2027night');
  await expect(page).not.toHaveURL(/\/login$/);
});

test('second step by e-mail: the code field appears and the mailed code signs in', async ({ page, request, baseURL }) => {
  await page.goto('/login');
  await expect(page.getByLabel(/Verification code/)).toHaveCount(0);
  await signIn(page, 'email2fa@adnet.test');
  await expect(page.getByLabel(/Verification code/)).toBeVisible();
  await expect(page.getByText(/We sent a code to your e-mail/)).toBeVisible();
  await page.getByLabel(/Verification code/).fill('000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('The code is invalid.')).toBeVisible();
  const mail = await mailOf(request, baseURL as string, 'email2fa@adnet.test', 'login_code');
  const code = /\b\d{6}\b/.exec(mail.text)?.[0] as string;
  await page.getByLabel(/Verification code/).fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
});

test('second step with Google Authenticator', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'google2fa@adnet.test');
  await expect(page.getByText(/authenticator app/)).toBeVisible();
  await page.getByLabel(/Verification code/).fill(totp('JBSWY3DPEHPK3PXP'));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
});

test('support staff impersonate a user and leave again', async ({ page, request, baseURL }) => {
  const login = await request.post(`${baseURL}/api/private/v1/auth/login`, { data: { email: 'support@adnet.test', password: PASSWORD } });
  const supportToken = (login.headers()['authorization'] ?? '').replace('Bearer ', '');
  const users = await request.post(`${baseURL}/api/private/v1/auth/login`, { data: { email: 'advertiser@adnet.test', password: PASSWORD } });
  const advertiser = (await users.json()).data.user as { id: number };
  const link = await request.post(`${baseURL}/api/private/v1/impersonate/${advertiser.id}`, { headers: { Authorization: `Bearer ${supportToken}` } });
  expect(link.ok()).toBe(true);
  await page.goto(pathOf((await link.json()).data.url));
  await expect(page).not.toHaveURL(/\/impersonate/);
  await page.getByRole('button', { name: /Alex Morgan/ }).click();
  await page.getByRole('menuitem', { name: 'Leave impersonate' }).click();
  await expect(page).not.toHaveURL(/\/personal|\/dashboard/);
});

test('notifications: each links to the campaign or ad it is about', async ({ page }) => {
  await page.goto('/notification');
  await signIn(page, 'advertiser@adnet.test');
  const link = page.getByRole('link', { name: /^Campaign #\d+ was paused and activated again$/ });
  const id = /#(\d+)/.exec((await link.textContent()) ?? '')?.[1];
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${id}$`));
  await expect(page.getByRole('heading', { name: 'Germany · weekends' })).toBeVisible();
});

test('notifications: read one, then read all', async ({ page }) => {
  // Straight to the page: sign-in comes first and then brings the user back to it.
  await page.goto('/notification');
  await signIn(page, 'advertiser@adnet.test');
  await expect(page).toHaveURL(/\/notification$/);
  const items = page.locator('li[data-unread]');
  await expect(items.first()).toBeVisible();
  const before = await items.count();
  await page.getByRole('button', { name: 'Mark as read' }).first().click();
  await expect(items).toHaveCount(before - 1);
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByText('No notifications')).toBeVisible();
  // The badge in the sidebar follows the page.
  await expect(page.getByTestId('top-bar').getByText(/^\d+$/)).toHaveCount(0);
});

test('notifications: remove all asks first, in the user’s language', async ({ page }) => {
  await page.goto('/notification');
  await signIn(page, 'company@adnet.test'); // this user reads the panel in German
  await expect(page.locator('li[data-unread]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Alle löschen' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Alle löschen' }).click();
  await expect(page.getByText('Keine Benachrichtigungen')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Keine Benachrichtigungen')).toBeVisible();
});

test('profile: a bad value is shown under its field and a good save says so', async ({ page }) => {
  await page.goto('/personal');
  await signIn(page, 'advertiser@adnet.test');
  await expect(page).toHaveURL(/\/personal$/);
  const name = page.getByLabel(/^Your name|^Name/).first();
  await expect(name).toHaveValue('Alex Morgan');
  await name.fill('A');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('.ap-field-error').first()).toBeVisible();
  await name.fill('Alex Morgan-Lee');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile data updated successfully')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^Your name|^Name/).first()).toHaveValue('Alex Morgan-Lee');
  // Leave the demo user as it was for the other tests.
  await page.getByLabel(/^Your name|^Name/).first().fill('Alex Morgan');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile data updated successfully')).toBeVisible();
});

test('profile: changing how the account signs in asks for the current password', async ({ page }) => {
  await page.goto('/personal');
  await signIn(page, 'advertiser@adnet.test');
  await expect(page).toHaveURL(/\/personal$/);
  const password = page.getByLabel(/^Current password/);
  // Nothing to confirm while the method stays as it is.
  await expect(password).toHaveCount(0);
  const method = page.getByLabel(/^Two-factor sign-in/);
  await method.selectOption({ label: 'E-mail code' });
  await expect(password).toBeVisible();
  const save = page.getByRole('button', { name: 'Save changes' });
  await save.click();
  await expect(page.locator('.ap-field-error').first()).toBeVisible();
  await password.fill('demo1234');
  await save.click();
  await expect(password).toHaveCount(0);
  // And back off, with the password again.
  await method.selectOption({ label: 'Off' });
  await password.fill('demo1234');
  await save.click();
  await expect(password).toHaveCount(0);
});

test('the language chosen on the sign-in page stays after a reload', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('combobox', { name: /Language/ }).selectOption('de');
  await expect(page.getByRole('heading', { name: 'Bei AdNet anmelden' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Bei AdNet anmelden' })).toBeVisible();
});

test('the unsubscribe link of a notification mail saves the choice; a forged link is refused', async ({ page, request, baseURL }) => {
  const email = freshEmail('unsubscribe');
  await signUp(page, 'Una Subscriber', email);
  const confirm = await mailOf(request, baseURL as string, email, 'email_confirmation');
  await page.goto(pathOf(confirm.links.find((l) => l.includes('/confirm/')) as string));
  await expect(page.getByText('Your e-mail address is confirmed.')).toBeVisible();

  const notice = await mailOf(request, baseURL as string, email, 'notification:user_email_confirmed');
  const link = pathOf(notice.links.find((l) => l.includes('/unsubscribe/')) as string);
  await page.goto(link);
  await expect(page.getByText(`Choose which e-mails ${email} receives.`)).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe from all' }).click();
  await expect(page.getByText('Your choice is saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /News about my ads/ })).not.toBeChecked();

  await page.goto(link.replace(/signature=[0-9a-f]/, 'signature=x'));
  await expect(page.getByText('This link is not valid.', { exact: false })).toBeVisible();
});
