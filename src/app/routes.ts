/**
 * Every route of the panel as data: path, who may open it, its layout, its section, its title and its page.
 * The router (router.tsx) turns this table into react-router routes. An area's routes live in its own folder
 * (src/areas/<area>/routes.ts) and are collected below.
 */
import { open, type RouteDef } from './routeDef';
import { RESOURCES, resourceRoutes } from '../resources/registry';

export type { LayoutKind, PageLoader, RouteAccess, RouteDef } from './routeDef';

/** The shell's own route: the 404 page. Each area adds its own from src/areas/<area>/routes.ts. */
const SHELL_ROUTES: readonly RouteDef[] = [open('notFound', '/404', () => import('../shell/NotFoundPage'))];

/** What an area's `routes.ts` exports. */
export interface AreaRoutesModule {
  routes: readonly RouteDef[];
}

// Each folder under src/areas/ with a routes.ts adds its routes: no list here names the areas. The route tables are
// tiny and eager; their pages stay lazy chunks.
const areaRoutes = Object.entries(import.meta.glob<AreaRoutesModule>('../areas/*/routes.ts', { eager: true }))
  .sort(([a], [b]) => a.localeCompare(b))
  .flatMap(([, module]) => module.routes);

/** Every route of the panel: the shell's, every area's and every resource's (src/resources/registry.ts). */
export const ROUTES: readonly RouteDef[] = [...SHELL_ROUTES, ...areaRoutes, ...resourceRoutes([...RESOURCES.values()].map((r) => r.manifest))];

/** The message id of a route's title. */
export const routeTitleId = (route: Pick<RouteDef, 'id' | 'title'>) => route.title?.id ?? `shell.route.${route.id}`;
