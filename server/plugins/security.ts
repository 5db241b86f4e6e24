import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NetworkConfig } from '../config/networkConfig';
import type { NetworkRegistry } from '../config/NetworkRegistry';
import { cors } from './cors';
import { networkOfRaw } from './network';
import { liveChatHosts, type ChatDirective } from '../config/liveChatHosts';

declare module 'fastify' {
  interface RouteShorthandOptions {
    /** `false`: the route sends security headers of its own instead of the server's (CSP, frame and referrer rules). */
    helmet?: false;
  }
  interface FastifyContextConfig {
    /** Set from the route's `helmet: false`. */
    securityHeaders?: false;
  }
}

type Headers = readonly (readonly [string, string])[];

/**
 * A JSON answer's security headers (OWASP's for REST services). It is never a document: nothing may load, run or
 * frame from it, and the page-only headers (COOP, origin clusters, DNS prefetching...) only made each API answer
 * 800 bytes longer and cost it nine more header checks, about a seventh of a cached read's time
 * (npm run bench -- --only=api).
 */
const API_HEADERS: Headers = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['cross-origin-resource-policy', 'same-site'],
  ['referrer-policy', 'no-referrer'],
];

/**
 * Security headers (JSON answers: API_HEADERS; pages and files: a CSP allowing the panel and its network's API host),
 * CORS from a network's own page hosts only (plugins/cors.ts), and the rate limiter routes opt into (`config.rateLimit`).
 */
export const security = fp(async (app: FastifyInstance, { networks }: { networks: NetworkRegistry }) => {
  const apiHosts = (req: IncomingMessage) =>
    networks
      .coreHosts(networkOfRaw(req) ?? networks.resolve(req.headers.host))
      .map((h) => `${h}:*`)
      .join(' ');
  // The live chat vendor's hosts, only on the pages of a network that turned such a chat on (config/liveChatHosts.ts).
  const chat = (directive: ChatDirective) => (req: IncomingMessage) => {
    const network = networkOfRaw(req) ?? networks.resolve(req.headers.host);
    return liveChatHosts(network?.settings.liveChat, directive).join(' ');
  };

  // One helmet middleware for the whole server, its network-dependent directives functions of the request.
  // @fastify/helmet built a new one on every request, parsing and checking each CSP directive again: a fifth of
  // the time of a cached read (npm run bench -- --only=api).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (req) => chat('scriptSrc')(req as IncomingMessage)],
        styleSrc: ["'self'", "'unsafe-inline'", (req) => chat('styleSrc')(req as IncomingMessage)],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:', (req) => chat('fontSrc')(req as IncomingMessage)],
        mediaSrc: ["'self'", 'https:', 'blob:'],
        // Creative previews run in sandboxed iframes (srcdoc/blob), never with allow-same-origin.
        frameSrc: ["'self'", 'blob:', 'data:', (req) => chat('frameSrc')(req as IncomingMessage)],
        connectSrc: ["'self'", (req) => apiHosts(req as IncomingMessage), (req) => chat('connectSrc')(req as IncomingMessage)],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'", 'https:'],
        // Off: the demo runs on plain http://*.localhost, where upgrading would break every request.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRoute', (route) => {
    // `helmet: false`: the route sends security headers of its own (media files, the ad tag's preview frame).
    if ((route as { helmet?: false }).helmet === false) route.config = { ...route.config, securityHeaders: false };
  });
  // Every directive depends on the network alone: helmet writes each network's headers once, into a list that every
  // later answer of that network copies (helmet itself would check and join all the CSP directives on each one).
  const pageHeaderSets = new WeakMap<NetworkConfig, Headers>();
  const pageHeaders = (request: FastifyRequest): Headers => {
    let headers = pageHeaderSets.get(request.network);
    if (headers === undefined) {
      const written: [string, string][] = [];
      const recorder = { setHeader: (name: string, value: string) => written.push([name, value]), removeHeader: () => {} };
      let failure: unknown = null;
      securityHeaders(request.raw, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error ?? null));
      if (failure) throw failure;
      headers = written;
      pageHeaderSets.set(request.network, headers);
    }
    return headers;
  };
  // Set as the answer leaves, once its type is known; a header the route chose itself still wins (Fastify's own
  // headers override the raw ones).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.config.securityHeaders !== false) {
      const type = reply.getHeader('content-type');
      const headers = typeof type === 'string' && type.startsWith('application/json') ? API_HEADERS : pageHeaders(request);
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    }
    done(null, payload);
  });

  await app.register(cors, { networks });

  // preValidation: the login limiter keys on the e-mail, so the body must be parsed first.
  await app.register(rateLimit, { global: false, hook: 'preValidation' });
});
