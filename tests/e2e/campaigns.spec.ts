import { expect, test, type Page } from '@playwright/test';
import { adnet, signInAsAdvertiser } from './support';

/**
 * Campaigns end to end in Chromium, as the demo advertiser who starts with ads and campaigns (server/db/seed*.ts):
 * create for three formats with several targets while the estimate moves, edit, duplicate, bulk pause and start,
 * an updating rule with its preview, a campaign from an offer.
 */

test.beforeEach(async ({ page, baseURL }) => {
  page.on('pageerror', (error) => console.log(`page error: ${error.message}\n${error.stack}`));
  await signInAsAdvertiser(page, baseURL, 'advertiser@adnet.test');
});

const lookup = (page: Page, label: RegExp) => page.getByRole('combobox', { name: label });

/** Opens a collapsed target section of the form by its title. */
async function openSection(page: Page, title: string) {
  const header = page.locator('.bp6-section-header', { has: page.getByText(title, { exact: true }) });
  await header.click();
}

/** Picks options of a lookup by typing part of each name. */
async function pick(page: Page, label: RegExp, names: string[]) {
  const box = lookup(page, label);
  for (const name of names) {
    await box.click();
    await box.fill(name.slice(0, 4));
    await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
  }
  await box.press('Escape');
}

/** The impressions per day the estimate shows, once it has settled. */
async function estimated(page: Page): Promise<number> {
  const panel = page.getByRole('region', { name: 'Traffic estimate' }).or(page.locator('[aria-labelledby="estimate-title"]'));
  await expect(panel).toHaveAttribute('aria-busy', 'false');
  const text = (await page.getByTestId('estimate-impressions').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

async function clickRadio(page: Page, name: string) {
  await page.getByText(name, { exact: true }).click();
}

const FORMATS = [
  { format: 'Popunder', price: '1.2', country: ['Germany', 'France'], os: ['Android'] },
  { format: 'Direct Link', price: '0.08', country: ['Spain'], os: ['iOS'] },
  { format: 'Gallery', price: '0.05', country: ['Italy', 'Poland'], os: ['Windows'] },
];

for (const c of FORMATS) {
  test(`creates a ${c.format} campaign with several targets while the estimate follows`, async ({ page, baseURL }) => {
    await page.goto(`${adnet(baseURL)}/campaigns/create`);
    await page.getByRole('button', { name: new RegExp(`^${c.format}`) }).click();
    const name = `${c.format} e2e ${Date.now()}`;
    await page.getByLabel(/^Name/).fill(name);
    await lookup(page, /^Ad/).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.getByLabel(/^Price/).fill(c.price);
    await page.getByLabel(/^Daily/).fill('25');

    const everywhere = await estimated(page);
    expect(everywhere).toBeGreaterThan(0);
    await openSection(page, 'Countries');
    await pick(page, /^Countries/, c.country);
    await expect.poll(() => estimated(page)).toBeLessThan(everywhere);
    const inCountries = await estimated(page);
    await openSection(page, 'Operating systems');
    await pick(page, /^Operating systems/, c.os);
    await expect.poll(() => estimated(page)).toBeLessThan(inCountries);
    await openSection(page, 'Connection type');
    await clickRadio(page, 'Wi-Fi only');

    await page.getByRole('button', { name: 'Create campaign' }).click();
    await expect(page).toHaveURL(/\/campaigns\/\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const targeting = page.getByRole('row');
    // The view names what was chosen, as the form's closed sections do.
    for (const country of c.country) await expect(targeting.filter({ hasText: 'Countries' })).toContainText(country);
    await expect(targeting.filter({ hasText: 'Operating systems' })).toContainText(c.os[0]);
    await expect(targeting.filter({ hasText: 'Connection type' })).toContainText('Wi-Fi only');
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  });
}

test('a submit with errors from the foot of the long form goes to the first of them and says how many; a closed section says what it holds', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/campaigns/create?format=popunder`);
  await openSection(page, 'Countries');
  await pick(page, /^Countries/, ['Germany', 'France', 'Italy', 'Spain']);
  await openSection(page, 'Countries');
  await expect(page.locator('.ap-section-summary', { hasText: 'Germany, France, Italy +1' })).toBeVisible();
  // Save stays in sight at the foot of the screen, with the estimate beside it.
  await page.mouse.wheel(0, 20_000);
  const foot = page.getByRole('group', { name: 'Create campaign' });
  await expect(foot).toBeInViewport();
  await expect(foot).toContainText(/impressions and [\d,]+ clicks a day/);
  await foot.getByRole('button', { name: 'Create campaign' }).click();
  // Name, ad and price are empty.
  await expect(foot.getByRole('button', { name: '3 fields need attention' })).toBeVisible();
  const name = page.getByLabel(/^Name/);
  await expect(name).toBeFocused();
  await expect(name).toBeInViewport();
});

test('edits a campaign and duplicates it', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/campaigns`);
  await page.getByRole('link', { name: 'Germany · weekends', exact: true }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel(/^Name/)).toHaveValue('Germany · weekends');
  // Saved ids come back with their names.
  await expect(page.locator('.ap-lookup', { has: lookup(page, /^Countries/) }).getByText('Germany', { exact: true })).toBeVisible();
  await page.getByLabel(/^Price/).fill('0.3');
  await page.getByRole('button', { name: 'Save campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  await expect(page.getByRole('row', { name: /Price/ })).toContainText('$0.3000');

  await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
  await expect(page.getByLabel(/^Name/)).toHaveValue('Germany · weekends (copy)');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('heading', { name: 'Germany · weekends (copy)' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Countries/ })).toContainText('Germany');
});

test('pauses and starts campaigns in bulk, after a confirmation', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/campaigns`);
  const row = (name: string) => page.getByRole('row', { name: new RegExp(name) });
  await page.getByRole('checkbox', { name: 'Select Europe · evergreen' }).check({ force: true });
  await page.getByRole('checkbox', { name: 'Select US and Canada · mobile' }).check({ force: true });
  await expect(page.getByText('2 campaigns selected')).toBeVisible();
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByText('Pause 2 campaigns?')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('2 campaigns paused')).toBeVisible();
  await expect(row('Europe · evergreen').getByText('Paused')).toBeVisible();
  await expect(row('US and Canada · mobile').getByText('Paused')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select Europe · evergreen' }).check({ force: true });
  await page.getByRole('checkbox', { name: 'Select US and Canada · mobile' }).check({ force: true });
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Start' }).click();
  await expect(page.getByText('2 campaigns started')).toBeVisible();
  await expect(row('Europe · evergreen').getByText('Active')).toBeVisible();
  await expect(row('Europe · evergreen')).toContainText('$40.00');
});

test('adds an updating rule after seeing which campaigns it would act on now', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/campaigns`);
  await page.getByRole('link', { name: 'Europe · evergreen', exact: true }).click();
  await page.getByRole('button', { name: 'Add a rule' }).click();
  // The most conditions a rule may have (GET settings) is said before the form refuses another.
  await expect(page.getByText('1 of at most 5 conditions.')).toBeVisible();
  for (let n = 2; n <= 5; n++) await page.getByRole('button', { name: 'Add a condition' }).click();
  await expect(page.getByText('5 of at most 5 conditions.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add a condition' })).toHaveCount(0);
  for (let n = 5; n > 1; n--) await page.getByRole('button', { name: 'Remove' }).last().click();
  await expect(page.getByText('1 of at most 5 conditions.')).toBeVisible();
  await page.getByLabel(/^Value/).fill('0.01');
  await page.getByRole('button', { name: 'Which campaigns would it act on now?' }).click();
  // The seeded campaigns (their generated statistics) spent more than 0.01 over the last 7 days.
  await expect(page.getByText(/It would act on \d+ campaigns? now/)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Europe · evergreen' })).toBeVisible();
  await page.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByText('When Cost greater than 0.01 over the last 7 days: Pause the campaign')).toBeVisible();
});

test('creates a campaign from an offer', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/campaigns`);
  await page.getByRole('link', { name: 'Europe · evergreen', exact: true }).click();
  const offer = page.getByRole('listitem').filter({ hasText: /^Add \d+ more countries/ });
  await offer.getByRole('button', { name: 'Create this campaign' }).click();
  await expect(page).toHaveURL(/create-offer-campaign\?campaign=\d+&offer=expand-countries/);
  await expect(page.getByLabel(/^Name/)).toHaveValue(/^Europe · evergreen · Add \d+ more countries/);
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  // Three countries by name, then how many more.
  await expect(page.getByRole('row', { name: /Countries/ })).toContainText(/[^,]+, [^,]+, [^,]+ \+\d+/);
});

test('pasted domains and IP ranges are checked as they are typed, with the problems under their field', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/campaigns`);
  await page.getByRole('link', { name: 'Worldwide test', exact: true }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel(/^Name/)).toHaveValue('Worldwide test');
  // A target with a value opens by itself; the others open on a click.
  if (!(await page.getByLabel(/^Domains/).isVisible())) await openSection(page, 'Sites');
  await page.getByLabel(/^Domains/).fill('not a domain!\nnowhere-at-all.example');
  const domains = page.locator('[id$="__check"]').first();
  await expect(domains).toContainText('Line 1: “not a domain!” is not a domain name');
  await expect(domains).toContainText('Line 2: “nowhere-at-all.example” is not a site of this network');
  if (!(await page.getByRole('textbox', { name: 'IP ranges' }).isVisible())) await openSection(page, 'IP ranges');
  await page.getByRole('textbox', { name: 'IP ranges' }).fill('10.0.0.0/8\n300.1.2.3');
  await expect(page.getByRole('alert').filter({ hasText: /^Line 2:/ })).toBeVisible();
  // What was typed stays for the user to fix.
  await expect(page.getByLabel(/^Domains/)).toHaveValue('not a domain!\nnowhere-at-all.example');
});

test('the sites a campaign targets show with their logo, badges and report, a dash for what is unknown', async ({ page, baseURL }) => {
  await page.goto(`${adnet(baseURL)}/campaigns`);
  // A campaign no other test edits (this one's targets change).
  await page.getByRole('link', { name: 'Worldwide test', exact: true }).click();
  const id = /\/campaigns\/(\d+)$/.exec(page.url())?.[1];
  // Exclude two sites, one of them without a report, through the statistics' blacklist call.
  await page.evaluate(async (campaign) => {
    const api = '/api/private/v1';
    const signedIn = await fetch(`${api}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'advertiser@adnet.test', password: 'demo1234' }) });
    const authorization = signedIn.headers.get('authorization') ?? '';
    const found = (await (await fetch(`${api}/sites/search/domains`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ query: 'news', limit: 2 }) })).json()).data as { id: number }[];
    await fetch(`${api}/campaigns/targets/${campaign}/blacklist`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ sites: found.map((s) => s.id) }) });
  }, id);
  await page.reload();
  await expect(page.getByText('Never runs on these 2 sites:')).toBeVisible();
  const table = page.locator('table', { has: page.getByRole('columnheader', { name: 'Visits a month' }) });
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table).toContainText(/news/);
  await page.screenshot({ path: 'test-results/campaign-shots/sites.png', fullPage: true });
});

test('on a phone the campaign and ad lists stay inside the screen: their tables scroll in their own box', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/campaigns', '/ads']) {
    await page.goto(`${adnet(baseURL)}${path}`);
    await expect(page.locator('.schema-table__table tbody tr').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
  }
});
