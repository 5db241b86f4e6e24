import type { FastifyInstance } from 'fastify';
import type { EndpointsQuery, EndpointTest, RtbEndpoint } from '../../../generated/types';
import { pageRequest } from '../../db/listing';
import { retryLater } from '../../httpError';
import { fieldErrorsAnswer, messageAnswer, pageAnswer, unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';
import { objectIdParam, ownedObjectRoutes } from '../../http/ownedObjects';
import { endpointJson, ownEndpoint } from './answers';
import { probeBidder } from './bidProbe';
import { checkRtbEndpoint, ENDPOINT_NAME_TAKEN } from './checkRtb';
import { soldFormats } from './formats';
import { invalidData } from '../../httpError';

const security = [{ bearerAuth: [] }];
const tags = ['rtb'];
const NOT_FOUND = 'No such RTB endpoint (or it is not yours)';
const notFound = messageAnswer(NOT_FOUND);

/** Test bid requests one user may send in a minute: each is a request to a server the user names. */
export const TESTS_PER_MINUTE = 20;

/** RTB endpoints: the user's bidders (list, one, create, edit, activate, pause, delete) and a test bid request to one. */
export default async function rtbEndpointsRoutes(app: FastifyInstance) {
  const { platform } = app;
  const guarded = { onRequest: app.authenticate };
  const endpointSchema = catalogSchema(platform.catalog, 'rtb_endpoint_answer');
  const body = catalogSchema(platform.catalog, 'rtb_endpoint');
  const testLimit = app.createRateLimit({ max: TESTS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request) => `rtb-endpoint-test:${request.auth?.userId ?? request.ip}` });

  app.get<{ Querystring: EndpointsQuery }>(
    '/rtb-endpoints',
    {
      ...guarded,
      schema: {
        tags,
        summary: "A page of the user's RTB endpoints (search by name, URL or id; filter by status and protocol; per_page 15/25/50/-1)",
        security,
        querystring: catalogSchema(platform.catalog, 'rtb_endpoints_query'),
        response: { 200: pageAnswer(endpointSchema, 'Matching endpoints'), 401: unauthenticated },
      },
    },
    async (request) => {
      const { rows, filtered } = await app.rtb.endpointPage(request.auth!.userId, pageRequest(request.query, 'created_at'));
      return { data: rows.map(endpointJson), recordsFiltered: filtered };
    },
  );

  const errors =
    'Errors under `name` (blank, too long, another endpoint of the user has it in any case), `url` (not an http or https address, a user name or password in it), `ad_formats` (a format this network does not sell), and the schema\'s own under each field. `timeout_ms` left out is 300.';

  app.post<{ Body: RtbEndpoint }>(
    '/rtb-endpoints',
    {
      ...guarded,
      schema: { tags, summary: 'Add an RTB endpoint (active at once)', description: errors, security, body, response: { 201: wrapped(endpointSchema, 'Created'), 401: unauthenticated, 422: fieldErrorsAnswer } },
    },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const input = await checkRtbEndpoint(request.body, soldFormats(platform, request.network), (name) => app.rtb.endpointNameTaken(userId, name));
      const row = await app.rtb.createEndpoint(userId, input);
      if (!row) throw invalidData({ name: [ENDPOINT_NAME_TAKEN] });
      return reply.status(201).send({ data: endpointJson(row) });
    },
  );

  app.patch<{ Params: { id: number }; Body: RtbEndpoint }>(
    '/rtb-endpoints/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Edit an RTB endpoint (its status stays; its last test is dropped when the URL, protocol, formats or timeout change)',
        description: `The same body as \`POST rtb-endpoints\`. ${errors}`,
        security,
        params: objectIdParam,
        body,
        response: { 200: wrapped(endpointSchema, 'Saved'), 401: unauthenticated, 404: notFound, 422: fieldErrorsAnswer },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const endpoint = await ownEndpoint(app.rtb, userId, request.params.id);
      const input = await checkRtbEndpoint(request.body, soldFormats(platform, request.network), (name) => app.rtb.endpointNameTaken(userId, name, endpoint.id));
      const row = await app.rtb.updateEndpoint(endpoint, input);
      if (!row) throw invalidData({ name: [ENDPOINT_NAME_TAKEN] });
      return { data: endpointJson(row) };
    },
  );

  ownedObjectRoutes(app, {
    path: '/rtb-endpoints',
    tags,
    schema: endpointSchema,
    notFound: NOT_FOUND,
    own: (userId, id) => ownEndpoint(app.rtb, userId, id),
    json: endpointJson,
    read: 'One RTB endpoint, with its last test',
    statuses: {
      activate: 'Start sending bid requests to an endpoint (an active endpoint is answered unchanged)',
      pause: 'Stop sending bid requests to an endpoint (a paused endpoint is answered unchanged)',
      set: (endpoint, status) => app.rtb.setEndpointStatus(endpoint, status),
    },
    remove: { summary: 'Delete an RTB endpoint', run: (endpoint) => app.rtb.deleteEndpoint(endpoint.id) },
  });

  app.post<{ Params: { id: number } }>(
    '/rtb-endpoints/:id/test',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Send a test bid request',
        description: `Posts a sample OpenRTB bid request (the endpoint's protocol, formats and timeout) to the endpoint's URL and answers what came back: a bid and its price, no bid, an invalid answer, no answer, or a refusal to call an address on a private or local network. Paused endpoints can be tested too. The outcome is kept as the endpoint's \`last_test\`. At most ${TESTS_PER_MINUTE} tests a minute per user (429 with Retry-After).`,
        security,
        params: objectIdParam,
        response: { 200: wrapped(catalogSchema(platform.catalog, 'rtb_endpoint_test_answer'), 'What the endpoint answered'), 401: unauthenticated, 404: notFound, 429: messageAnswer('Too many tests; retry later') },
      },
    },
    async (request, reply) => {
      const endpoint = await ownEndpoint(app.rtb, request.auth!.userId, request.params.id);
      const limit = await testLimit(request);
      if (!limit.isAllowed && limit.isExceeded) throw retryLater(reply, limit.ttlInSeconds, 'You sent many test bid requests in a short time. Wait a minute and try again.');
      const result = await probeBidder({ url: endpoint.url, protocol: endpoint.protocol, ad_formats: endpoint.adFormats, timeout_ms: endpoint.timeoutMs }, { allowPrivateTargets: platform.allowPrivateTargets });
      const test: EndpointTest = { ...result, tested_at: new Date().toISOString() };
      await app.rtb.saveTest(endpoint, test);
      return { data: test };
    },
  );
}
