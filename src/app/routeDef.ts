/**
 * One route as data, and the helpers that build one. The shell's table (routes.ts) and each area's routes.ts use them;
 * this module imports neither, so an area's routes never import the table that collects them.
 */
import type { ComponentType } from 'react';

/** Who may open a route: guests only, signed-in users only, or anyone. */
export type RouteAccess = 'guest' | 'auth' | 'open';
/** The page frame: plain, sidebar + top bar, or content only. */
export type LayoutKind = 'default' | 'main' | 'empty';

/** A page, loaded on first visit (one chunk each, so the first screen carries only what it needs). */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/** Stands in for the areas later issues build. */
export const placeholderPage: PageLoader = () => import('../shell/PlaceholderPage');

export interface RouteDef {
  /** Stable id; the title's message id is `shell.route.<id>`. */
  id: string;
  path: string;
  access: RouteAccess;
  layout: LayoutKind;
  page: PageLoader;
  /** The guard section the network must allow, else the 404 page. */
  section?: string;
  /** The title's message id and its English, when not `shell.route.<id>` (routes made from data: resource pages). */
  title?: { id: string; english: string };
  /** The resource manifest the page shows (schemas/<area>/<name>.resource.json), for the generic resource pages. */
  resource?: string;
}

export const guest = (id: string, path: string, page: PageLoader): RouteDef => ({ id, path, page, access: 'guest', layout: 'default' });
export const open = (id: string, path: string, page: PageLoader, layout: LayoutKind = 'default'): RouteDef => ({ id, path, page, access: 'open', layout });
export const main = (id: string, path: string, section: string, page: PageLoader = placeholderPage, layout: LayoutKind = 'main'): RouteDef => ({
  id,
  path,
  page,
  section,
  access: 'auth',
  layout,
});

