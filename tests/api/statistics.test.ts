/**
 * The statistics calls against the event log: every grouping of every screen answers what a direct count over
 * `stat_events` gives (the rollups are an optimisation, never a different answer), filters narrow, and the series
 * adds up to the rows.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUpStatistics } from '../../server/demo/seedStatistics';
import { trafficProviders } from '../../server/reference/trafficProviders';
import { DAILY_DIMENSIONS, EVENT_KIND } from '../../server/areas/statistics/events';
import { rollupStatistics } from '../../server/areas/statistics/store';
import { screenSets, statisticsSets } from '../../server/areas/statistics/sets';
import { runLifecycle } from '../../server/areas/campaigns/lifecycle';
import { chargeSpend, closedBefore } from '../../server/areas/finances/spend';
import { api, build, login, type TestApp } from './helper';
import { advertiserWithStatistics, dayFromToday, statisticsQuery as query } from './statisticsFixture';
import { loadNetworkConfigs } from '../../server/config/loadNetworkConfigs';

let t: TestApp;
let token: string;
let userId: number;
let get: Awaited<ReturnType<typeof advertiserWithStatistics>>['get'];
const day = dayFromToday;
const start = day(-29);
const end = day(0);

beforeAll(async () => {
  t = await build();
  ({ token, userId, get } = await advertiserWithStatistics(t, 'advertiser@adnet.test', 25_000, 30));
}, 120_000);
afterAll(() => t?.close());

/** A direct count over the events, keyed as the report keys its rows (the key column's value). */
async function direct(groupBy: string, where = sql`true`): Promise<Map<string, Record<string, string>>> {
  const key: Record<string, string> = {
    date: `to_char(e.occurred_at at time zone 'utc', 'YYYY-MM-DD')`,
    hour: `to_char(e.occurred_at at time zone 'utc', 'YYYY-MM-DD HH24:00')`,
    campaign: 'e.campaign_id::text',
    creative: `case when e.creative_id > 0 then e.creative_id::text else 'ad ' || c.ad_id end`,
    traffic_provider: 'e.provider_id::text',
    ...Object.fromEntries(Object.entries(DAILY_DIMENSIONS).map(([d, column]) => [d, `e.${column}::text`])),
  };
  const result = (await t.database.db.execute(sql`
    select ${sql.raw(key[groupBy])} as key,
      coalesce(sum(weight) filter (where kind = ${EVENT_KIND.impression}), 0)::text as impressions,
      coalesce(sum(weight) filter (where kind = ${EVENT_KIND.click}), 0)::text as clicks,
      coalesce(sum(weight) filter (where kind = ${EVENT_KIND.conversion}), 0)::text as conversions,
      coalesce(sum(weight) filter (where kind = ${EVENT_KIND.video_view}), 0)::text as video_views,
      coalesce(sum(weight) filter (where kind = ${EVENT_KIND.request}), 0)::text as requests,
      coalesce(sum(weight) filter (where kind = ${EVENT_KIND.bid}), 0)::text as bids,
      coalesce(sum(weight) filter (where kind = ${EVENT_KIND.win}), 0)::text as wins,
      round(sum(cost), 4)::text as cost, round(sum(payout), 2)::text as payouts
    from stat_events e join campaigns c on c.id = e.campaign_id
    where e.user_id = ${userId} and e.occurred_at >= ${start}::date and e.occurred_at < ${end}::date + 1 and ${where}
    group by 1`)) as unknown as { rows: Record<string, string>[] };
  return new Map(result.rows.map((r) => [r.key, r]));
}

describe('GET campaign-statistics', () => {
  const sold = loadNetworkConfigs().find((c) => c.id === 'adnet')!.adFormats;
  const offered = screenSets('campaign-statistics').filter((s) => !s.formats || s.formats.some((f) => sold.includes(f)));

  it.each(offered.map((s) => [s.id, s] as const))('%s: every row equals a direct count over the events', async (_id, set) => {
    const res = await get('campaign-statistics', { start_date: start, end_date: end, group: set.id });
    expect(res.statusCode, res.body).toBe(200);
    const { data, series } = res.json() as { data: Record<string, unknown>[]; series: Record<string, unknown>[] };
    expect(series).toHaveLength(30);
    // A set with a row action (blacklist) also answers each row's id.
    const keys = [...set.columns.map((c) => c.id), ...(set.source.rowAction ? ['key'] : [])].sort();
    for (const row of data) expect(Object.keys(row).sort()).toEqual(keys);
    const formats = set.formats ? sql`c.ad_format = any(${`{${set.formats.join(',')}}`}::text[])` : sql`true`;
    const expected = await direct(set.source.groupBy, formats);
    const metricColumns = set.columns.filter((c) => ['count', 'cost', 'money'].includes(c.type) && c.id !== 'reserved_balance');
    // Rows without a key column (dimension rows with an unknown value) are matched by their metric totals below.
    const keyColumn = set.source.rowAction ? { id: 'key', field: 'key' } : set.columns.find((c) => (c.field ?? c.id) === 'key');
    if (keyColumn && set.source.groupBy !== 'creative') {
      expect(data.length).toBe(expected.size);
      for (const row of data) {
        const want = expected.get(String(row[keyColumn.id] ?? 0)); // a spot of an unknown site is 0 in the log, null in the report
        expect(want, `${set.id} ${String(row[keyColumn.id])}`).toBeTruthy();
        for (const c of metricColumns) expect(String(row[c.id]), `${set.id}.${c.id}`).toBe(want![c.field ?? c.id]);
      }
    }
    // Whatever the grouping, the rows add up to the events.
    const all = [...expected.values()];
    for (const c of metricColumns) {
      const metric = c.field ?? c.id;
      if (c.type === 'count') expect(data.reduce((s, r) => s + Number(r[c.id]), 0), `${set.id}.${c.id} total`).toBe(all.reduce((s, r) => s + Number(r[metric]), 0));
      else {
        const units = (v: unknown) => BigInt(String(v).replace('.', ''));
        // Rounded per row vs once: within half a unit per row.
        const diff = data.reduce((s, r) => s + units(r[c.id]), 0n) - all.reduce((s, r) => s + units(r[metric]), 0n);
        expect(diff < 0n ? -diff : diff, `${set.id}.${c.id} total`).toBeLessThanOrEqual(BigInt(Math.max(data.length, all.length)));
      }
    }
  });

  it('the series has every day of the range and adds up to the date rows', async () => {
    const { data, series } = (await get('campaign-statistics', { start_date: start, end_date: end, group: 'date' })).json() as { data: Record<string, unknown>[]; series: Record<string, unknown>[] };
    expect(series.map((p) => p.date)).toEqual(Array.from({ length: 30 }, (_, i) => day(-29 + i)));
    const byDate = new Map(data.map((r) => [r.date, r]));
    for (const point of series) {
      const row = byDate.get(point.date);
      expect(point.impressions).toBe(row ? row.impressions : 0);
      expect(point.cost).toBe(row ? row.cost : '0.0000');
    }
    expect(data.some((r) => Number(r.impressions) > 0 && Number(r.clicks) > 0)).toBe(true);
  });

  it('ctr is clicks per impression as a 6-place fraction, and unknown sites are null', async () => {
    const { data } = (await get('campaign-statistics', { start_date: start, end_date: end, group: 'site' })).json() as { data: Record<string, unknown>[] };
    for (const row of data) {
      const impressions = Number(row.impressions);
      expect(row.ctr).toBe(impressions ? (Math.round((Number(row.clicks) / impressions) * 1e6) / 1e6).toFixed(6) : '0.000000');
    }
    expect(data.some((r) => r.site === null)).toBe(true);
    expect(data.filter((r) => r.site !== null).every((r) => /\./.test(String(r.site)))).toBe(true);
  });

  it('filters by campaigns, statuses and ad formats', async () => {
    const { data: all } = (await get('campaign-statistics', { start_date: start, end_date: end, group: 'campaign' })).json() as { data: { campaign_id: number; campaign: string }[] };
    expect(all.length).toBeGreaterThan(1);
    const one = all[0].campaign_id;
    const { data: only } = (await get('campaign-statistics', { start_date: start, end_date: end, group: 'campaign', campaigns: [String(one)] })).json() as { data: { campaign_id: number }[] };
    expect(only.map((r) => r.campaign_id)).toEqual([one]);
    const statuses = ((await t.database.db.execute(sql`select id, status, ad_format from campaigns where user_id = ${userId}`)) as unknown as { rows: { id: number; status: string; ad_format: string }[] }).rows;
    const { data: paused } = (await get('campaign-statistics', { start_date: start, end_date: end, group: 'campaign', statuses: ['paused'] })).json() as { data: { campaign_id: number }[] };
    for (const r of paused) expect(statuses.find((c) => c.id === r.campaign_id)?.status).toBe('paused');
    const format = statuses.find((c) => all.some((r) => r.campaign_id === c.id))!.ad_format;
    const { data: ofFormat } = (await get('campaign-statistics', { start_date: start, end_date: end, group: 'campaign', ad_formats: [format] })).json() as { data: { campaign_id: number }[] };
    expect(ofFormat.length).toBeGreaterThan(0);
    for (const r of ofFormat) expect(statuses.find((c) => c.id === r.campaign_id)?.ad_format).toBe(format);
  });

  it("another user sees none of it", async () => {
    const other = await login(t.app, 'company@adnet.test');
    const res = await api(t.app, 'GET', `campaign-statistics?${query({ start_date: start, end_date: end, group: 'date' })}`, { token: other });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    expect(res.json().series.every((p: { impressions: number }) => p.impressions === 0)).toBe(true);
  });

  it('names the problem: unknown grouping, reversed or too long ranges, bad dates, no token', async () => {
    const bad = await get('campaign-statistics', { start_date: start, end_date: end, group: 'ssp-date' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.group[0]).toContain('country');
    expect((await get('campaign-statistics', { start_date: end, end_date: start, group: 'date' })).json().errors.end_date).toBeTruthy();
    expect((await get('campaign-statistics', { start_date: '2024-01-01', end_date: '2025-12-31', group: 'date' })).json().errors.start_date).toBeTruthy();
    expect((await get('campaign-statistics', { start_date: '2024-13-01', end_date: end, group: 'date' })).statusCode).toBe(422);
    expect((await api(t.app, 'GET', `campaign-statistics?${query({ start_date: start, end_date: end, group: 'date' })}`)).statusCode).toBe(401);
  });

  it("names countries in the reader's language", async () => {
    const names = async (language: string) =>
      ((await api(t.app, 'GET', `campaign-statistics?${query({ start_date: start, end_date: end, group: 'country' })}`, { token, headers: { 'accept-language': language } })).json().data as Record<string, unknown>[]).flatMap(
        (row) => Object.values(row).filter((v) => typeof v === 'string'),
      );
    expect(await names('en')).toContain('Germany');
    const russian = await names('ru');
    expect(russian).toContain('Германия');
    expect(russian).not.toContain('Germany');
  });

  it('rolling up again changes nothing', async () => {
    const before = (await get('campaign-statistics', { start_date: start, end_date: end, group: 'country' })).body;
    await rollupStatistics(t.database.db, { from: new Date(`${start}T00:00:00Z`), to: new Date(), userIds: [userId] });
    expect((await get('campaign-statistics', { start_date: start, end_date: end, group: 'country' })).body).toBe(before);
  });
});

describe('supply side platforms, RTB and feeds', () => {
  it('lists the platforms', async () => {
    const { data } = (await api(t.app, 'GET', 'supply-side-platforms/all', { token })).json() as { data: { id: number; name: string; method_type: string }[] };
    expect(data).toHaveLength(trafficProviders.length);
    expect(data.map((p) => p.name)).toEqual([...data.map((p) => p.name)].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('by platform: requests, bids, wins and spend equal the events; RTB and feeds keep their methods', async () => {
    const expected = await direct('traffic_provider');
    const { data } = (await get('supply-side-platforms/statistics', { start, end, groupBy: 'ssp-platform' })).json() as { data: Record<string, unknown>[] };
    const byName = new Map(trafficProviders.map((p) => [p.name, p]));
    expect(data.length).toBe(expected.size);
    for (const row of data) {
      const want = expected.get(String(byName.get(String(row.supply_side_platform))!.id))!;
      expect([row.requests, row.bids, row.wins, row.spend].map(String)).toEqual([want.requests, want.bids, want.wins, want.cost]);
    }
    const rtb = (await get('rtb-statistics', { start, end, groupBy: 'rtb-platform' })).json().data as { platform: string }[];
    expect(rtb.length).toBeGreaterThan(0);
    for (const r of rtb) expect(byName.get(r.platform)?.method_type).toBe('rtb');
    const feeds = (await get('feeds/statistics', { start, end, groupBy: 'feed' })).json().data as { feed: string }[];
    for (const r of feeds) expect(byName.get(r.feed)?.method_type).toBe('xml');
  });

  it('narrows to the chosen platforms and refuses groupings of other screens', async () => {
    const { data } = (await get('supply-side-platforms/statistics', { start, end, groupBy: 'ssp-platform', supplySidePlatforms: ['1'] })).json() as { data: { supply_side_platform: string }[] };
    expect(data.map((r) => r.supply_side_platform)).toEqual(['Main provider']);
    expect((await get('supply-side-platforms/statistics', { start, end, groupBy: 'date' })).statusCode).toBe(422);
    expect(statisticsSets().get('rtb-date')?.source.providerMethod).toBe('rtb');
  });
});

describe('GET campaign-tooltips', () => {
  it('hints from the statistics: a limit reached, no impressions, a losing price; none when turned off', async () => {
    const [campaign] = ((await t.database.db.execute(sql`
      select c.id from campaigns c where c.user_id = ${userId} and c.status = 'active' order by c.id limit 1`)) as unknown as { rows: { id: number }[] }).rows;
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString();
    // This hour: 50,000 bids, 50 won (far under a fifth of the 3 days' bids), and the whole daily limit spent.
    await t.database.db.execute(sql`update campaigns set hourly_limit = null, daily_limit = '5.00', total_limit = null, limit_type = 'money' where id = ${campaign.id}`);
    await t.database.db.execute(sql`
      insert into stat_hourly (hour, user_id, campaign_id, creative_id, bids, wins, impressions, cost)
      values (${hour}::timestamptz, ${userId}, ${campaign.id}, 999999, 50000, 50, 50, '5.000000')`);
    await runLifecycle(t.app, new Date(), [campaign.id]);
    const { data } = (await api(t.app, 'GET', 'campaign-tooltips', { token })).json() as { data: { campaign_id: number; type: string; params: Record<string, string> }[] };
    const mine = data.filter((d) => d.campaign_id === campaign.id);
    expect(mine.map((d) => d.type).sort()).toEqual(['limit_reached', 'low_win_rate']);
    expect(mine.find((d) => d.type === 'limit_reached')!.params).toEqual({ period: 'daily', limit_type: 'money', limit: '5.00' });
    await t.database.db.execute(sql`update users set campaign_tooltips_notifications = false where id = ${userId}`);
    const off = (await api(t.app, 'GET', 'campaign-tooltips', { token })).json().data;
    await t.database.db.execute(sql`update users set campaign_tooltips_notifications = true where id = ${userId}`);
    await t.database.db.execute(sql`delete from stat_hourly where creative_id = 999999`);
    expect(off).toEqual([]);
  });
});

describe('the demo ad server after a pause', () => {
  it('catches up from the last event to the current hour, and the rollups follow', async () => {
    await t.database.db.execute(sql`delete from stat_events where user_id = ${userId} and occurred_at >= now() - interval '2 days'`);
    // The paused campaigns were paused 47 hours ago, inside the gap: the catch-up buys for them only until then.
    await t.database.db.execute(sql`update campaigns set updated_at = now() - interval '47 hours' where user_id = ${userId} and status = 'paused'`);
    await rollupStatistics(t.database.db, { from: new Date(Date.now() - 3 * 86_400_000), to: new Date(), userIds: [userId] });
    const before = (await get('campaign-statistics', { start_date: day(-1), end_date: end, group: 'date' })).json().data as { impressions: number }[];
    expect(before.reduce((s, r) => s + r.impressions, 0)).toBe(0);
    const lineCount = async () => ((await t.database.db.execute(sql`select count(*)::int as n from stat_events where user_id = ${userId}`)) as unknown as { rows: { n: number }[] }).rows[0].n;
    const linesBefore = await lineCount();
    const written = await catchUpStatistics(t.database.db, [userId], 25_000 / 30);
    // How many depends on the hour of the day and the daily limits; that it wrote them, and only them, does not.
    expect(written).toBeGreaterThan(0);
    expect(await lineCount()).toBe(linesBefore + written);
    const [last] = ((await t.database.db.execute(sql`select extract(epoch from now() - max(occurred_at))::int as age from stat_events where user_id = ${userId}`)) as unknown as { rows: { age: number }[] }).rows;
    expect(last.age).toBeLessThan(2 * 3600);
    const after = (await get('campaign-statistics', { start_date: start, end_date: end, group: 'date' })).json().data as { date: string; impressions: number }[];
    const expected = await direct('date');
    for (const row of after) expect(String(row.impressions)).toBe(expected.get(row.date)!.impressions);
    expect(await catchUpStatistics(t.database.db, [userId], 25_000 / 30)).toBe(0);
    // A paused campaign bought nothing after it was paused.
    const paused = ((await t.database.db.execute(sql`
      select c.id, c.updated_at, (select max(occurred_at) from stat_events e where e.campaign_id = c.id) as last
      from campaigns c where c.user_id = ${userId} and c.status = 'paused'
        and exists (select 1 from campaign_approvals a where a.campaign_id = c.id and a.status = 'approved')`)) as unknown as { rows: { id: number; updated_at: string; last: string | null }[] }).rows;
    expect(paused.length).toBeGreaterThan(0);
    for (const c of paused) expect(c.last === null || new Date(c.last) < new Date(c.updated_at), `campaign ${c.id}`).toBe(true);
  });
});

describe('the ledger and the statistics', () => {
  it('charge what the statistics and week-spent show, day by day (to the rollups’ rounding)', async () => {
    const db = t.database.db;
    await db.execute(sql`update billing_accounts set spend_from = ${`${day(-31)}T00:00:00Z`}::timestamptz where user_id = ${userId}`);
    const chargedAt = new Date();
    await chargeSpend(db, chargedAt, [userId]);
    // A day counts once all its hours are closed for charging (a run across midnight leaves yesterday's last hour open).
    const closedDay = (date: string) => new Date(`${date}T00:00:00Z`).getTime() + 86_400_000 <= closedBefore(chargedAt).getTime();
    const ledger = new Map(
      ((await db.execute(sql`
        select to_char(hour at time zone 'utc', 'YYYY-MM-DD') as date, (-sum(amount))::text as spent
        from ledger_entries where user_id = ${userId} and kind = 'campaign_spend' group by 1`)) as unknown as { rows: { date: string; spent: string }[] }).rows.map((r) => [r.date, Number(r.spent)]),
    );
    const { series } = (await get('campaign-statistics', { start_date: start, end_date: end, group: 'date' })).json() as { series: { date: string; cost: string }[] };
    const week = (await api(t.app, 'GET', 'week-spent', { token })).json().data as { date: string; money: string }[];
    const closedDays = series.filter((p) => closedDay(p.date));
    expect(closedDays.filter((p) => Number(p.cost) > 0).length).toBeGreaterThan(20);
    // The daily rollups keep 4 places per campaign and day; the ledger the hours' 6: within half a unit a campaign.
    const [{ campaigns }] = ((await db.execute(sql`select count(*)::int as campaigns from campaigns where user_id = ${userId}`)) as unknown as { rows: { campaigns: number }[] }).rows;
    const within = 0.00005 * campaigns + 1e-9;
    for (const p of closedDays) expect(Math.abs((ledger.get(p.date) ?? 0) - Number(p.cost)), p.date).toBeLessThanOrEqual(within);
    for (const w of week.filter((x) => closedDay(x.date))) expect(Math.abs((ledger.get(w.date) ?? 0) - Number(w.money)), w.date).toBeLessThanOrEqual(within);
    // A day with open hours is charged as they close: never more than the statistics show.
    for (const p of series.filter((x) => !closedDay(x.date))) expect(ledger.get(p.date) ?? 0, p.date).toBeLessThanOrEqual(Number(p.cost) + within);
  });
});
