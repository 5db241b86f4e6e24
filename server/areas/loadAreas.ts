import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/** What an area folder's `index.ts` exports: its routes, and what it offers the other areas. */
export interface AreaModule {
  /** Routes under the API prefix. */
  default: FastifyPluginAsync;
  /**
   * Decorates the app with the area's own repository and services (`app.decorate('ads', …)`, typed by a
   * `declare module 'fastify'` in the area's public.ts), built from `app.platform`. Every area's `provide` runs
   * before any area's routes are registered, so areas may use each other's offers whatever their names' order.
   */
  provide?: (app: FastifyInstance) => void | Promise<void>;
  /** Routes at the site's root, if any (files served to <img>, <video> and iframes, which send no token). */
  root?: FastifyPluginAsync;
}

/** Where an area's routes are mounted. */
type Mount = 'api' | 'root';

/** One area found on disk. */
export interface Area {
  name: string;
  provide?: AreaModule['provide'];
  plugins: Partial<Record<Mount, FastifyPluginAsync>>;
}

const AREA_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * Every area under `dirs` (server/areas/ by default): each folder whose name is an area name and that holds an
 * index.ts (or index.js) is one plugin, registered by buildApp. Nothing lists the areas, so adding one is adding
 * its folder. Sorted by name, so the registration order (and the OpenAPI document) is stable.
 * @throws naming the folder when its index does not export a plugin, or two folders share a name.
 */
export async function loadAreas(dirs: string[]): Promise<Area[]> {
  const found = new Map<string, Area>();
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (!entry.isDirectory() || !AREA_NAME.test(entry.name)) continue;
      const index = ['index.ts', 'index.js'].map((f) => join(dir, entry.name, f)).find((f) => existsSync(f));
      if (!index) continue;
      const module = (await import(pathToFileURL(index).href)) as Partial<AreaModule>;
      if (typeof module.default !== 'function') throw new Error(`${join(dir, entry.name)}: index must export its Fastify plugin as default`);
      for (const name of ['root', 'provide'] as const) {
        if (module[name] !== undefined && typeof module[name] !== 'function') throw new Error(`${join(dir, entry.name)}: its ${name} export must be a function`);
      }
      if (found.has(entry.name)) throw new Error(`Two areas are named "${entry.name}" (${dir})`);
      found.set(entry.name, { name: entry.name, provide: module.provide, plugins: { api: module.default, root: module.root } });
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Registers the areas of one mount point on `app`. */
export async function registerAreas(app: FastifyInstance, areas: Area[], mount: Mount): Promise<void> {
  for (const area of areas) {
    const plugin = area.plugins[mount];
    if (plugin) await app.register(plugin);
  }
}

/** Lets every area decorate the app with what it offers the others (see `AreaModule.provide`), before any routes. */
export async function provideAreas(app: FastifyInstance, areas: Area[]): Promise<void> {
  for (const area of areas) await area.provide?.(app);
}
