import type { FastifyInstance } from 'fastify';
import type { Network } from '../../../generated/types';
import type { NetworkConfig } from '../../config/networkConfig';
import { PreparedAnswer, sendPrepared } from '../../http/preparedAnswer';
import { wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';

/**
 * The part of a network config the browser shell needs: everything but hosts, file bookkeeping, the provider plans
 * (`GET traffic-provider-subscription-plans` serves those, in the reader's language, to signed-in users) and the
 * posts (`GET posts`, with the feed's).
 */
export function publicNetwork(config: NetworkConfig): Network {
  const { providerPlans: _plans, posts: _posts, ...settings } = config.settings;
  return {
    id: config.id,
    name: config.name,
    adFormats: config.adFormats,
    guardSections: config.guardSections,
    targetTypes: config.targetTypes,
    showSiteDomains: config.showSiteDomains ?? false,
    messengerBotName: config.messengerBotName ?? null,
    settings,
  };
}

/** `GET network` (no token): the network of the requesting host, for the shell before anyone signs in. */
export default async function networkRoutes(app: FastifyInstance) {
  // The configs are read once at start, so each network's answer is serialized once (with the route's schema, as
  // Fastify would) and compressed once: serializing its 7 KB on every call was a third of the route's time, and
  // compressing it most of the rest (npm run bench -- --only=api).
  const answers = new WeakMap<NetworkConfig, PreparedAnswer>();
  app.get('/network', { schema: { tags: ['shell'], summary: 'The network of this host: name, formats, sections, targets, settings', response: { 200: wrapped(catalogSchema(app.platform.catalog, 'shell_network_answer'), 'The network of the requesting host') } } }, (request, reply) => {
    let answer = answers.get(request.network);
    if (answer === undefined) {
      answer = new PreparedAnswer(reply.serialize({ data: publicNetwork(request.network) }) as string);
      answers.set(request.network, answer);
    }
    sendPrepared(request, reply, answer);
  });
}
