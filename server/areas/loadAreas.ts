import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/** What an area folder's `index.ts` exports: its plugin (routes, and the repository and service they use). */
export interface AreaModule {
  default: FastifyPluginAsync;
  /** Where its routes live: under the API prefix (default) or at the site's root (files served to <img>, iframes). */
  mount?: 'api' | 'root';
}

/** One area found on disk. */
export interface Area {
  name: string;
  mount: 'api' | 'root';
  plugin: FastifyPluginAsync;
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
      if (found.has(entry.name)) throw new Error(`Two areas are named "${entry.name}" (${dir})`);
      found.set(entry.name, { name: entry.name, mount: module.mount ?? 'api', plugin: module.default });
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Registers the areas of one mount point on `app`. */
export async function registerAreas(app: FastifyInstance, areas: Area[], mount: Area['mount']): Promise<void> {
  for (const area of areas.filter((a) => a.mount === mount)) await app.register(area.plugin);
}
