/**
 * The resources of the panel: every `schemas/<area>/<name>.resource.json`, found by file name (no list here names
 * them), with their routes and menu entries. The manifests are small and eager (the route table needs them); each
 * column set loads with its list page.
 */
import { createContext } from 'react';
import type { ColumnSet } from '../../engine/table/columnSet';
import type { Resource, ResourceManifest } from '../../engine/resource/manifest';
import { main, type PageLoader, type RouteDef } from '../app/routeDef';
import type { MenuEntryDef } from '../../engine/menu';

/** A manifest and where its column set is loaded from. */
export interface ResourceSource {
  manifest: ResourceManifest;
  columns: () => Promise<ColumnSet>;
}

/** The resources of a panel by id. */
export type ResourceRegistry = ReadonlyMap<string, ResourceSource>;

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/**
 * The resources of a set of files, as `import.meta.glob` finds them: manifests (eager) by path, and column set
 * loaders by path; a manifest's column set is the file it names in its own folder.
 */
export function createResourceRegistry(manifestFiles: Record<string, ResourceManifest>, columnFiles: Record<string, () => Promise<ColumnSet>>): ResourceRegistry {
  return new Map(
    Object.entries(manifestFiles)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, manifest]) => {
        const load = columnFiles[folderOf(path) + manifest.list.columns];
        const columns = load ?? (() => Promise.reject(new Error(`${path}: its column set ${manifest.list.columns} does not exist`)));
        return [manifest.id, { manifest, columns }] as const;
      }),
  );
}

/**
 * The product's resources: every schemas/<area>/*.resource.json. The end-to-end tests' build (VITE_E2E_FIXTURES=1)
 * adds the resource of tests/fixtures/resources/, which exists only as data, to show it works in a real browser;
 * in any other build the condition is false at build time and the fixture's files are left out.
 */
export const RESOURCES: ResourceRegistry = createResourceRegistry(
  {
    ...import.meta.glob<ResourceManifest>('../../schemas/*/*.resource.json', { eager: true, import: 'default' }),
    ...(import.meta.env.VITE_E2E_FIXTURES === '1' ? import.meta.glob<ResourceManifest>('../../tests/fixtures/resources/*/*.resource.json', { eager: true, import: 'default' }) : {}),
  },
  {
    ...import.meta.glob<ColumnSet>('../../schemas/*/*.columns.json', { import: 'default' }),
    ...(import.meta.env.VITE_E2E_FIXTURES === '1' ? import.meta.glob<ColumnSet>('../../tests/fixtures/resources/*/*.columns.json', { import: 'default' }) : {}),
  },
);

/** The registry the resource pages read (the product's; a test may provide another). */
export const ResourceRegistryContext = createContext<ResourceRegistry>(RESOURCES);

/** Loads a resource's column set: the manifest and its columns, what the pages work from. */
export async function loadResource(source: ResourceSource): Promise<Resource> {
  return { manifest: source.manifest, columnSet: await source.columns() };
}

/** The pages of a resource. */
export type ResourcePage = 'list' | 'create' | 'edit' | 'view';

/** The message id of a resource's text (`resource.<id>.<path>`); the English is the manifest's. */
export const resourceTextId = (manifest: Pick<ResourceManifest, 'id'>, path: string) => `resource.${manifest.id}.${path}`;

const PAGES: Record<ResourcePage, PageLoader> = {
  list: () => import('./ResourceListPage'),
  create: () => import('./ResourceFormPage'),
  edit: () => import('./ResourceFormPage'),
  view: () => import('./ResourceViewPage'),
};

/** The title of a resource page: the list's title, the create and edit texts, the item's name for the view. */
export function pageTitle(manifest: ResourceManifest, page: ResourcePage): { id: string; english: string } {
  switch (page) {
    case 'list':
      return { id: resourceTextId(manifest, 'title'), english: manifest.title };
    case 'create':
      return { id: resourceTextId(manifest, 'texts.create'), english: manifest.texts.create ?? manifest.item };
    case 'edit':
      return { id: resourceTextId(manifest, 'texts.edit'), english: manifest.texts.edit ?? manifest.item };
    case 'view':
      return { id: resourceTextId(manifest, 'item'), english: manifest.item };
  }
}

/**
 * The routes of resources: one per page its manifest declares, behind its section, drawn by the generic pages. A
 * hosted list (`list.hosted`) is an area's page, which routes it itself.
 */
export function resourceRoutes(manifests: Iterable<ResourceManifest>): RouteDef[] {
  const routes: RouteDef[] = [];
  for (const manifest of manifests) {
    for (const page of ['list', 'create', 'edit', 'view'] as const) {
      const path = manifest.routes[page];
      if (!path || (page === 'list' && manifest.list.hosted)) continue;
      const route = main(`resource.${manifest.id}.${page}`, path, manifest.section ?? '', PAGES[page]);
      routes.push({ ...route, section: manifest.section, title: pageTitle(manifest, page), resource: manifest.id });
    }
  }
  return routes;
}

/**
 * The menu entries resources add to one menu, each placed after the entry its manifest names (last when it names
 * none, or one not in the menu). Its title is the resource's (translated as `resource.<id>.title`).
 */
export function withResourceEntries(menuId: string, entries: readonly MenuEntryDef[], manifests: Iterable<ResourceManifest>): MenuEntryDef[] {
  const out = [...entries];
  for (const manifest of manifests) {
    const menu = manifest.menu;
    if (!menu || menu.menu !== menuId) continue;
    const entry: MenuEntryDef = { id: manifest.id, title: manifest.title, route: manifest.routes.list, icon: menu.icon, section: manifest.section, titleId: resourceTextId(manifest, 'title') };
    const at = menu.after ? out.findIndex((e) => e.id === menu.after) : -1;
    out.splice(at === -1 ? out.length : at + 1, 0, entry);
  }
  return out;
}
