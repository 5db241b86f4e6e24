/**
 * The campaign form's estimate and the demo ad server come from one traffic model: for a seeded demo campaign, the
 * impressions a day the estimate promises at its price and targets (read from traffic_daily) are within a believable
 * factor of what the demo ad server delivered a day over the estimate's own 7-day window, once the campaign's daily
 * limit is taken into account (a budget buys only so much). The seeded push network's demo is of its own formats, its
 * ads show generated images from this server, its notifications name its own objects, its unconfirmed advertiser has
 * the confirmation mail, and no campaign spent past a limit.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../tests/api/testDatabase';
import { loadNetworkConfigs } from '../../config/loadNetworkConfigs';
import type { Database } from '../../db/connect';
import { seed } from '../../demo/seed';
import { estimateTraffic } from './estimate';

const NOW = new Date();
const DAY = 86_400_000;
const pushhub = loadNetworkConfigs().find((c) => c.id === 'pushhub')!;

let database: Database;
type Row = Record<string, string | number | null>;
const query = async (text: ReturnType<typeof sql>) => ((await database.db.execute(text)) as unknown as { rows: Row[] }).rows;

beforeAll(async () => {
  database = await testDatabase();
  await database.migrate();
  await seed(database.db, ['pushhub'], { demoAds: { pushhub: pushhub.adFormats }, demoEvents: 30_000, networks: [pushhub], now: NOW });
}, 240_000);
afterAll(() => database?.close());

const advertiser = async () => Number((await query(sql`select id from users where email = 'advertiser@pushhub.test'`))[0].id);

describe('the seeded demo campaigns', () => {
  it('deliver per day what the estimate of their settings says, within 0.5–2×, their daily limit taken into account', async () => {
    const userId = await advertiser();
    // The estimate's window: the 7 days of traffic ending yesterday.
    const today = Math.floor(NOW.getTime() / DAY) * DAY;
    const from = new Date(today - 7 * DAY).toISOString();
    const to = new Date(today).toISOString();
    const campaigns = await query(sql`
      select c.id, c.name, c.ad_format, c.pricing_model, c.price::text as price, c.daily_limit::text as daily, c.model,
             coalesce(sum(h.impressions), 0)::float8 as impressions, coalesce(sum(h.cost), 0)::float8 as cost
      from campaigns c join stat_hourly h on h.campaign_id = c.id and h.hour >= ${from}::timestamptz and h.hour < ${to}::timestamptz
      where c.user_id = ${userId} group by c.id order by c.id`);
    expect(campaigns.length).toBeGreaterThanOrEqual(2);
    let priceBound = 0;
    for (const c of campaigns) {
      const model = c.model as unknown as { targets?: Record<string, Record<string, unknown>> };
      const estimate = await estimateTraffic(database.db, { ad_format_id: String(c.ad_format), pricing_model: String(c.pricing_model), price: String(c.price), targets: model.targets });
      const delivered = Number(c.impressions) / 7;
      // What the daily limit buys at the prices the campaign paid.
      const perImpression = Number(c.cost) / Number(c.impressions);
      const budget = c.daily ? Number(c.daily) / perImpression : Infinity;
      const expected = Math.min(estimate.impressions, budget);
      if (estimate.impressions < budget * 0.8) priceBound++;
      const ratio = delivered / expected;
      expect(ratio, `${c.name}: delivered ${delivered.toFixed(0)} a day, estimate ${estimate.impressions}, budget ${budget.toFixed(0)}`).toBeGreaterThan(0.5);
      expect(ratio, `${c.name}: delivered ${delivered.toFixed(0)} a day, estimate ${estimate.impressions}, budget ${budget.toFixed(0)}`).toBeLessThan(2);
    }
    // Not only budgets agree: at least one campaign is held back by its price, where the traffic model alone decides.
    expect(priceBound).toBeGreaterThanOrEqual(1);
  });

  it('never spent past an hourly, daily or total money limit', async () => {
    const userId = await advertiser();
    const over = await query(sql`
      with hours as (select campaign_id, hour, sum(cost) as cost from stat_hourly where user_id = ${userId} group by 1, 2),
           days as (select campaign_id, date_trunc('day', hour) as day, sum(cost) as cost from hours group by 1, 2),
           totals as (select campaign_id, sum(cost) as cost from hours group by 1)
      select c.name, 'hourly' as period from campaigns c join hours h on h.campaign_id = c.id where c.limit_type = 'money' and h.cost > c.hourly_limit
      union all select c.name, 'daily' from campaigns c join days d on d.campaign_id = c.id where c.limit_type = 'money' and d.cost > c.daily_limit
      union all select c.name, 'total' from campaigns c join totals t on t.campaign_id = c.id where c.limit_type = 'money' and t.cost > c.total_limit`);
    expect(over).toEqual([]);
  });
});

describe('the push network’s demo advertiser', () => {
  it('runs web push and in-page campaigns over approved ads of those formats', async () => {
    const userId = await advertiser();
    const campaigns = await query(sql`select c.name, c.ad_format, a.format from campaigns c join ads a on a.id = c.ad_id where c.user_id = ${userId} order by c.id`);
    expect(campaigns.length).toBe(5);
    for (const c of campaigns) {
      expect(['web-push', 'in-page']).toContain(c.ad_format);
      expect(c.format).toBe(c.ad_format);
    }
    expect(new Set(campaigns.map((c) => c.ad_format))).toEqual(new Set(['web-push', 'in-page']));
    const approvals = await query(sql`
      select a.format, ap.status from ads a
      left join lateral (select status from ad_approvals where ad_id = a.id order by id desc limit 1) ap on true
      where a.user_id = ${userId}`);
    expect(new Set(approvals.filter((a) => a.format === 'web-push' || a.format === 'in-page').map((a) => a.status))).toEqual(new Set(['approved', 'rejected', 'needs_edits', null]));
  });

  it('has push ads whose icons and images are its own PNG uploads, served by this server', async () => {
    const userId = await advertiser();
    const ads = await query(sql`select a.id, a.format, ac.data from ads a join ad_creatives ac on ac.ad_id = a.id where a.user_id = ${userId} and a.format in ('web-push', 'in-page')`);
    expect(ads.length).toBeGreaterThanOrEqual(6);
    const media = new Map((await query(sql`select id, kind, mime_type, size, custom_properties from media_files where user_id = ${userId}`)).map((m) => [Number(m.id), m]));
    for (const ad of ads) {
      const creative = ad.data as unknown as { icon?: number; image?: number };
      expect(creative.icon, `ad ${ad.id}`).toBeTypeOf('number');
      for (const id of [creative.icon, creative.image].filter((x): x is number => x !== undefined)) {
        const file = media.get(id);
        expect(file, `ad ${ad.id}: media ${id}`).toBeDefined();
        expect([file!.kind, file!.mime_type]).toEqual(['image', 'image/png']);
      }
    }
    const [blob] = await query(sql`select encode(substr(b.bytes, 1, 8), 'hex') as magic from media_blobs b join media_files m on m.id = b.media_id where m.user_id = ${userId} limit 1`);
    expect(blob.magic).toBe('89504e470d0a1a0a');
  });

  it('has notifications about its own seeded objects only, and the confirmation mail in the outbox', async () => {
    const userId = await advertiser();
    const notes = await query(sql`select type, entity_type, entity_id, params from notifications where user_id = ${userId}`);
    expect(notes.length).toBeGreaterThan(3);
    for (const n of notes.filter((n) => n.entity_id !== null)) {
      const table = n.entity_type === 'ad' ? 'ads' : n.entity_type === 'campaign' ? 'campaigns' : 'invoices';
      const found = await query(sql`select 1 from ${sql.identifier(table)} where id = ${n.entity_id} and user_id = ${userId}`);
      expect(found, `${n.type} #${n.entity_id}`).toHaveLength(1);
    }
    const mails = await query(sql`select kind, links from mail_outbox where "to" = 'advertiser@pushhub.test'`);
    expect(mails.map((m) => m.kind)).toEqual(['email_confirmation']);
    expect(String((mails[0].links as unknown as string[])[0])).toMatch(new RegExp(`^http://pushhub\\.localhost:\\d+/register/${userId}/confirm/`));
  });
});
