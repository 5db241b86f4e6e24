import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Conversion, ConversionsQuery, PostbackQuery, TestConversion } from '../../../generated/types';
import { likeText, pageRequest } from '../../db/listing';
import { HttpError, retryLater } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { fieldErrorsAnswer, messageAnswer, pageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { conversionTypes } from '../../reference/conversionTypes';
import { getOrCreateSecret } from '../../repositories/secretsRepository';
import { ATTRIBUTION_DAYS, clickIds, latestClick, ownerOfKey, recordConversion, rollUpConversions, trackingKeyOf, type ConversionSource } from './conversions';

const security = [{ bearerAuth: [] }];
const tags = ['tracking'];
/** How often accepted conversions are taken into the statistics (the issue's "within a minute"). */
const ROLLUP_EVERY_MS = 60_000;
/** A transparent 1×1 GIF: the pixel's answer. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** The macros a tracker fills in the postback URL. */
const MACROS = 'click_id={click_id}&payout={payout}&conversion_type={conversion_type}';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The stored conversions with their campaign's name (`c`, `g`), as the answers show them. */
const CONVERSIONS = sql`
  select c.id, c.received_at, c.status, c.source, c.conversion_type, c.payout::text as payout, c.click_id, c.campaign_id, g.name as campaign_name
  from tracking_conversions c left join campaigns g on g.id = c.campaign_id`;

/** The click ids of this database's networks (its secret made on first use). */
const clickIdsOf = async (db: FastifyInstance['platform']['db']) => clickIds(await getOrCreateSecret(db, 'tracking_click_secret'));

/** List sort keys and the columns they order by. */
const SORTS: Record<NonNullable<ConversionsQuery['sort']>, string> = {
  received_at: 'c.received_at',
  status: 'c.status',
  conversion_type: 'c.conversion_type',
  payout: 'c.payout',
  campaign_name: 'lower(g.name)',
};

/**
 * Conversion tracking: the user's postback and pixel URLs (`GET tracking`), the conversions received
 * (`GET tracking/conversions`) and a test conversion (`POST tracking/test-conversion`); the postback and pixel
 * themselves are at the site's root (`root` below). Accepted conversions reach the statistics through the rollup job.
 */
export default async function trackingArea(app: FastifyInstance) {
  const { platform } = app;
  const { db } = platform;
  const ids = await clickIdsOf(db);
  platform.jobs.every('tracking.rollup', ROLLUP_EVERY_MS, async (now) => void (await rollUpConversions(db, now)));
  const listed = catalogSchema(platform.catalog, 'tracking_conversion_answer');

  app.get(
    '/tracking',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The user's postback URL and tracking pixel (with the macros {click_id}, {payout}, {conversion_type} to fill)",
        security,
        response: { 200: wrapped(catalogSchema(platform.catalog, 'tracking_tracking_answer'), 'Where to report conversions'), 401: unauthenticated },
      },
    },
    async (request) => {
      const key = await trackingKeyOf(db, request.auth!.userId);
      const pixel = request.network.settings.trackingPixel;
      // The network's tracking domain when it names one; else the panel's own address serves the postback too.
      const origin = pixel?.domain ? `https://${pixel.domain}` : platform.networks.publicOrigin(request.network);
      return {
        data: {
          postback_url: `${origin}/postback?key=${key}&${MACROS}`,
          pixel_url: pixel?.enabled ? `${origin}/pixel.gif?key=${key}&${MACROS}` : null,
          attribution_days: ATTRIBUTION_DAYS,
          click_macro: '{click_id}',
        },
      };
    },
  );

  app.get<{ Querystring: ConversionsQuery }>(
    '/tracking/conversions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A page of the conversions received (postback, pixel, test) and what became of each; newest first by default',
        security,
        querystring: catalogSchema(platform.catalog, 'tracking_conversions_query'),
        response: { 200: pageAnswer(listed, 'The conversions'), 401: unauthenticated },
      },
    },
    async (request) => {
      const q = pageRequest(request.query, 'received_at');
      const where = [sql`c.user_id = ${request.auth!.userId}`];
      if (q.status?.length) where.push(sql`c.status in (${sql.join(q.status.map((s) => sql`${s}`), sql`, `)})`);
      const term = q.search?.trim();
      if (term) where.push(sql`(c.click_id ilike ${likeText(term)} or g.name ilike ${likeText(term)})`);
      const condition = sql.join(where, sql` and `);
      const order = sql.raw(`${SORTS[q.sort]} ${q.order}, c.id ${q.order}`);
      const limit = q.per_page === -1 ? sql`` : sql`limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`;
      const rows = rowsOf<ConversionRow>(
        await db.execute(sql`
          ${CONVERSIONS} where ${condition} order by ${order} ${limit}`),
      );
      const [{ count }] = rowsOf<{ count: number }>(
        await db.execute(sql`select count(*)::int as count from tracking_conversions c left join campaigns g on g.id = c.campaign_id where ${condition}`),
      );
      return { data: rows.map(conversionJson), recordsFiltered: count };
    },
  );

  app.post<{ Body: TestConversion }>(
    '/tracking/test-conversion',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Send a conversion for the campaign's latest click, as a tracker would: it counts in the campaign's statistics (and a CPA campaign pays for it)",
        security,
        body: catalogSchema(platform.catalog, 'tracking_test_conversion'),
        response: {
          201: wrapped(listed, 'What became of the conversion'),
          401: unauthenticated,
          404: messageAnswer('No such campaign (or it is not yours)'),
          409: messageAnswer('The campaign has no clicks yet'),
          422: fieldErrorsAnswer,
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.auth!;
      const { campaign_id: campaignId, conversion_type: type, payout } = request.body;
      const [campaign] = rowsOf<{ id: number }>(
        await db.execute(sql`select id from campaigns where id = ${campaignId} and user_id = ${userId} and network_id = ${request.network.id}`),
      );
      if (!campaign) throw new HttpError(404, 'No such campaign.');
      if (!conversionTypes.some((t) => t.id === type)) throw unknownType('conversion_type');
      const click = await latestClick(db, userId, campaignId);
      if (click === null) throw new HttpError(409, phrase('This campaign has no clicks yet: a conversion belongs to a click, so send the test once it has one.'));
      const now = new Date();
      const { id } = await recordConversion(db, ids, { userId, clickId: ids.sign(click), conversionType: type, payout, source: 'test' }, now);
      // The user is looking at the campaign's numbers: take this one in now rather than at the job's next pass.
      await rollUpConversions(db, now, userId);
      const [row] = rowsOf<ConversionRow>(
        await db.execute(sql`${CONVERSIONS} where c.id = ${id}`),
      );
      return reply.status(201).send({ data: conversionJson(row) });
    },
  );
}

/** A stored conversion as the list reads it. */
interface ConversionRow {
  id: number;
  received_at: string | Date;
  status: Conversion['status'];
  source: Conversion['source'];
  conversion_type: string;
  payout: string;
  click_id: string;
  campaign_id: number | null;
  campaign_name: string | null;
}

const conversionJson = (row: ConversionRow): Conversion => ({
  id: Number(row.id),
  received_at: new Date(row.received_at).toISOString(),
  status: row.status,
  source: row.source,
  conversion_type: row.conversion_type,
  payout: row.payout,
  click_id: row.click_id,
  campaign_id: row.campaign_id,
  campaign_name: row.campaign_name,
});

const unknownType = (field: string) => new HttpError(422, 'The given data was invalid.', { errors: { [field]: ['Choose one of the conversion types (GET conversion-types).'] } });

/**
 * At the site's root (the network's tracking domain points here): `GET /postback` for trackers and `GET /pixel.gif`
 * for pages. No session: the key in the URL names the advertiser. Malformed requests and unknown conversion types
 * (422, naming the field) or keys (404) write nothing; a well-formed conversion is stored with its status, and an accepted one
 * counts. Each key may report `postbackRateLimit` conversions a window (429 with Retry-After past it).
 */
export async function root(app: FastifyInstance) {
  const { platform } = app;
  const { db } = platform;
  const ids = await clickIdsOf(db);
  const querystring = catalogSchema(platform.catalog, 'tracking_postback_query');
  // One budget per tracking key for both endpoints (a route's own rate limit would count each apart), spent before
  // the key is even looked up, so a flood of made-up or leaked keys costs no database work past its budget.
  const { max, timeWindow } = platform.postbackRateLimit;
  const perKey = app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `tracking-key:${String((request.query as { key?: unknown }).key ?? '').slice(0, 64)}` });
  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const state = await perKey(request);
    if (!state.isAllowed && state.isExceeded) throw retryLater(reply, state.ttlInSeconds, 'Too many conversions from this tracking key: wait a minute and try again.');
  };

  const receive = async (query: PostbackQuery, source: ConversionSource, reply: FastifyReply) => {
    if (!conversionTypes.some((t) => t.id === query.conversion_type)) throw unknownType('conversion_type');
    const owner = await ownerOfKey(db, query.key);
    if (!owner) throw new HttpError(404, 'No such tracking key.');
    const { status } = await recordConversion(db, ids, { userId: owner.userId, clickId: query.click_id, conversionType: query.conversion_type, payout: query.payout ?? '0', source }, new Date());
    reply.header('cache-control', 'no-store');
    return status;
  };

  app.get<{ Querystring: PostbackQuery }>('/postback', { onRequest, schema: { hide: true, querystring } }, async (request, reply) => {
    const status = await receive(request.query, 'postback', reply);
    return { data: { status } };
  });

  app.get<{ Querystring: PostbackQuery }>('/pixel.gif', { onRequest, schema: { hide: true, querystring } }, async (request, reply) => {
    await receive(request.query, 'pixel', reply);
    return reply.header('content-type', 'image/gif').send(PIXEL);
  });
}
