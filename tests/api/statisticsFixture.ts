import { sql } from 'drizzle-orm';
import { loadNetworkConfigs } from '../../server/config/loadNetworkConfigs';
import { seedDemoAds } from '../../server/demo/seedAds';
import { seedDemoCampaigns } from '../../server/demo/seedCampaigns';
import { seedStatistics } from '../../server/demo/seedStatistics';
import { api, login, type TestApp } from './helper';

/** The UTC calendar day `offset` days from today, as `YYYY-MM-DD`. */
export function dayFromToday(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);
}

/** A query string as the statistics calls take it: lists as `key[]=a&key[]=b`. */
export function statisticsQuery(params: Record<string, string | string[]>): string {
  return Object.entries(params)
    .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => `${k}[]=${encodeURIComponent(x)}`) : [`${k}=${encodeURIComponent(v)}`]))
    .join('&');
}

/**
 * Gives an AdNet advertiser the demo ads and campaigns and `events` generated events over the last `days` days,
 * signs them in, and returns a GET with their token.
 */
export async function advertiserWithStatistics(t: TestApp, email: string, events: number, days: number) {
  const token = await login(t.app, email);
  const [user] = ((await t.database.db.execute(sql`select id from users where email = ${email}`)) as unknown as { rows: { id: number }[] }).rows;
  const formats = loadNetworkConfigs().find((c) => c.id === 'adnet')!.adFormats;
  await seedDemoAds(t.database.db, { userId: user.id, networkId: 'adnet' }, formats);
  await seedDemoCampaigns(t.database.db, { userId: user.id, networkId: 'adnet' }, formats);
  await seedStatistics(t.database.db, { events, days, userIds: [user.id] });
  const get = (path: string, params: Record<string, string | string[]>) => api(t.app, 'GET', `${path}?${statisticsQuery(params)}`, { token });
  return { token, userId: user.id, get };
}
