import type { FastifyInstance, FastifyRequest } from 'fastify';
import { daysBetween } from '../../../engine/format/days';
import { fieldError } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { bcp47, requestLocale } from '../../i18n/serverTexts';
import { fieldErrorsAnswer, obj, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { trafficProviders } from '../../reference/trafficProviders';
import { compareSeries, isComparable } from './compare';
import { statisticsReport, type ReportScope } from './report';
import { screenSets, statisticsSets, type StatisticsScreen, type StatisticsSet } from './sets';
import type { CampaignStatisticsQuery, CompareSeriesQuery, ReportPoint, ReportRow, SupplySidePlatform, SupplyStatisticsQuery } from '../../../generated/types';

const security = [{ bearerAuth: [] }];
/** The longest range one report covers. */
const MAX_DAYS = 366;

/**
 * The set `group` names, if the screen offers it (a per-format set only when the network sells one of its formats)
 * and, when `usable` is given, it is one the call can answer (compare: not days or hours).
 */
function pickSet(request: FastifyRequest, screen: StatisticsScreen, field: string, id: string, usable: (set: StatisticsSet) => boolean = () => true) {
  const set = statisticsSets().get(id);
  const sold = request.network.adFormats;
  const offered = set && set.source.screen === screen && (!set.formats || set.formats.some((f) => sold.includes(f))) && usable(set);
  if (!offered) {
    const valid = screenSets(screen).filter((s) => (!s.formats || s.formats.some((f) => sold.includes(f))) && usable(s)).map((s) => s.id);
    throw fieldError(field, phrase('Choose a grouping: {valid}.', { valid: valid.join(', ') }));
  }
  return set;
}

/** Whole UTC days, start before end, at most MAX_DAYS. */
function checkRange(start: string, end: string, fields: [string, string]) {
  const days = daysBetween(start, end) + 1;
  if (days < 1) throw fieldError(fields[1], 'The end date must not be before the start date.');
  if (days > MAX_DAYS) throw fieldError(fields[0], phrase('Choose at most {days} days.', { days: MAX_DAYS }));
}

/**
 * Statistics calls: `GET campaign-statistics` (the statistics screen), `GET supply-side-platforms/statistics`,
 * `GET rtb-statistics`, `GET feeds/statistics` (auctions by provider: all, OpenRTB only, XML feeds only) and
 * `GET supply-side-platforms/all`. Groupings are the sets of schemas/statistics of each screen.
 */
export default async function statisticsRoutes(app: FastifyInstance) {
  const { platform } = app;
  const guarded = { onRequest: app.authenticate };
  /** The reports read the statistics rollups: they run in a slot of plugins/heavyReads.ts (429 beyond it). */
  const heavy = { ...guarded, config: { heavyRead: true } };
  const errors = { 401: unauthenticated, 422: fieldErrorsAnswer };
  /** `{ data: rows, series: points }` (schemas/statistics/report-row and report-point). */
  const reportSchema = (description: string) => ({
    description,
    ...obj({
      data: { type: 'array', items: catalogSchema(platform.catalog, 'statistics_report_row_answer'), description: "Rows: the set's column ids → values" },
      series: { type: 'array', items: catalogSchema(platform.catalog, 'statistics_report_point_answer'), description: 'One point per day of the range: date and every metric' },
    }),
  });
  const report = ({ rows, series }: { rows: ReportRow[]; series: ReportPoint[] }) => ({ data: rows, series });

  app.get<{ Querystring: CampaignStatisticsQuery }>(
    '/campaign-statistics',
    {
      ...heavy,
      schema: {
        tags: ['statistics'],
        summary: "The user's statistics grouped by a set of schemas/statistics, with the daily series of every metric",
        security,
        querystring: catalogSchema(platform.catalog, 'statistics_campaign_statistics_query'),
        response: { 200: reportSchema('Rows and series'), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const set = pickSet(request, 'campaign-statistics', 'group', q.group);
      checkRange(q.start_date, q.end_date, ['start_date', 'end_date']);
      const scope: ReportScope = { start: q.start_date, end: q.end_date, campaignIds: q.campaigns, adFormats: q.ad_formats, statuses: q.statuses, adIds: q.ads, locale: bcp47(requestLocale(request)) };
      return report(await statisticsReport(platform.db, request.auth!.userId, set, scope, platform.adFormats));
    },
  );

  app.get<{ Querystring: CompareSeriesQuery }>(
    '/campaign-statistics/compare',
    {
      ...heavy,
      schema: {
        tags: ['statistics'],
        summary: 'The top rows of a grouping by a metric, each as a daily series (and the other rows together): the chart\'s compare mode',
        security,
        querystring: catalogSchema(platform.catalog, 'statistics_compare_series_query'),
        response: {
          200: wrapped({ type: 'array', items: catalogSchema(platform.catalog, 'statistics_compare_series_answer') }, 'The top rows first, then the other rows together when asked'),
          ...errors,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const set = pickSet(request, 'campaign-statistics', 'group', q.group, isComparable);
      checkRange(q.start_date, q.end_date, ['start_date', 'end_date']);
      const scope: ReportScope = { start: q.start_date, end: q.end_date, campaignIds: q.campaigns, adFormats: q.ad_formats, statuses: q.statuses, adIds: q.ads, locale: bcp47(requestLocale(request)) };
      const options = { metric: q.metric, limit: q.limit ?? 5, other: q.other ?? false };
      return { data: await compareSeries(platform.db, request.auth!.userId, set, scope, options, platform.adFormats) };
    },
  );

  const supply = (path: string, screen: StatisticsScreen, summary: string) =>
    app.get<{ Querystring: SupplyStatisticsQuery }>(
      path,
      {
        ...heavy,
        schema: { tags: ['statistics'], summary, security, querystring: catalogSchema(platform.catalog, 'statistics_supply_statistics_query'), response: { 200: reportSchema('Rows and series'), ...errors } },
      },
      async (request) => {
        const q = request.query;
        const set = pickSet(request, screen, 'groupBy', q.groupBy);
        checkRange(q.start, q.end, ['start', 'end']);
        return report(await statisticsReport(platform.db, request.auth!.userId, set, { start: q.start, end: q.end, providerIds: q.supplySidePlatforms }, platform.adFormats));
      },
    );
  supply('/supply-side-platforms/statistics', 'ssp-statistics', "Requests, bids, wins and spend of the user's campaigns by supply side platform");
  supply('/rtb-statistics', 'rtb-statistics', "The same over OpenRTB supply side platforms only (the RTB statistics screen)");
  supply('/feeds/statistics', 'feed-statistics', 'The same over XML feeds only');

  app.get(
    '/supply-side-platforms/all',
    {
      ...guarded,
      schema: {
        tags: ['statistics'],
        summary: 'Supply side platforms (traffic providers) the network buys from: the SSP filter',
        security,
        response: { 200: wrapped({ type: 'array', items: catalogSchema(platform.catalog, 'statistics_supply_side_platform_answer') }, 'Platforms by name'), 401: unauthenticated },
      },
    },
    async () => {
      const platforms: SupplySidePlatform[] = [...trafficProviders].sort((a, b) => a.name.localeCompare(b.name, 'en'));
      return { data: platforms };
    },
  );
}
