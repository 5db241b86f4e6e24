import { sql } from 'drizzle-orm';
import type { SubscriptionStatistics } from '../../../generated/types';
import type { Db } from '../../db/connect';

type Day = SubscriptionStatistics['days'][number];

/**
 * What the user's campaigns took from the user's own providers per day, from the statistics rollup (`stat_daily`,
 * dimension `traffic_provider`): a user's providers are the ids above 1000 (tables.ts), so a deleted provider's
 * history still counts. Every day of the range is answered, zero where nothing came.
 */
export async function subscriptionStatistics(db: Db, userId: number, start: string, end: string): Promise<Day[]> {
  const result = (await db.execute(sql`
    select d.day::date::text as date,
      coalesce(sum(s.requests), 0)::bigint as requests, coalesce(sum(s.bids), 0)::bigint as bids, coalesce(sum(s.wins), 0)::bigint as wins,
      coalesce(sum(s.cost), 0)::numeric(18,4)::text as spend
    from generate_series(${start}::date, ${end}::date, interval '1 day') as d(day)
    left join stat_daily s on s.user_id = ${userId} and s.dimension = 'traffic_provider' and s.value_id > 1000 and s.day = d.day::date
    group by d.day order by d.day`)) as unknown as { rows: { date: string; requests: string | number; bids: string | number; wins: string | number; spend: string }[] };
  return result.rows.map((r) => {
    const requests = Number(r.requests);
    return { date: r.date, requests, bids: Number(r.bids), wins: Number(r.wins), spend: r.spend, requests_per_second: Math.round((requests / 86_400) * 100) / 100 };
  });
}
