import { expect, test } from '@playwright/test';
import { adnet, signInAsAdvertiser, startAd } from './support';

const SHOTS = 'test-results/ads-shots';

test.beforeEach(({ page, baseURL }) => signInAsAdvertiser(page, baseURL));

test('a popunder: create, view, edit, duplicate, and find it in the table', async ({ page, baseURL }) => {
  const name = `Popunder ${Date.now()}`;
  await startAd(page, baseURL, 'Popunder');
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Landing page URL/).fill('https://shop.example.com/?c={click_id}');
  await page.getByRole('button', { name: 'Create the ad' }).click();

  await expect(page).toHaveURL(/\/ads\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  // No campaign runs it yet: moderation gets it with the first one.
  await expect(page.getByText('Waiting for a campaign').first()).toBeVisible();
  await expect(page.getByText('Nothing suspicious found')).toBeVisible();
  // A new ad has no statistics yet.
  await expect(page.getByText('No impressions yet')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/view.png`, fullPage: true });
  const id = /\/ads\/(\d+)$/.exec(page.url())?.[1];

  // The next step is offered: a campaign with this ad already chosen.
  await page.getByRole('button', { name: 'Create a campaign with this ad' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/create\\?format=popunder&ad=${id}$`));
  await expect(page.getByText(name, { exact: true })).toBeVisible(); // the chosen ad's tag
  await page.goBack();

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ads/${id}/edit$`));
  await expect(page.getByLabel(/^Name/)).toHaveValue(name);
  await page.getByLabel(/^Priority/).fill('150');
  await page.getByRole('button', { name: 'Save the ad' }).click();
  await expect(page).toHaveURL(new RegExp(`/ads/${id}$`));

  await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
  await expect(page.getByLabel(/^Name/)).toHaveValue(`${name} (copy)`);
  await expect(page.getByLabel(/^Priority/)).toHaveValue('150');
  await page.getByRole('button', { name: 'Create the ad' }).click();
  await expect(page).toHaveURL(/\/ads\/\d+$/);
  expect(/\/ads\/(\d+)$/.exec(page.url())?.[1]).not.toBe(id);

  await page.goto(`${adnet(baseURL)}/ads`);
  await page.getByRole('searchbox', { name: /Search/ }).fill(name);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `${name} (copy)` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/table.png`, fullPage: true });
});

test('a failed save keeps what was typed and names the problem under its field', async ({ page, baseURL }) => {
  await startAd(page, baseURL, 'Direct Link');
  await page.getByLabel(/^Name/).fill('Kept input');
  await page.getByLabel(/^Landing page URL/).fill('ftp://files.example.com');
  await page.getByLabel(/^Title/).fill('Far too long for a direct link');
  await page.getByRole('button', { name: 'Create the ad' }).click();
  await expect(page.getByText('Enter the value in the required format').first()).toBeVisible();
  await expect(page.getByLabel(/^Name/)).toHaveValue('Kept input');
  await expect(page.getByLabel(/^Title/)).toHaveValue('Far too long for a direct link');
  await expect(page).toHaveURL(/\/ads\/create/);
});

test('a notification widget ad: the keyword warning, the preview, and a creative turned off', async ({ page, baseURL }) => {
  await startAd(page, baseURL, 'Notification Widget');
  await page.getByLabel(/^Name/).fill(`Widget ${Date.now()}`);
  await page.getByLabel(/^Title/).first().fill('Casino night bonus');
  await expect(page.getByText('Creative contains words that can significantly reduce the amount of traffic')).toBeVisible();
  await page.getByLabel(/^Description/).first().fill('Spin the wheel tonight');
  await page.getByLabel(/^Landing page URL/).first().fill('https://a.example/one');
  await page.getByRole('button', { name: 'Add a creative' }).click();
  await page.getByLabel(/^Title/).nth(1).fill('Fresh news daily');
  await page.getByLabel(/^Description/).nth(1).fill('Read the headlines');
  await page.getByLabel(/^Landing page URL/).nth(1).fill('https://a.example/two');
  await expect(page.getByRole('complementary', { name: 'Preview' }).getByText('Casino night bonus')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/form.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create the ad' }).click();
  await expect(page).toHaveURL(/\/ads\/\d+$/);

  const first = page.getByRole('checkbox', { name: 'Turn creative 1 off' });
  await first.click({ force: true });
  await expect(page.getByRole('checkbox', { name: 'Turn creative 1 on' })).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Turn creative 1 on' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Turn creative 2 off' })).toBeChecked();
});

test('an ad tag banner previews with its script running, sandboxed away from the panel (probe finding F15)', async ({ page, baseURL }) => {
  // The tag reports what it could reach: the panel's document, its storage (the sign-in token) and cookies.
  const code = [
    '<div id="ad" style="font:bold 15px Arial;color:#fff;background:#2d72d2;height:250px;padding:10px;box-sizing:border-box">Script did not run</div>',
    '<script>',
    'var out = [];',
    "try { out.push('panel: ' + parent.document.title); } catch (e) { out.push('panel: blocked'); }",
    "try { out.push('storage: ' + localStorage.length); } catch (e) { out.push('storage: blocked'); }",
    "try { out.push('cookie: ' + document.cookie); } catch (e) { out.push('cookie: blocked'); }",
    "out.push('origin: ' + self.origin);",
    "document.getElementById('ad').textContent = 'Script ran | ' + out.join(' | ');",
    '</script>',
  ].join('\n');
  const expected = 'Script ran | panel: blocked | storage: blocked | cookie: blocked | origin: null';

  await startAd(page, baseURL, 'Banner');
  await page.getByLabel(/^Name/).fill(`Ad tag ${Date.now()}`);
  await page.getByLabel(/^Size/).selectOption({ label: '300 × 250' });
  await page.getByRole('radio', { name: 'Ad tag' }).check({ force: true });
  await page.getByRole('textbox', { name: /^Ad tag/ }).fill(code);
  const preview = page.getByRole('complementary', { name: 'Preview' });
  const frame = preview.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-popups allow-popups-to-escape-sandbox');
  await expect(preview.frameLocator('iframe').locator('#ad')).toHaveText(expected);
  await preview.screenshot({ path: `${SHOTS}/ad-tag-preview.png` });

  // The saved ad's page previews it the same way.
  await page.getByRole('button', { name: 'Create the ad' }).click();
  await expect(page).toHaveURL(/\/ads\/\d+$/);
  const saved = page.locator('aside').filter({ has: page.getByRole('heading', { name: 'Preview' }) });
  await expect(saved.frameLocator('iframe').locator('#ad')).toHaveText(expected);
});
