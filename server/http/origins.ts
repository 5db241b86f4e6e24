import type { FastifyRequest } from 'fastify';
import { coreHostOf } from '../config/NetworkRegistry';

/**
 * Where the network's pages live for this request, for links answered to the caller (impersonation, redirects): the
 * browser's Origin when it is one of the network's page hosts, else the request host with a `core.` API host turned
 * back into its page host. Never for mails: a mail goes to someone else, so its links come from the network's config
 * (services/accountMails.ts `mailContext`), not from headers the sender controls.
 */
export function pageOrigin(request: FastifyRequest): string {
  const origin = request.headers.origin;
  const { networks } = request.server.platform;
  if (origin && networks.allowsOrigin(request.network, origin)) return new URL(origin).origin;
  const hostHeader = request.host;
  const [hostname, port] = hostHeader.startsWith('[') ? [hostHeader, ''] : hostHeader.split(':');
  const pageHost = request.network.hosts.find((h) => coreHostOf(h) === hostname.toLowerCase()) ?? hostname;
  return `${request.protocol}://${pageHost}${port ? `:${port}` : ''}`;
}

/** The origin the request came to (`https://host[:port]`): where files the caller asked about are served to it. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
