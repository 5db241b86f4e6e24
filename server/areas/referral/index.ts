import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Referral, ReferralsQuery, ReferralStatisticsQuery } from '../../../generated/types';
import { pageRequest } from '../../db/listing';
import { HttpError } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { pageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { afterBalanceChange } from '../finances/public';
import { commissionsOf, dayEnd, dayStart, maskEmail, payCommissions, referralCodeOf, referralsOf } from './program';

const security = [{ bearerAuth: [] }];
const tags = ['referral'];
/** How often commissions are paid: as often as the spend job charges hours. */
const COMMISSIONS_EVERY_MS = 5 * 60_000;
/** The longest statistics range, in days. */
const MAX_DAYS = 366;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** List sort keys and what they order by. */
const SORTS: Record<NonNullable<ReferralsQuery['sort']>, string> = { joined_at: 'u.created_at', spent: 'spent', earned: 'earned' };

/** How each grouping names its rows: the key it groups by, in SQL. */
const GROUP_KEYS: Record<NonNullable<ReferralStatisticsQuery['groupBy']>, string> = {
  day: `to_char(s.hour at time zone 'utc', 'YYYY-MM-DD')`,
  month: `to_char(s.hour at time zone 'utc', 'YYYY-MM')`,
  referral: `s.user_id::text`,
};

/**
 * The referral program: the user's link and totals (`GET referral-program`), their referrals
 * (`GET referral-program/referrals`) and what they spent and earned over time (`GET referral-program/statistics`).
 * The commissions job credits referrers as their referrals' hours are charged.
 */
export default async function referralArea(app: FastifyInstance) {
  const { platform } = app;
  const { db } = platform;
  platform.jobs.every('referral.commissions', COMMISSIONS_EVERY_MS, async (now) => {
    for (const referrer of await payCommissions(db, now)) await afterBalanceChange(app, referrer.userId, referrer.networkId, now);
  });

  /** The signed-in user as a referrer: their id, network and code. */
  const referrerOf = async (userId: number, networkId: string) => ({ userId, networkId, code: await referralCodeOf(db, userId) });

  app.get(
    '/referral-program',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The user's referral link, percent, referrals and commissions earned",
        security,
        response: { 200: wrapped(catalogSchema(platform.catalog, 'referral_referral_program_answer'), 'The referral program'), 401: unauthenticated },
      },
    },
    async (request) => {
      const referrer = await referrerOf(request.auth!.userId, request.network.id);
      const [row] = rowsOf<{ percent: string; referrals: number; earned: string }>(
        await db.execute(sql`
          select (select referral_percent::text from users where id = ${referrer.userId}) as percent,
                 (select count(*)::int from ${referralsOf(referrer)}) as referrals,
                 (select coalesce(sum(amount), 0)::numeric(20,2)::text from ledger_entries where user_id = ${referrer.userId} and kind = 'referral_commission') as earned`),
      );
      const link = `${platform.networks.publicOrigin(request.network)}/register?ref=${referrer.code}`;
      return { data: { code: referrer.code, link, percent: trimZeros(row.percent), referrals: row.referrals, earned: row.earned } };
    },
  );

  app.get<{ Querystring: ReferralsQuery }>(
    '/referral-program/referrals',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "A page of the user's referrals: when they joined, whether they confirmed, what they spent and what it earned (addresses masked)",
        security,
        querystring: catalogSchema(platform.catalog, 'referral_referrals_query'),
        response: { 200: pageAnswer(catalogSchema(platform.catalog, 'referral_referral_answer'), 'The referrals'), 401: unauthenticated },
      },
    },
    async (request) => {
      const q = pageRequest(request.query, 'joined_at');
      const referrer = await referrerOf(request.auth!.userId, request.network.id);
      const limit = q.per_page === -1 ? sql`` : sql`limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`;
      const rows = rowsOf<{ id: number; email: string; created_at: string | Date; status: Referral['status']; spent: string; earned: string }>(
        await db.execute(sql`
          select u.id, u.email, u.created_at, u.status,
                 (select coalesce(-sum(amount), 0)::numeric(20,2)::text from ledger_entries where user_id = u.id and kind = 'campaign_spend') as spent,
                 (select coalesce(sum(c.amount), 0)::numeric(20,2)::text from ${commissionsOf(referrer.userId)} and s.user_id = u.id) as earned
          from ${referralsOf(referrer)}
          order by ${sql.raw(`${SORTS[q.sort]} ${q.order}, u.id ${q.order}`)} ${limit}`),
      );
      const [{ count }] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from ${referralsOf(referrer)}`));
      return {
        data: rows.map((r) => ({ id: r.id, email: maskEmail(r.email), joined_at: new Date(r.created_at).toISOString(), status: r.status, spent: r.spent, earned: r.earned })),
        recordsFiltered: count,
      };
    },
  );

  app.get<{ Querystring: ReferralStatisticsQuery }>(
    '/referral-program/statistics',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: `The referrals' spend and the commissions it earned, by day, month or referral, for at most ${MAX_DAYS} days`,
        security,
        querystring: catalogSchema(platform.catalog, 'referral_referral_statistics_query'),
        response: { 200: wrapped(catalogSchema(platform.catalog, 'referral_referral_statistics_answer'), 'The statistics'), 401: unauthenticated },
      },
    },
    async (request) => {
      const { startDate, endDate } = request.query;
      const groupBy = request.query.groupBy ?? 'day';
      const from = dayStart(startDate);
      const to = dayEnd(endDate);
      if (to <= from) throw new HttpError(422, 'The given data was invalid.', { errors: { endDate: [phrase('The end date must not be before the start date.')] } });
      if (to.getTime() - from.getTime() > MAX_DAYS * 86_400_000) throw new HttpError(422, 'The given data was invalid.', { errors: { endDate: [phrase('Choose at most {days} days.', { days: MAX_DAYS })] } });
      const userId = request.auth!.userId;
      const inRange = sql`and s.hour >= ${from.toISOString()}::timestamptz and s.hour < ${to.toISOString()}::timestamptz`;
      const rows = rowsOf<{ key: string; email: string | null; referrals: number; spent: string; earned: string }>(
        await db.execute(sql`
          select ${sql.raw(GROUP_KEYS[groupBy])} as key, ${groupBy === 'referral' ? sql`min(ru.email)` : sql`null`} as email,
                 count(distinct s.user_id)::int as referrals, (-sum(s.amount))::numeric(20,2)::text as spent, sum(c.amount)::numeric(20,2)::text as earned
          from ${commissionsOf(userId)} ${inRange}
          group by 1 order by 1`),
      );
      const [totals] = rowsOf<{ referrals: number; spent: string; earned: string }>(
        await db.execute(sql`
          select count(distinct s.user_id)::int as referrals, coalesce(-sum(s.amount), 0)::numeric(20,2)::text as spent, coalesce(sum(c.amount), 0)::numeric(20,2)::text as earned
          from ${commissionsOf(userId)} ${inRange}`),
      );
      return {
        data: {
          rows: rows.map((r) => ({ key: r.key, label: r.email ? maskEmail(r.email) : r.key, referrals: r.referrals, spent: r.spent, earned: r.earned })),
          totals,
        },
      };
    },
  );
}

/** `5.00` → `5`, `2.50` → `2.5`. */
const trimZeros = (decimal: string) => decimal.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
