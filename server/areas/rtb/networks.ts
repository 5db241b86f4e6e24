import type { FastifyInstance } from 'fastify';
import type { AdFormatOption, RtbNetworksQuery, RtbRtbNetwork } from '../../../generated/types';
import { pageRequest } from '../../db/listing';
import { fieldErrorsAnswer, pageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { ownedObjectRoutes } from '../../http/ownedObjects';
import { rtbBillingTypes } from '../../reference/rtbBillingTypes';
import { networkJson, ownNetwork } from './answers';
import { checkRtbNetwork } from './checkRtb';
import { soldFormats } from './formats';

const security = [{ bearerAuth: [] }];
const tags = ['rtb'];
const NOT_FOUND = 'No such RTB network (or it is not yours)';

/**
 * The keys `POST networks` answers its field errors under (the spec groups network creation errors by
 * adFormats, platform, serverLocation, openRtb, xml, ipv6Support, dsp, websiteLink), by the body's field names.
 */
export const NETWORK_ERROR_KEYS = {
  ad_formats: 'adFormats',
  platform: 'platform',
  server_location: 'serverLocation',
  open_rtb: 'openRtb',
  xml: 'xml',
  ipv6_support: 'ipv6Support',
  dsp: 'dsp',
  website_link: 'websiteLink',
} as const;

/** RTB networks: requests to connect a DSP (list, one, create; staff review them), their billing types, the formats to choose from. */
export default async function rtbNetworksRoutes(app: FastifyInstance) {
  const { platform } = app;
  const guarded = { onRequest: app.authenticate };
  const networkSchema = catalogSchema(platform.catalog, 'rtb_rtb_network_answer');

  app.get<{ Querystring: RtbNetworksQuery }>(
    '/networks',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A page of the user's RTB network requests (search by DSP name, website or id; filter by status; per_page 15/25/50/-1)",
        security,
        querystring: catalogSchema(platform.catalog, 'rtb_rtb_networks_query'),
        response: { 200: pageAnswer(networkSchema, 'Matching network requests'), 401: unauthenticated },
      },
    },
    async (request) => {
      const { rows, filtered } = await app.rtb.networkPage(request.auth!.userId, pageRequest(request.query, 'created_at'));
      return { data: rows.map(networkJson), recordsFiltered: filtered };
    },
  );

  app.get(
    '/networks/billing-types',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'How a connected RTB network pays for the traffic it buys: CPM, CPC or revenue share',
        description: 'A reference list `[{ id, name }]` for the RTB screens (what the network pays per thousand impressions, per click, or as a share of its revenue).',
        security,
        response: { 200: wrapped({ type: 'array', items: catalogSchema(platform.catalog, 'rtb_billing_type_answer') }, 'Billing types'), 401: unauthenticated },
      },
    },
    async () => ({ data: rtbBillingTypes }),
  );

  app.get(
    '/rtb-ad-formats',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The ad formats this network sells: the choices of ad_formats in the RTB network and RTB endpoint forms',
        security,
        response: { 200: wrapped({ type: 'array', items: catalogSchema(platform.catalog, 'rtb_ad_format_option_answer') }, 'Ad formats'), 401: unauthenticated },
      },
    },
    async (request) => ({
      data: soldFormats(platform, request.network).map((id): AdFormatOption => ({ id, name: platform.adFormats.get(id)!.name })),
    }),
  );

  app.post<{ Body: RtbRtbNetwork }>(
    '/networks',
    {
      ...guarded,
      // The spec's keys for this call's errors: the schema's and the route's own alike (plugins/errorHandler.ts).
      config: { errorKeys: NETWORK_ERROR_KEYS },
      schema: {
        tags,
        summary: 'Ask to connect an RTB network (pending until the staff review it)',
        description:
          'The 422 groups its field errors by camelCase keys, not by the body\'s field names: `adFormats` (also the errors of its items, and a format this network does not sell), `platform`, `serverLocation`, `openRtb` (also "turn on OpenRTB, XML or both"), `xml`, `ipv6Support`, `dsp`, `websiteLink` (also not an http or https address, or a user name or password in it). An unknown field keeps its own name.',
        security,
        body: catalogSchema(platform.catalog, 'rtb_rtb_network'),
        response: {
          201: wrapped(networkSchema, 'Created, pending review'),
          401: unauthenticated,
          422: { ...fieldErrorsAnswer, description: 'Field errors under adFormats, platform, serverLocation, openRtb, xml, ipv6Support, dsp, websiteLink' },
        },
      },
    },
    async (request, reply) => {
      const input = checkRtbNetwork(request.body, soldFormats(platform, request.network));
      const row = await app.rtb.createNetwork({ userId: request.auth!.userId, networkId: request.network.id }, input);
      return reply.status(201).send({ data: networkJson(row) });
    },
  );

  ownedObjectRoutes(app, { path: '/networks', tags, schema: networkSchema, notFound: NOT_FOUND, own: (userId, id) => ownNetwork(app.rtb, userId, id), json: networkJson, read: 'One RTB network request' });
}
