import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickIds, rollUpConversions, type ClickIds } from '../../server/areas/tracking/conversions';
import { getOrCreateSecret } from '../../server/repositories/secretsRepository';
import { api, build, login, type TestApp } from './helper';
import { advertiserWithStatistics } from './statisticsFixture';

/**
 * Conversion tracking: the postback and the pixel take a conversion of a signed click id under the advertiser's key,
 * count it once per click and type (every time for a repeatable type), refuse clicks that are not the key owner's
 * or are older than the window, write nothing for malformed requests, and an accepted one reaches the campaign's
 * statistics (and a CPA campaign's spend) once rolled up. The panel's test conversion does the same for a campaign's
 * latest click.
 */

let t: TestApp;
let alex: { token: string; userId: number };
let company: string;
let ids: ClickIds;
let key: string;
/** A CPA campaign of Alex's with clicks (a demo campaign switched to CPA for sales), and one of its clicks. */
let cpa: { campaignId: number; clickEventId: number; country: number };

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.app.platform.db.execute(query)) as unknown as { rows: T[] }).rows;
const postback = (params: Record<string, string>, path = '/postback') => t.app.inject({ method: 'GET', url: `${path}?${new URLSearchParams(params)}`, headers: { host: 'track.adnet.example.com' } });
const counts = async () => (await rows<{ conversions: number; events: number }>(sql`select (select count(*)::int from tracking_conversions) as conversions, (select count(*)::int from stat_events) as events`))[0];
/** The campaign's conversions and spend in its daily figures (what the campaign table, rules and CPA tests read). */
const daily = async (campaignId: number) =>
  (await rows<{ conversions: number; spend: string }>(sql`select coalesce(sum(conversions), 0)::int as conversions, coalesce(sum(spend), 0)::text as spend from campaign_stats_daily where campaign_id = ${campaignId}`))[0];

beforeAll(async () => {
  t = await build({ postbackRateLimit: { max: 40, timeWindow: 60_000 } });
  const seeded = await advertiserWithStatistics(t, 'advertiser@adnet.test', 3_000, 5);
  alex = { token: seeded.token, userId: seeded.userId };
  company = await login(t.app, 'company@adnet.test');
  ids = clickIds(await getOrCreateSecret(t.app.platform.db, 'tracking_click_secret'));
  const [click] = await rows<{ id: number; campaign_id: number; country_id: number }>(
    sql`select id, campaign_id, country_id from stat_events where user_id = ${alex.userId} and kind = 5 order by occurred_at desc limit 1`,
  );
  await t.app.platform.db.execute(
    sql`update campaigns set pricing_model = 'cpa', price = 2.5, model = model || ${JSON.stringify({ conversion_type: 'sale', cpa_goals: [{ price: '4.0000', countries: [click.country_id] }] })}::jsonb where id = ${click.campaign_id}`,
  );
  cpa = { campaignId: click.campaign_id, clickEventId: Number(click.id), country: click.country_id };
  const answer = await api(t.app, 'GET', 'tracking', { token: alex.token });
  expect(answer.statusCode, answer.body).toBe(200);
  key = /key=(trk_[0-9a-f]{24})/.exec(answer.json().data.postback_url)![1];
});
afterAll(() => t?.close());

describe('tracking', () => {
  it('gives each advertiser a postback URL on the tracking domain, and a pixel only where the network offers one', async () => {
    const { data } = (await api(t.app, 'GET', 'tracking', { token: alex.token })).json();
    expect(data).toEqual({
      postback_url: `https://track.adnet.example.com/postback?key=${key}&click_id={click_id}&payout={payout}&conversion_type={conversion_type}`,
      pixel_url: `https://track.adnet.example.com/pixel.gif?key=${key}&click_id={click_id}&payout={payout}&conversion_type={conversion_type}`,
      attribution_days: 30,
      click_macro: '{click_id}',
    });
    const other = (await api(t.app, 'GET', 'tracking', { token: company })).json().data;
    expect(other.postback_url).not.toContain(key);
    const hub = await login(t.app, 'advertiser@pushhub.test', 'pushhub.localhost');
    const pushhub = (await api(t.app, 'GET', 'tracking', { token: hub, host: 'pushhub.localhost' })).json().data;
    expect(pushhub.pixel_url).toBeNull();
    expect(pushhub.postback_url).toMatch(/^http:\/\/pushhub\.localhost:\d+\/postback\?key=trk_/);
  });

  it('counts a postback once per click and type, charges the CPA price of the click’s country, and reaches the statistics when rolled up', async () => {
    const before = await daily(cpa.campaignId);
    const clickId = ids.sign(cpa.clickEventId);
    const first = await postback({ key, click_id: clickId, payout: '12.5', conversion_type: 'sale' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ data: { status: 'accepted' } });
    const [line] = await rows<{ kind: number; cost: string; payout: string; campaign_id: number }>(
      sql`select e.kind, e.cost::text as cost, e.payout::text as payout, e.campaign_id from tracking_conversions c join stat_events e on e.id = c.event_id where c.click_id = ${clickId}`,
    );
    expect(line).toEqual({ kind: 7, cost: '4.000000', payout: '12.5000', campaign_id: cpa.campaignId });

    // A sale repeats; a lead of the same click counts once, and costs nothing (the campaign pays for sales).
    expect((await postback({ key, click_id: clickId, payout: '3', conversion_type: 'sale' })).json().data.status).toBe('accepted');
    expect((await postback({ key, click_id: clickId, conversion_type: 'lead' })).json().data.status).toBe('accepted');
    expect((await postback({ key, click_id: clickId, conversion_type: 'lead' })).json().data.status).toBe('duplicate');

    expect(await daily(cpa.campaignId)).toEqual(before);
    expect(await rollUpConversions(t.app.platform.db, new Date())).toBe(3);
    const after = await daily(cpa.campaignId);
    expect(after.conversions).toBe(before.conversions + 3);
    expect(Number(after.spend) - Number(before.spend)).toBeCloseTo(8, 4);
    expect(await rollUpConversions(t.app.platform.db, new Date())).toBe(0);
  });

  it('records unknown, foreign and late clicks with their status, and counts none of them', async () => {
    const forged = `${cpa.clickEventId.toString(36)}.AAAAAAAAAAAAAAAA`;
    expect((await postback({ key, click_id: forged, conversion_type: 'lead' })).json().data.status).toBe('unknown_click');
    // A click of Alex's, posted under the company's key.
    const companyKey = /key=(trk_[0-9a-f]{24})/.exec((await api(t.app, 'GET', 'tracking', { token: company })).json().data.postback_url)![1];
    expect((await postback({ key: companyKey, click_id: ids.sign(cpa.clickEventId), conversion_type: 'registration' })).json().data.status).toBe('unknown_click');
    const [old] = await rows<{ id: number }>(sql`
      insert into stat_events (occurred_at, user_id, campaign_id, creative_id, kind, weight, provider_id, country_id)
      values (now() - interval '31 days', ${alex.userId}, ${cpa.campaignId}, 0, 5, 1, 1, ${cpa.country}) returning id`);
    expect((await postback({ key, click_id: ids.sign(Number(old.id)), conversion_type: 'lead' })).json().data.status).toBe('too_late');
    const stored = await rows<{ status: string; event_id: number | null }>(sql`select status, event_id from tracking_conversions where status in ('unknown_click', 'too_late')`);
    expect(stored.map((s) => s.status).sort()).toEqual(['too_late', 'unknown_click', 'unknown_click']);
    expect(stored.every((s) => s.event_id === null)).toBe(true);
  });

  it('writes nothing for a malformed or hostile request', async () => {
    const before = await counts();
    const clickId = ids.sign(cpa.clickEventId);
    for (const params of <Record<string, string>[]>[
      { key, click_id: clickId },
      { key, click_id: "1'; drop table stat_events; --", conversion_type: 'lead' },
      { key, click_id: clickId, conversion_type: 'lead', payout: '-1' },
      { key, click_id: clickId, conversion_type: 'lead', payout: '1e9' },
      { key, click_id: clickId, conversion_type: 'lead', payout: '0.00001' },
      { key, click_id: clickId, conversion_type: '<script>' },
      { key: 'trk_nope', click_id: clickId, conversion_type: 'lead' },
      { key, click_id: clickId, conversion_type: 'lead', extra: '1' },
    ]) {
      const answer = await postback(params);
      expect(answer.statusCode, JSON.stringify(params)).toBe(422);
    }
    expect((await postback({ key, click_id: clickId, conversion_type: 'bogus' })).statusCode).toBe(422);
    expect((await postback({ key: `trk_${'0'.repeat(24)}`, click_id: clickId, conversion_type: 'lead' })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('answers the pixel with a GIF that is never cached', async () => {
    const answer = await postback({ key, click_id: ids.sign(cpa.clickEventId), conversion_type: 'install' }, '/pixel.gif');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/gif');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const [row] = await rows<{ source: string; status: string }>(sql`select source, status from tracking_conversions where conversion_type = 'install'`);
    expect(row).toEqual({ source: 'pixel', status: 'accepted' });
  });

  it('sends a test conversion for the campaign’s latest click, counted at once, and lists it', async () => {
    await rollUpConversions(t.app.platform.db, new Date());
    const before = await daily(cpa.campaignId);
    const sent = await api(t.app, 'POST', 'tracking/test-conversion', { token: alex.token, body: { campaign_id: cpa.campaignId, conversion_type: 'sale', payout: '10' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const { data } = sent.json();
    expect(data).toMatchObject({ status: 'accepted', source: 'test', conversion_type: 'sale', payout: '10.0000', campaign_id: cpa.campaignId });
    expect(typeof data.campaign_name).toBe('string');
    expect((await daily(cpa.campaignId)).conversions).toBe(before.conversions + 1);

    const list = (await api(t.app, 'GET', 'tracking/conversions?status[]=accepted&per_page=25', { token: alex.token })).json();
    expect(list.data[0]).toEqual(data);
    expect(list.data.every((c: { status: string }) => c.status === 'accepted')).toBe(true);
    const searched = (await api(t.app, 'GET', `tracking/conversions?search=${encodeURIComponent(data.click_id)}`, { token: alex.token })).json();
    expect(searched.recordsFiltered).toBeGreaterThanOrEqual(1);
    expect((await api(t.app, 'GET', 'tracking/conversions', { token: company })).json().data.every((c: { id: number }) => c.id !== data.id)).toBe(true);
  });

  it('refuses a test for a campaign that is not the user’s, has no clicks, or an unknown type', async () => {
    const send = (token: string, body: object) => api(t.app, 'POST', 'tracking/test-conversion', { token, body });
    expect((await send(company, { campaign_id: cpa.campaignId, conversion_type: 'sale', payout: '1' })).statusCode).toBe(404);
    expect((await send(alex.token, { campaign_id: cpa.campaignId, conversion_type: 'bogus', payout: '1' })).statusCode).toBe(422);
    expect((await send(alex.token, { campaign_id: cpa.campaignId, conversion_type: 'sale', payout: 'ten' })).statusCode).toBe(422);
    // Another campaign of Alex's, its clicks taken out of the log.
    const [quiet] = await rows<{ id: number }>(sql`select id from campaigns where user_id = ${alex.userId} and id <> ${cpa.campaignId} order by id limit 1`);
    await t.app.platform.db.execute(sql`delete from stat_events where campaign_id = ${quiet.id} and kind = 5`);
    const answer = await send(alex.token, { campaign_id: quiet.id, conversion_type: 'sale', payout: '1' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toMatch(/no clicks yet/);
  });

  it('takes at most its budget of reports per key, over the postback and the pixel together, then answers 429 until the window ends', async () => {
    // A made-up key: its reports are refused (404) without being stored, and once its budget is spent, without even a lookup.
    const madeUp = `trk_${'5ca1ab1e'.repeat(3)}`;
    const before = await counts();
    for (let i = 0; i < 40; i += 1) {
      const answer = await postback({ key: madeUp, click_id: ids.sign(cpa.clickEventId), conversion_type: 'sale' }, i % 2 ? '/pixel.gif' : '/postback');
      expect([i, answer.statusCode]).toEqual([i, 404]);
    }
    const refused = await postback({ key: madeUp, click_id: 'x', conversion_type: 'sale' }, '/pixel.gif');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json().message).toBe('Too many conversions from this tracking key: wait a minute and try again.');
    expect(await counts()).toEqual(before);
    // Another key keeps its own budget.
    expect((await postback({ key, click_id: ids.sign(cpa.clickEventId), conversion_type: 'sale' })).statusCode).toBe(200);
  });
});

