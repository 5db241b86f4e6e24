import type { FastifyInstance } from 'fastify';
import type { Application } from '../../../generated/types';
import type { NetworkConfig } from '../../config/networkConfig';
import { unauthenticated, wrapped } from '../../openapi/responses';
import { catalogSchema } from '../../plugins/validation';

/** The generic icons (public/icons/) of a network that names none of its own. */
const DEFAULT_ICONS: Application['icons'] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];
const DEFAULT_DESCRIPTION = 'Create ads and campaigns, add funds and follow your statistics.';

/**
 * The installable app of a network: its own name, its default theme's colours and its icons (settings.application,
 * else the network's name and the generic icons), as its web app manifest and `GET application` say it.
 */
export function applicationOf(network: NetworkConfig): Application {
  const { application = {}, themes, defaultTheme, pwaPrompt } = network.settings;
  const theme = themes[defaultTheme ?? 'light'] ?? themes.light;
  const name = application.name ?? network.name;
  return {
    id: '/',
    name,
    short_name: application.shortName ?? (name.length <= 12 ? name : name.slice(0, 12).trimEnd()),
    description: application.description ?? DEFAULT_DESCRIPTION,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: theme.primary,
    background_color: theme.background ?? '#F6F7F9',
    icons: application.icons ?? DEFAULT_ICONS,
    installable: pwaPrompt?.enabled === true,
  };
}

/** `GET application`: the network's app, for the shell's install prompt. */
export default async function applicationRoutes(app: FastifyInstance) {
  app.get(
    '/application',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['shell'],
        summary: "The network's installable app (its web app manifest's members) and whether the network offers installing it",
        security: [{ bearerAuth: [] }],
        response: { 200: wrapped(catalogSchema(app.platform.catalog, 'shell_application_answer'), 'The app'), 401: unauthenticated },
      },
    },
    async (request) => ({ data: applicationOf(request.network) }),
  );
}

/** `/manifest.webmanifest` (no token: browsers fetch it bare) on each network's hosts: its own app. */
export async function manifestRoute(app: FastifyInstance) {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) => {
    const { installable: _installable, ...manifest } = applicationOf(request.network);
    return reply.header('content-type', 'application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(JSON.stringify(manifest));
  });
}
