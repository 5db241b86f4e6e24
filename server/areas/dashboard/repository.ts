import { sql } from 'drizzle-orm';
import type { Home, WeekSpendDay } from '../../../generated/types';
import type { Db } from '../../db/connect';

/** The dashboard's reads: both sum the campaigns' daily statistics (UTC days), the same numbers as the statistics screens. */
export function createDashboardRepository(db: Db) {
  return {
    /**
     * Cost today, yesterday, this month and last month (4 decimals); campaign counts (pending approval, active,
     * paused, all but deleted); the balance and what active campaigns hold of it (2 decimals).
     */
    async home(userId: number): Promise<Home> {
      const result = (await db.execute(sql`
      with today as (select (now() at time zone 'utc')::date as d),
      spend as (
        select s.day, s.spend from campaign_stats_daily s join campaigns c on c.id = s.campaign_id
        where c.user_id = ${userId} and s.day >= date_trunc('month', (select d from today) - interval '1 month')::date
      ),
      latest as (
        select c.id, c.status, (select status from campaign_approvals a where a.campaign_id = c.id order by a.id desc limit 1) as approval
        from campaigns c where c.user_id = ${userId} and c.status <> 'archived'
      )
      select
        to_char(coalesce((select sum(spend) from spend where day = (select d from today)), 0), 'FM9999999999999990.0000') as today_cost,
        to_char(coalesce((select sum(spend) from spend where day = (select d from today) - 1), 0), 'FM9999999999999990.0000') as yesterday_cost,
        to_char(coalesce((select sum(spend) from spend where day >= date_trunc('month', (select d from today))::date), 0), 'FM9999999999999990.0000') as current_month_cost,
        to_char(coalesce((select sum(spend) from spend where day < date_trunc('month', (select d from today))::date), 0), 'FM9999999999999990.0000') as previous_month_cost,
        (select count(*)::int from latest where approval = 'pending') as pending_campaigns_count,
        (select count(*)::int from latest where status = 'active') as active_campaigns_count,
        (select count(*)::int from latest where status = 'paused') as paused_campaigns_count,
        (select count(*)::int from latest) as campaigns_total,
        (select to_char(balance, 'FM9999999999999990.00') from users where id = ${userId}) as balance,
        to_char(coalesce((select reserved from reserved_balances where user_id = ${userId}), 0), 'FM9999999999999990.00') as reserved_balance`)) as unknown as { rows: Home[] };
      return result.rows[0];
    },

    /** Spend on each of the last 7 days, oldest first; days without spend are 0 (the series comes from generate_series). */
    async weekSpend(userId: number): Promise<WeekSpendDay[]> {
      const result = (await db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as date,
             to_char(coalesce(sum(s.spend), 0), 'FM9999999999999990.0000') as money
      from generate_series((now() at time zone 'utc')::date - 6, (now() at time zone 'utc')::date, interval '1 day') as d(day)
      left join (campaign_stats_daily s join campaigns c on c.id = s.campaign_id and c.user_id = ${userId}) on s.day = d.day::date
      group by d.day
      order by d.day`)) as unknown as { rows: WeekSpendDay[] };
      return result.rows.map((r) => ({ date: r.date, money: r.money }));
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
