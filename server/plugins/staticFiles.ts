import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface StaticOptions {
  /** The built panel (vite build output); skipped when absent. */
  distDir: string | null;
  /** Logos and images networks reference from their configs as /network-assets/... */
  assetsDir: string;
}

/**
 * Build output that is not the panel's to hand out: source maps (`*.map`: every source file's text, probe finding
 * F13; the build writes them for reading error reports only) and dot folders (`.vite/manifest.json` lists every
 * source path). They answer 404, never the panel's page in their place.
 */
export function isHiddenBuildFile(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is matched as written.
  }
  // A compressed copy of a map (never written by the build, but a folder may hold one) is the map all the same.
  return /\.map(\.(br|gz|deflate))?$/i.test(decoded) || /(^|\/)\./.test(decoded);
}

/** A build file named by its content's hash (vite: `assets/<name>-<hash>.<ext>`). */
const IMMUTABLE = /[\\/]assets[\\/][^\\/]+-[\w-]{8}(\.\w+)+$/;

/**
 * Serves network assets and, when built, the panel itself on the API's port. Unknown GETs outside /api/ that
 * accept HTML get index.html (the router runs in the browser); everything else gets a JSON 404. Source maps
 * and dot folders of the build are never served (isHiddenBuildFile).
 */
export const staticFiles = fp(async (app: FastifyInstance, { distDir, assetsDir }: StaticOptions) => {
  if (existsSync(assetsDir)) {
    await app.register(fastifyStatic, { root: assetsDir, prefix: '/network-assets/', decorateReply: false, index: false });
  }
  // Browsers and crawlers ask for /favicon.ico whatever the page declares: send them the network's own icon.
  app.get('/favicon.ico', { schema: { hide: true } }, async (request, reply) => {
    const href = request.network?.settings.favicons?.find((f) => f.href.startsWith('/network-assets/'))?.href;
    if (!href) return reply.status(404).send({ message: 'This network has no favicon' });
    return reply.header('Cache-Control', 'public, max-age=3600').redirect(href, 302);
  });
  const panel = distDir && existsSync(join(distDir, 'index.html')) ? distDir : null;
  if (panel) {
    await app.register(fastifyStatic, {
      root: panel,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      // No route for them at all, and a second check on every path the plugin would send.
      globIgnore: ['**/*.map', '**/*.MAP', '**/*.map.*', '**/*.MAP.*'],
      dotfiles: 'deny',
      allowedPath: (pathName) => !isHiddenBuildFile(pathName),
      // The build writes brotli and gzip copies of its text files (scripts/precompress.ts): a browser that accepts
      // one gets it, about a quarter of the bytes, with no compressing per request.
      preCompressed: true,
      // Files under assets/ are named by their content's hash: a browser keeps them for good, and a new build
      // names its files anew. Everything else (index.html) is checked again on every visit.
      setHeaders: (reply, path) => {
        if (IMMUTABLE.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const wantsPage =
      !!panel &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !isHiddenBuildFile(path) &&
      (request.headers.accept ?? '').includes('text/html');
    // The page names the build's files: a browser asks again on every visit (the send options would say max-age=0).
    if (wantsPage) return reply.header('Cache-Control', 'no-cache').sendFile('index.html', panel!, { cacheControl: false });
    return reply.status(404).send({ message: `Route ${request.method} ${path} not found` });
  });
});
