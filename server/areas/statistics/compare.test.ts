/**
 * GET campaign-statistics/compare against the report it charts: the top rows are the table's top rows by the
 * metric, each series adds up to its row, the top rows plus "Other" add up to the report's daily series; and the
 * `ads` filter both calls take keeps the campaigns of those ads only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, build, type TestApp } from '../../../tests/api/helper';
import { advertiserWithStatistics, dayFromToday, statisticsQuery as query } from '../../../tests/api/statisticsFixture';

let t: TestApp;
let userId: number;
let get: Awaited<ReturnType<typeof advertiserWithStatistics>>['get'];
const day = dayFromToday;
const start = day(-13);
const end = day(0);

beforeAll(async () => {
  t = await build();
  ({ userId, get } = await advertiserWithStatistics(t, 'advertiser@adnet.test', 6_000, 14));
}, 120_000);
afterAll(() => t?.close());

interface Series {
  key: string | null;
  label: string | null;
  other: boolean;
  total: number | string;
  points: { date: string; value: number | string }[];
}
type Row = Record<string, string | number | null>;
const units = (v: unknown) => BigInt(String(v).replace('.', ''));

describe('GET campaign-statistics/compare', () => {
  it.each([
    ['campaign', 'impressions', 'campaign_id', 'campaign'],
    ['country', 'clicks', null, 'country'],
    ['creative', 'cost', null, null],
  ] as const)('%s by %s: the top rows of the table, each series adding up to its row', async (group, metric, keyColumn, labelColumn) => {
    const report = (await get('campaign-statistics', { start_date: start, end_date: end, group })).json() as { data: Row[] };
    const res = await get('campaign-statistics/compare', { start_date: start, end_date: end, group, metric, limit: '3' });
    expect(res.statusCode, res.body).toBe(200);
    const series = (res.json() as { data: Series[] }).data;
    const ranked = report.data.map((r) => r[metric]).filter((v) => Number(v) > 0).sort((a, b) => Number(b) - Number(a));
    expect(series.length).toBe(Math.min(3, ranked.length));
    expect(series.map((s) => String(s.total))).toEqual(ranked.slice(0, 3).map(String));
    for (const s of series) {
      expect(s.other).toBe(false);
      expect(s.points.map((p) => p.date)).toEqual(Array.from({ length: 14 }, (_, i) => day(-13 + i)));
      // Per-day values add up to the row (cost to the rollups' rounding: half a unit a day).
      const sum = s.points.reduce((acc, p) => acc + units(p.value), 0n);
      const diff = sum - units(s.total);
      expect(diff < 0n ? -diff : diff).toBeLessThanOrEqual(metric === 'cost' ? 14n : 0n);
      if (labelColumn) {
        // Country rows carry no id: the name (as the table shows it) finds them.
        const row = report.data.find((r) => (keyColumn ? String(r[keyColumn] ?? 0) === s.key : r[labelColumn] === s.label))!;
        expect(row, `${group} ${s.key}`).toBeTruthy();
        expect(s.label).toBe(row[labelColumn]);
        expect(String(s.total)).toBe(String(row[metric]));
      }
    }
    if (group === 'creative') expect(series.every((s) => typeof s.label === 'string' && s.label.length > 0)).toBe(true);
  });

  it('with "Other", the series add up to the report’s series day by day', async () => {
    const { series: daily } = (await get('campaign-statistics', { start_date: start, end_date: end, group: 'country' })).json() as { series: Row[] };
    const { data } = (await get('campaign-statistics/compare', { start_date: start, end_date: end, group: 'country', metric: 'impressions', limit: '2', other: 'true' })).json() as { data: Series[] };
    expect(data.at(-1)).toMatchObject({ key: null, label: null, other: true });
    expect(data.filter((s) => !s.other)).toHaveLength(2);
    daily.forEach((point, i) => expect(data.reduce((sum, s) => sum + Number(s.points[i].value), 0), String(point.date)).toBe(point.impressions));
  });

  it('filters like the report, by ad too', async () => {
    const [ad] = ((await t.database.db.execute(sql`
      select c.ad_id as id from campaigns c join stat_daily s on s.campaign_id = c.id
      where c.user_id = ${userId} and s.dimension = 'all' and s.impressions > 0 group by 1 order by sum(s.impressions) desc limit 1`)) as unknown as { rows: { id: number }[] }).rows;
    const ofAd = ((await t.database.db.execute(sql`select id from campaigns where ad_id = ${ad.id}`)) as unknown as { rows: { id: number }[] }).rows.map((c) => c.id);
    const report = (await get('campaign-statistics', { start_date: start, end_date: end, group: 'campaign', ads: [String(ad.id)] })).json() as { data: Row[] };
    expect(report.data.length).toBeGreaterThan(0);
    for (const row of report.data) expect(ofAd).toContain(row.campaign_id);
    const { data } = (await get('campaign-statistics/compare', { start_date: start, end_date: end, group: 'campaign', metric: 'impressions', ads: [String(ad.id)] })).json() as { data: Series[] };
    expect(data.length).toBeGreaterThan(0);
    for (const s of data) expect(ofAd).toContain(Number(s.key));
    // An ad of nobody's campaigns: nothing.
    const none = (await get('campaign-statistics', { start_date: start, end_date: end, group: 'date', ads: ['2147483647'] })).json() as { data: Row[]; series: Row[] };
    expect(none.data).toEqual([]);
    expect(none.series.every((p) => p.impressions === 0)).toBe(true);
  });

  it('names the problem: a time grouping, an unknown metric, a limit out of range, no token', async () => {
    const byDate = await get('campaign-statistics/compare', { start_date: start, end_date: end, group: 'date', metric: 'clicks' });
    expect(byDate.statusCode).toBe(422);
    expect(byDate.json().errors.group[0]).toContain('country');
    expect(byDate.json().errors.group[0]).not.toMatch(/\bdate\b/);
    expect((await get('campaign-statistics/compare', { start_date: start, end_date: end, group: 'country', metric: 'bids' })).statusCode).toBe(422);
    expect((await get('campaign-statistics/compare', { start_date: start, end_date: end, group: 'country', metric: 'clicks', limit: '11' })).statusCode).toBe(422);
    expect((await get('campaign-statistics/compare', { start_date: end, end_date: start, group: 'country', metric: 'clicks' })).json().errors.end_date).toBeTruthy();
    expect((await api(t.app, 'GET', `campaign-statistics/compare?${query({ start_date: start, end_date: end, group: 'country', metric: 'clicks' })}`)).statusCode).toBe(401);
  });
});
