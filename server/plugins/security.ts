import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { IncomingMessage } from 'node:http';
import type { NetworkRegistry } from '../config/NetworkRegistry';
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

/**
 * Security headers (CSP allowing the panel and its network's API host), CORS from a network's own page hosts
 * only (the API may live on core.<host>), and the rate limiter routes opt into (`config.rateLimit`).
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
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders === false) return done();
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });

  await app.register(cors, {
    delegator: (req, callback) => {
      const origin = req.headers.origin;
      const allowed = !!origin && networks.allowsOrigin(networks.resolve(req.host), origin);
      callback(null, {
        origin: allowed ? origin : false,
        methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language', 'X-Requested-With', 'Idempotency-Key'],
        // The browser must read the token the API answers with, and the file name of a PDF it saves.
        exposedHeaders: ['Authorization', 'Retry-After', 'Content-Disposition'],
        maxAge: 600,
      });
    },
  });

  // preValidation: the login limiter keys on the e-mail, so the body must be parsed first.
  await app.register(rateLimit, { global: false, hook: 'preValidation' });
});
