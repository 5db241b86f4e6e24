import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../tests/api/testDatabase';
import type { Database } from '../../db/connect';
import { loadAdFormats } from '../../settings/adFormats';
import { CONNECTION } from './dimensions';
import { estimateByCountry, estimateTraffic, type EstimateRequest } from './estimate';
import { allocate, seedTraffic, trafficDays, trafficForDay, unitsToDecimal } from '../../demo/generateTraffic';

const TODAY = new Date('2026-11-22T15:30:00Z');
const US = 840;
const DE = 276;
const IN = 356;
const formats = [...loadAdFormats().values()].map((f) => ({ id: f.id, targets: f.targets }));
const banner = formats.find((f) => f.id === 'banner')!;

let database: Database;
let seeded: { rows: number; days: number };
beforeAll(async () => {
  database = await testDatabase();
  await database.migrate();
  seeded = await seedTraffic(database.db, { today: TODAY });
});
afterAll(() => database?.close());

type Row = Record<string, string | number>;
const query = async (text: ReturnType<typeof sql>) => ((await database.db.execute(text)) as unknown as { rows: Row[] }).rows;

/** The estimate's window: the 7 days ending yesterday (the generator's last day). */
const days = trafficDays(7, TODAY);
/** The days with dimension splits (the generator's default: the last 3). */
const splitDays = days.slice(-3);

/** Σ over the window of one metric per country, straight from the table. */
async function totals(format: string, metric: 'requests' | 'impressions', where = sql``): Promise<Map<number, number>> {
  const rows = await query(sql`select country_id, sum(${sql.raw(metric)})::float8 as n from traffic_daily
    where ad_format = ${format} and dimension = 'all' and day between ${days[0]} and ${days[6]} ${where} group by country_id`);
  return new Map(rows.map((r) => [Number(r.country_id), Number(r.n)]));
}
const perDay = (sums: Iterable<number>) => [...sums].reduce((a, n) => a + Math.round(n / 7), 0);

describe('the traffic generator', () => {
  it('is deterministic: the same format and day give the same rows, whatever day it runs on', () => {
    const day = days[6];
    expect(trafficForDay(banner, day, true)).toEqual(trafficForDay(banner, day, true));
    const a = trafficDays(28, TODAY);
    const b = trafficDays(28, new Date('2026-11-30T01:00:00Z'));
    expect(a.at(-1)).toBe('2026-11-21');
    expect(b).toContain(day);
    const sum = (rows: ReturnType<typeof trafficForDay>) => rows.reduce((s, r) => s + r.impressions, 0);
    expect(sum(trafficForDay(formats[0], day, false))).toBe(sum(trafficForDay(formats[0], day, false)));
  });

  it('seeded what it generates, once: totals of the database match the generator, a second run writes nothing', async () => {
    expect(seeded.days).toBe(28);
    const [{ n, impressions, spend }] = await query(sql`select count(*)::int as n, sum(impressions)::float8 as impressions, sum(spend)::text as spend from traffic_daily where dimension = 'all'`);
    expect(Number(n)).toBe(formats.reduce((s, f) => s + trafficForDay(f, days[0], false).length, 0) * 28);
    const generated = formats.flatMap((f) => trafficDays(28, TODAY).flatMap((d) => trafficForDay(f, d, false)));
    expect(Number(impressions)).toBe(generated.reduce((s, r) => s + r.impressions, 0));
    expect(spend).toBe(unitsToDecimal(generated.reduce((s, r) => s + r.spend, 0)));
    expect(await seedTraffic(database.db, { today: TODAY })).toEqual({ rows: 0, days: 0 });
  });

  it('splits every total exactly, and only on the last days', async () => {
    const [split] = await query(sql`select sum(impressions)::float8 as n, sum(clicks)::float8 as c, sum(spend)::text as s from traffic_daily where ad_format = 'banner' and dimension = 'operating_system' and day = ${days[6]}`);
    const [os] = await query(sql`select count(*)::int as n from traffic_daily where dimension = 'operating_system' and day = ${days[0]}`);
    expect(Number(os.n)).toBe(0);
    // Operating systems under 0.3 % have no row: the split covers nearly, not exactly, all.
    const [platform] = await query(sql`select sum(impressions)::float8 as n, sum(spend)::text as s from traffic_daily where ad_format = 'banner' and dimension = 'traffic_platform' and day = ${days[6]}`);
    const [all] = await query(sql`select sum(impressions)::float8 as n, sum(spend)::text as s from traffic_daily where ad_format = 'banner' and dimension = 'all' and day = ${days[6]}`);
    expect(platform).toEqual(all);
    expect(Number(split.n) / Number(all.n)).toBeGreaterThan(0.99);
    expect(allocate(10, [1, 1, 1])).toEqual([3, 4, 3]);
  });

  it('looks like real traffic: iPhones in the US, Android in India, tier 1 pays more, spend matches prices', async () => {
    const share = async (country: number, os: number) => {
      const [r] = await query(sql`select (select sum(impressions) from traffic_daily where ad_format = 'banner' and dimension = 'operating_system' and value_id = ${os} and country_id = ${country} and day = ${days[6]})::float8
        / (select sum(impressions) from traffic_daily where ad_format = 'banner' and dimension = 'all' and country_id = ${country} and day = ${days[6]})::float8 as share`);
      return Number(r.share);
    };
    expect(await share(US, 2)).toBeGreaterThan(0.2);
    expect(await share(IN, 2)).toBeLessThan(0.05);
    expect(await share(IN, 1)).toBeGreaterThan(0.6);
    const cpm = async (country: number) => {
      const [r] = await query(sql`select sum(spend)::float8 * 1000 / sum(impressions) as cpm from traffic_daily where ad_format = 'banner' and dimension = 'all' and country_id = ${country}`);
      return Number(r.cpm);
    };
    expect(await cpm(US)).toBeGreaterThan(2 * (await cpm(IN)));
    const [inStream] = await query(sql`select sum(impressions) filter (where value_id = 1)::float8 / sum(impressions)::float8 as desktop from traffic_daily where ad_format = 'in-stream' and dimension = 'traffic_platform'`);
    const [inPage] = await query(sql`select sum(impressions) filter (where value_id = 1)::float8 / sum(impressions)::float8 as desktop from traffic_daily where ad_format = 'in-page' and dimension = 'traffic_platform'`);
    expect(Number(inStream.desktop)).toBeGreaterThan(Number(inPage.desktop));
  });

  it('names each dimension once, and brings rows a database got under the old names along', async () => {
    const written = new Set(formats.flatMap((f) => trafficForDay(f, days[6], true).map((r) => r.dimension)));
    expect([...written].filter((d) => ['os', 'platform', 'connection'].includes(d))).toEqual([]);
    for (const d of ['operating_system', 'traffic_platform', 'connection_type']) expect(written.has(d), d).toBe(true);
    await database.db.execute(sql`insert into traffic_daily (day, ad_format, country_id, dimension, value_id, requests, impressions, clicks, conversions, spend)
      values ('2020-01-01', 'legacy', ${US}, 'os', 2, 10, 8, 1, 0, 0.0100), ('2020-01-01', 'legacy', ${US}, 'platform', 2, 10, 8, 1, 0, 0.0100), ('2020-01-01', 'legacy', ${US}, 'connection', 1, 10, 8, 1, 0, 0.0100)`);
    expect(await seedTraffic(database.db, { today: TODAY })).toEqual({ rows: 0, days: 0 });
    const legacy = await query(sql`select dimension from traffic_daily where ad_format = 'legacy' order by dimension`);
    expect(legacy.map((r) => r.dimension)).toEqual(['connection_type', 'operating_system', 'traffic_platform']);
    await database.db.execute(sql`delete from traffic_daily where ad_format = 'legacy'`);
  });
});

describe('the traffic estimate', () => {
  const estimate = (request: Omit<EstimateRequest, 'ad_format_id'> & { ad_format_id?: string }) => estimateTraffic(database.db, { ad_format_id: 'banner', ...request });

  it('averages the last 7 days, and narrows by countries exactly as the table adds up', async () => {
    const all = await estimate({});
    expect(all.days).toBe(7);
    expect(all.countries).toBe(90);
    expect(all.available_impressions).toBe(perDay((await totals('banner', 'impressions')).values()));
    const some = await estimate({ targets: { country: { accept: true, countries: [US, DE] } } });
    const direct = await totals('banner', 'impressions', sql`and country_id in (${US}, ${DE})`);
    expect(some.available_impressions).toBe(perDay(direct.values()));
    expect(some.requests).toBe(perDay((await totals('banner', 'requests', sql`and country_id in (${US}, ${DE})`)).values()));
    expect(some.countries).toBe(2);
    const except = await estimate({ targets: { country: { accept: false, countries: [US, DE] } } });
    expect(except.available_impressions).toBe(all.available_impressions - some.available_impressions);
    expect(except.requests).toBe(all.requests - some.requests);
    expect(except.countries).toBe(88);
  });

  it('multiplies by the stored share of a dimension: iOS in the US, and everything but iOS', async () => {
    const [row] = await query(sql`select
        (select sum(impressions) from traffic_daily where ad_format = 'banner' and dimension = 'operating_system' and value_id = 2 and country_id = ${US} and day between ${splitDays[0]} and ${splitDays[2]})::float8 as ios,
        (select sum(impressions) from traffic_daily where ad_format = 'banner' and dimension = 'all' and country_id = ${US} and day between ${splitDays[0]} and ${splitDays[2]})::float8 as split_total`);
    const share = Number(row.ios) / Number(row.split_total);
    const [us] = (await totals('banner', 'impressions', sql`and country_id = ${US}`)).values();
    const country = { accept: true, countries: [US] };
    const ios = await estimate({ targets: { country, 'operating-system': { accept: true, operating_systems: [2] } } });
    expect(ios.available_impressions).toBe(Math.round((us * share) / 7));
    const notIos = await estimate({ targets: { country, 'operating-system': { accept: false, operating_systems: [2] } } });
    expect(notIos.available_impressions).toBe(Math.round((us * (1 - share)) / 7));
    expect(Number(ios.effective_cpm)).toBeGreaterThan(Number(notIos.effective_cpm)); // iPhones pay more
  });

  it('treats carriers as part of cellular traffic, and Wi-Fi as the rest', async () => {
    const country = { accept: true, countries: [US] };
    const wifi = await estimate({ targets: { country, 'connection-type': { type: 'wifi' } } });
    const cellular = await estimate({ targets: { country, 'connection-type': { type: 'accept' } } });
    const all = await estimate({ targets: { country } });
    expect(Math.abs(wifi.available_impressions + cellular.available_impressions - all.available_impressions)).toBeLessThanOrEqual(1);
    const verizon = await estimate({ targets: { country, 'connection-type': { type: 'accept' }, carrier: { accept: true, carriers: [1] } } });
    const notVerizon = await estimate({ targets: { country, 'connection-type': { type: 'accept' }, carrier: { accept: false, carriers: [1] } } });
    expect(verizon.available_impressions).toBeGreaterThan(0);
    expect(Math.abs(verizon.available_impressions + notVerizon.available_impressions - cellular.available_impressions)).toBeLessThanOrEqual(1);
    expect(CONNECTION.wifi).toBe(1);
    // A carrier of another country has no traffic in Germany.
    expect((await estimate({ targets: { country: { accept: true, countries: [DE] }, carrier: { accept: true, carriers: [1] } } })).available_impressions).toBe(0);
  });

  it('wins more at a higher price, never less; the recommended price wins 75 %', async () => {
    const base = await estimate({ pricing_model: 'cpm' });
    expect(base.price).toBe(base.recommended_price);
    expect(base.win_rate_at_price).toBeCloseTo(0.75, 2);
    let last = { win: -1, impressions: -1 };
    for (const price of ['0.0500', '0.1000', '0.2500', base.recommended_price, '1.0000', '2.5000', '10.0000']) {
      const e = await estimate({ pricing_model: 'cpm', price });
      expect(e.win_rate_at_price).toBeGreaterThanOrEqual(last.win);
      expect(e.impressions).toBeGreaterThanOrEqual(last.impressions);
      expect(e.impressions).toBeLessThanOrEqual(e.available_impressions);
      expect(e.spend).toMatch(/^\d+\.\d{4}$/);
      last = { win: e.win_rate_at_price, impressions: e.impressions };
    }
    expect(last.win).toBeGreaterThan(0.95);
    const cpc = await estimate({ pricing_model: 'cpc' });
    expect(Number(cpc.recommended_price)).toBeGreaterThanOrEqual(Number(cpc.minimum_price));
    expect(cpc.minimum_price).toBe('0.0050');
  });

  it('by country: rows add up to the estimate, most impressions first', async () => {
    const request: EstimateRequest = { ad_format_id: 'native', pricing_model: 'cpc', price: '0.0300', targets: { 'operating-system': { accept: true, operating_systems: [1, 2] } } };
    const total = await estimateTraffic(database.db, request);
    const rows = await estimateByCountry(database.db, request);
    expect(rows).toHaveLength(total.countries);
    for (const key of ['requests', 'available_impressions', 'impressions', 'clicks', 'conversions'] as const) expect(rows.reduce((a, r) => a + r[key], 0)).toBe(total[key]);
    const units = (s: string) => Number(s.replace('.', ''));
    expect(rows.reduce((a, r) => a + units(r.spend), 0)).toBe(units(total.spend));
    expect(rows.map((r) => r.impressions)).toEqual([...rows.map((r) => r.impressions)].sort((a, b) => b - a));
    expect(rows[0]).toMatchObject({ iso2: expect.stringMatching(/^[A-Z]{2}$/), name: expect.any(String) });
  });

  it('says which targets it could not count, which by a heuristic, and which the format does not offer', async () => {
    const e = await estimateTraffic(
      database.db,
      {
        ad_format_id: 'ios-calendar',
        targets: { city: { accept: true, cities: [5] }, 'placement-type': { placement_types: [1] }, browser: { browsers: [11], min_version: 17 }, throttle: { smooth_spend_rate: true }, 'web-push-subscription-time': { min_days: 3 } },
      },
      { offered: ['country', 'city', 'browser', 'placement-type', 'throttle'] },
    );
    // No placement split for iOS calendar traffic: placement cannot narrow it.
    expect(e.unnarrowed_targets).toEqual(['city', 'placement-type']);
    expect(e.approximate_targets).toEqual(['browser']);
    expect(e.ignored_targets).toEqual(['web-push-subscription-time']);
    const category = await estimate({ targets: { category: { accept: true, categories: [304] }, 'device-model': { accept: true, models: [] } } });
    expect(category.approximate_targets).toEqual(['category']);
    const group = await estimate({ targets: { 'category-group': { accept: true, category_groups: [3] } } });
    expect(category.available_impressions).toBeLessThan(group.available_impressions);
  });

  it('answers zero traffic for a format without data', async () => {
    const e = await estimateTraffic(database.db, { ad_format_id: 'no-such-format' });
    expect(e).toMatchObject({ available_impressions: 0, impressions: 0, countries: 0, days: 0, spend: '0.0000', win_rate_at_price: 0 });
  });
});
