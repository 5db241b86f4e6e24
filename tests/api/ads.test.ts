import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, build, login, type TestApp } from './helper';

let t: TestApp;
let token: string;
let other: string;
let support: string;
beforeAll(async () => {
  t = await build();
  token = await login(t.app, 'advertiser@adnet.test');
  other = await login(t.app, 'company@adnet.test');
  support = await login(t.app, 'support@adnet.test');
});
afterAll(() => t?.close());

const create = (body: object, as = token) => api(t.app, 'POST', 'ads', { token: as, body });

/** A popunder ad run by a new campaign: moderation has it (pending). */
async function submittedPopunder(name: string): Promise<{ id: number }> {
  const { data: ad } = (await create({ format: 'popunder', name, url: 'https://a.example' })).json();
  const campaign = await api(t.app, 'POST', 'campaigns', { token, body: { name, ad_format: 'popunder', ad_id: ad.id, pricing_model: 'cpm', price: '1.2500', limits: { type: 'money', daily: '50.00' } } });
  if (campaign.statusCode !== 201) throw new Error(campaign.body);
  return ad;
}

describe('POST ads', () => {
  it('creates an ad of a format without creatives, waiting for a campaign, with a clean scan', async () => {
    const res = await create({ format: 'popunder', name: 'Summer sale', url: 'https://shop.example.com/?c={click_id}', priority: 120 });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ name: 'Summer sale', format: 'popunder', status: 'created', size: null, model: { name: 'Summer sale', url: 'https://shop.example.com/?c={click_id}', priority: 120 } });
    expect(data.latest_approval).toBeNull();
    expect(data.scan_reports[0]).toMatchObject({ verdict: 'clean', findings: [] });
    expect(data.creatives).toEqual([]);
  });

  it('sends an ad to moderation when a campaign first runs it, and an edit of it back to moderation', async () => {
    const { data: ad } = (await create({ format: 'popunder', name: 'Waiting', url: 'https://shop.example.com/' })).json();
    const edited = await api(t.app, 'PUT', `ads/${ad.id}`, { token, body: { format: 'popunder', name: 'Still waiting', url: 'https://shop.example.com/' } });
    expect(edited.json().data.latest_approval).toBeNull();
    expect((await api(t.app, 'GET', 'admin/ads', { token: support })).json().data.map((q: { id: number }) => q.id)).not.toContain(ad.id);

    const campaign = await api(t.app, 'POST', 'campaigns', { token, body: { name: 'Runs it', ad_format: 'popunder', ad_id: ad.id, pricing_model: 'cpm', price: '1.2500', limits: { type: 'money', daily: '50.00' } } });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const view = (await api(t.app, 'GET', `ads/${ad.id}`, { token })).json().data;
    expect(view.approvals.map((a: { status: string }) => a.status)).toEqual(['pending']);
    expect(view.campaigns).toEqual([{ id: campaign.json().data.id, name: 'Runs it' }]);
    expect((await api(t.app, 'GET', 'admin/ads', { token: support })).json().data.map((q: { id: number }) => q.id)).toContain(ad.id);

    await api(t.app, 'POST', `admin/ads/${ad.id}/approval`, { token: support, body: { status: 'approved' } });
    const again = await api(t.app, 'PUT', `ads/${ad.id}`, { token, body: { format: 'popunder', name: 'Changed', url: 'https://shop.example.com/' } });
    expect(again.json().data.approvals.map((a: { status: string }) => a.status)).toEqual(['pending', 'approved', 'pending']);
  });

  it('validates with the format schema and answers field errors per field', async () => {
    const res = await create({ format: 'direct-link', name: '', url: 'javascript:alert(1)', title: 'A title far longer than eighteen' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['name', 'title', 'url']);
  });

  it('refuses a format the network does not sell, and unknown fields', async () => {
    const wrong = await api(t.app, 'POST', 'ads', { host: 'pushhub.localhost', token: await login(t.app, 'advertiser@pushhub.test', 'pushhub.localhost'), body: { format: 'banner', name: 'x', size: '300x250', type: 'script', code: '<b>x</b>' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ format: ['Choose an ad format this network offers.'] });
    const extra = await create({ format: 'popunder', name: 'x', url: 'https://a.example', admin: true });
    expect(extra.json().errors).toEqual({ admin: ['This field is not allowed'] });
  });

  it('keeps the rotation type only with more than one creative, thresholds only for smart', async () => {
    const one = await create({ format: 'notification-widget', name: 'One', creatives: [{ title: 'Hello', description: 'World', url: 'https://a.example' }] });
    expect(one.statusCode).toBe(201);
    expect(one.json().data.model).not.toHaveProperty('rotation_type');
    const sent = await create({ format: 'notification-widget', name: 'One', rotation_type: 'smart', creatives: [{ title: 'Hello', description: 'World', url: 'https://a.example' }] });
    expect(sent.json().errors).toEqual({ rotation_type: ['This field is not allowed'] });

    const two = await create({
      format: 'notification-widget',
      name: 'Two',
      rotation_type: 'smart',
      impressions_threshold: 5000,
      hours_threshold: 12,
      creatives: [
        { title: 'A', description: 'First', url: 'https://a.example' },
        { title: 'B', description: 'Second', url: 'https://b.example', is_active: false },
      ],
    });
    expect(two.statusCode).toBe(201);
    const ad = two.json().data;
    expect(ad.model).toMatchObject({ rotation_type: 'smart', impressions_threshold: 5000, hours_threshold: 12 });
    expect(ad.creatives.map((c: { is_active: boolean }) => c.is_active)).toEqual([true, false]);
    const random = await create({ format: 'notification-widget', name: 'Two', rotation_type: 'random', hours_threshold: 12, creatives: ad.model.creatives });
    expect(random.json().errors).toEqual({ hours_threshold: ['This field is not allowed'] });
  });

  it('answers the smart rotation\'s progress, then its winner, from what the creatives showed in the ad\'s campaigns', async () => {
    const creatives = [1, 2, 3].map((n) => ({ title: `T${n}`, description: `D${n}`, url: `https://${n}.example` }));
    const made = await create({ format: 'notification-widget', name: 'Rotating', rotation_type: 'smart', impressions_threshold: 1000, hours_threshold: 10, creatives });
    const ad = made.json().data as { id: number; creatives: { id: number }[]; rotation: unknown };
    expect(ad.rotation).toEqual({ type: 'smart', impressions_threshold: 1000, hours_threshold: 10, smart_progress: 0, winner_id: null });
    const campaign = await api(t.app, 'POST', 'campaigns', { token, body: { name: 'Rotating', ad_format: 'notification-widget', ad_id: ad.id, pricing_model: 'cpc', price: '0.5000', limits: { type: 'money' } } });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const [userId] = ((await t.database.db.execute(sql`select user_id from campaigns where id = ${campaign.json().data.id}`)) as unknown as { rows: { user_id: number }[] }).rows.map((r) => r.user_id);
    const showed = (hoursAgo: number, creative: number, impressions: number, clicks: number) =>
      t.database.db.execute(sql`insert into stat_hourly (hour, user_id, campaign_id, creative_id, impressions, clicks) values (date_trunc('hour', now()) - make_interval(hours => ${hoursAgo}), ${userId}, ${campaign.json().data.id}, ${ad.creatives[creative]!.id}, ${impressions}, ${clicks})`);
    const rotation = async () => (await api(t.app, 'GET', `ads/${ad.id}`, { token })).json().data.rotation;

    // 20 hours in, the third creative has 600 of its 1,000 impressions: 60 %.
    await showed(20, 0, 1200, 12);
    await showed(20, 1, 1100, 30);
    await showed(20, 2, 600, 3);
    expect(await rotation()).toMatchObject({ smart_progress: 60, winner_id: null });
    await showed(5, 2, 500, 5);
    expect(await rotation()).toMatchObject({ smart_progress: 100, winner_id: ad.creatives[1]!.id });
  });

  it('scans code: a forced redirect is rejected automatically with the system cause', async () => {
    const res = await create({ format: 'banner', name: 'Tag', size: '300x250', type: 'script', code: '<script>top.location="https://evil.example"</script>' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.scan_reports[0]).toMatchObject({ verdict: 'blocked', findings: [expect.objectContaining({ field: 'code', rule: 'forced_redirect' })] });
    expect(data.latest_approval).toMatchObject({ status: 'rejected', reject_cause: { name: 'Automatic content check', is_system: true } });
  });

  it('scans URLs and words: a shortener and casino words are warnings for the moderator', async () => {
    const res = await create({ format: 'gallery', name: 'G', content_feed_name: 'Casino news', content_feed_url: 'https://feed.example/rss', url: 'https://bit.ly/abc' });
    const { data } = res.json();
    expect(data.scan_reports[0].verdict).toBe('warning');
    expect(data.scan_reports[0].findings.map((f: { rule: string }) => f.rule).sort()).toEqual(['keywords', 'url_shortener']);
    // What was found, as a text id with values the panel translates, and in English for moderators.
    expect(data.scan_reports[0].findings).toContainEqual({ field: 'url', rule: 'url_shortener', text: 'url_shortener', values: { host: 'bit.ly' }, detail: 'bit.ly hides the real destination.', severity: 'warning' });
    expect(data.latest_approval).toBeNull();
  });

  it('rejects media ids that are not the user\'s uploads', async () => {
    const res = await create({ format: 'direct-link', name: 'D', url: 'https://a.example', title: 'Go', icon: 999999 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ icon: ['This file was not found. Upload it again.'] });
  });
});

describe('reading, editing, deleting', () => {
  it('another user\'s ad is a 404 for every call', async () => {
    const { data } = (await create({ format: 'popunder', name: 'Mine', url: 'https://a.example' })).json();
    for (const [method, path] of [['GET', `ads/${data.id}`], ['PUT', `ads/${data.id}`], ['DELETE', `ads/${data.id}`], ['GET', `ads/preview?id=${data.id}`]] as const) {
      const res = await api(t.app, method, path, { token: other, body: method === 'PUT' ? { format: 'popunder', name: 'x', url: 'https://a.example' } : undefined });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
  });

  it('an edit keeps creative ids, adds and removes creatives, and goes back to moderation', async () => {
    const { data: ad } = (
      await create({ format: 'notification-widget', name: 'E', rotation_type: 'random', creatives: [{ title: 'A', description: 'a', url: 'https://a.example' }, { title: 'B', description: 'b', url: 'https://b.example' }] })
    ).json();
    await api(t.app, 'POST', `admin/ads/${ad.id}/approval`, { token: support, body: { status: 'approved' } });
    const [first] = ad.model.creatives;
    const res = await api(t.app, 'PUT', `ads/${ad.id}`, {
      token,
      body: { format: 'notification-widget', name: 'E2', rotation_type: 'random', creatives: [{ ...first, title: 'A2' }, { title: 'C', description: 'c', url: 'https://c.example' }] },
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved.name).toBe('E2');
    expect(saved.creatives[0]).toMatchObject({ id: first.id, title: 'A2' });
    expect(saved.creatives[1].id).not.toBe(ad.model.creatives[1].id);
    expect(saved.creatives).toHaveLength(2);
    // Moderation knew it (approved without a campaign yet): the edit goes back to it.
    expect(saved.approvals.map((a: { status: string }) => a.status)).toEqual(['approved', 'pending']);
  });

  it('the format of a saved ad cannot change', async () => {
    const { data } = (await create({ format: 'popunder', name: 'P', url: 'https://a.example' })).json();
    const res = await api(t.app, 'PUT', `ads/${data.id}`, { token, body: { format: 'direct-link', name: 'P', url: 'https://a.example', title: 'x' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['format']);
  });

  it('delete archives: the ad leaves the table and its page', async () => {
    const { data } = (await create({ format: 'popunder', name: 'To delete', url: 'https://a.example' })).json();
    expect((await api(t.app, 'DELETE', `ads/${data.id}`, { token })).statusCode).toBe(200);
    expect((await api(t.app, 'GET', `ads/${data.id}`, { token })).statusCode).toBe(404);
    const table = (await api(t.app, 'GET', 'ads/table?per_page=-1', { token })).json();
    expect(table.data.map((r: { id: number }) => r.id)).not.toContain(data.id);
    const archived = (await api(t.app, 'GET', 'ads/table?status=archived', { token })).json();
    expect(archived.data.map((r: { id: number }) => r.id)).toContain(data.id);
  });

  it('creatives switch on and off, but the last active one stays on', async () => {
    const { data: ad } = (
      await create({ format: 'notification-widget', name: 'S', creatives: [{ title: 'A', description: 'a', url: 'https://a.example' }, { title: 'B', description: 'b', url: 'https://b.example' }] })
    ).json();
    const [a, b] = ad.creatives;
    const off = await api(t.app, 'POST', `ads/${ad.id}/creatives/${a.id}/deactivate`, { token });
    expect(off.json().data).toMatchObject({ id: a.id, is_active: false });
    const last = await api(t.app, 'POST', `ads/${ad.id}/creatives/${b.id}/deactivate`, { token });
    expect(last.statusCode).toBe(422);
    expect((await api(t.app, 'POST', `ads/${ad.id}/creatives/${a.id}/activate`, { token })).json().data.is_active).toBe(true);
    expect((await api(t.app, 'POST', `ads/${ad.id}/creatives/${b.id + 1000}/activate`, { token })).statusCode).toBe(404);
  });
});

describe('GET ads/table', () => {
  it('filters, sorts and pages, counting matches', async () => {
    const fresh = await login(t.app, 'email2fa@adnet.test').catch(() => null);
    const as = fresh ?? other;
    for (const name of ['Alpha', 'Beta', 'Gamma']) await create({ format: 'popunder', name, url: 'https://a.example' }, as);
    await create({ format: 'gallery', name: 'Delta', content_feed_name: 'Feed', content_feed_url: 'https://f.example', url: 'https://a.example' }, as);
    const page = (await api(t.app, 'GET', 'ads/table?per_page=15&sort=name&order=asc&format=popunder', { token: as })).json();
    expect(page.data.map((r: { name: string }) => r.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(page.recordsFiltered).toBe(3);
    expect(page.recordsTotal).toBeGreaterThanOrEqual(4);
    expect(page.data[0]).toMatchObject({ format: 'popunder', status: 'created', approval: null, reject_cause: null, campaigns: 0 });
    const search = (await api(t.app, 'GET', 'ads/table?search=amm', { token: as })).json();
    expect(search.data.map((r: { name: string }) => r.name)).toEqual(['Gamma']);
    const bad = await api(t.app, 'GET', 'ads/table?per_page=7', { token: as });
    expect(bad.statusCode).toBe(422);
  });
});

describe('moderation (support staff)', () => {
  it('approves and rejects with a cause, notifying the advertiser', async () => {
    const ad = await submittedPopunder('Moderated');
    const queue = (await api(t.app, 'GET', 'admin/ads', { token: support })).json().data;
    expect(queue.map((a: { id: number }) => a.id)).toContain(ad.id);
    const causes = (await api(t.app, 'GET', 'admin/reject-causes', { token: support })).json().data;
    const misleading = causes.find((c: { name: string }) => c.name === 'Misleading content');
    const missingCause = await api(t.app, 'POST', `admin/ads/${ad.id}/approval`, { token: support, body: { status: 'rejected' } });
    expect(missingCause.statusCode).toBe(422);
    const rejected = await api(t.app, 'POST', `admin/ads/${ad.id}/approval`, { token: support, body: { status: 'rejected', reject_cause_id: misleading.id, details: 'The page sells something else.' } });
    expect(rejected.statusCode).toBe(200);
    const seen = (await api(t.app, 'GET', `ads/${ad.id}`, { token })).json().data;
    expect(seen.latest_approval).toMatchObject({ status: 'rejected', details: 'The page sells something else.', reject_cause: { id: misleading.id, name: 'Misleading content' } });
    const row = (await api(t.app, 'GET', 'ads/table?per_page=-1', { token })).json().data.find((r: { id: number }) => r.id === ad.id);
    expect(row).toMatchObject({ approval: 'rejected', reject_cause: 'Misleading content' });
    const notes = (await api(t.app, 'GET', 'notifications', { token })).json().data;
    expect(notes.find((n: { type: string; entity_id: number }) => n.type === 'ad_rejected' && n.entity_id === ad.id)).toBeTruthy();
  });

  it('is for support staff only', async () => {
    expect((await api(t.app, 'GET', 'admin/ads', { token })).statusCode).toBe(403);
    const elsewhere = await api(t.app, 'POST', 'admin/ads/1/approval', { host: 'pushhub.localhost', token: await login(t.app, 'support@pushhub.test', 'pushhub.localhost'), body: { status: 'approved' } });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('helpers of the ad form', () => {
  it('validate-keywords names the fields with traffic-reducing words', async () => {
    const res = await api(t.app, 'POST', 'ads/validate-keywords', { token, body: { fields: { 'creatives.0.title': 'Best CASINO bonus', 'creatives.0.body': 'Fresh bread daily' } } });
    expect(res.json().data).toEqual({ fields: { 'creatives.0.title': ['casino'] }, message: 'Creative contains words that can significantly reduce the amount of traffic' });
  });

  it('lists creative tokens and in-page skins', async () => {
    const tokens = (await api(t.app, 'GET', 'ads/creative-tokens', { token })).json().data;
    expect(tokens).toContainEqual({ id: 'click_id', token: '{click_id}' });
    const groups = (await api(t.app, 'GET', 'in-page-skin-groups', { token })).json().data;
    expect(groups[0]).toEqual({ id: 'web', name: 'Web' });
    const skins = (await api(t.app, 'GET', 'in-page-skin-groups?skins=1&group=mobile', { token })).json().data;
    expect(skins.map((s: { id: number }) => s.id)).toEqual([11, 12]);
  });

  it('GET ads lists the user\'s ads for pickers', async () => {
    const list = (await api(t.app, 'GET', 'ads?format=popunder', { token })).json().data;
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((a: { format: string }) => a.format))).toEqual(new Set(['popunder']));
  });
});
