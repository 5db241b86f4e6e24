import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/** What an area folder's `index.ts` exports: its plugin (routes, and the repository and service they use). */
export interface AreaModule {
  /** Routes under the API prefix. */
  default: FastifyPluginAsync;
  /** Routes at the site's root, if any (files served to <img>, <video> and iframes, which send no token). */
  root?: FastifyPluginAsync;
}

/** Where an area's routes are mounted. */
type Mount = 'api' | 'root';

/** One area found on disk. */
export interface Area {
  name: string;
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
      if (module.root !== undefined && typeof module.root !== 'function') throw new Error(`${join(dir, entry.name)}: its root export must be a Fastify plugin`);
      if (found.has(entry.name)) throw new Error(`Two areas are named "${entry.name}" (${dir})`);
      found.set(entry.name, { name: entry.name, plugins: { api: module.default, root: module.root } });
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
