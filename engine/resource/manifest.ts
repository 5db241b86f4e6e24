/**
 * A resource manifest: a list-and-form area as data (`schemas/<area>/<name>.resource.json`, checked by
 * `schemas/meta/resource.schema.json`). These types mirror the meta-schema; `checkManifest` adds the rules a JSON
 * Schema cannot say (names that must exist elsewhere).
 */
import type { ColumnSet } from '../table/columnSet';

export type Intent = 'none' | 'primary' | 'success' | 'warning' | 'danger';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An API call; `{field}` in the path is the object's value. */
export interface ResourceCall {
  method: HttpMethod;
  path: string;
}

/** One field of a view or of an action's result. */
export interface ResourceField {
  id: string;
  title: string;
  type: 'text' | 'url' | 'status' | 'boolean' | 'list' | 'date' | 'datetime' | 'count' | 'money' | 'cost' | 'percent' | 'id';
  options?: Record<string, string>;
  /** Where the labels of the field's values come from (an option source, as a lookup's `ui:options.source`). */
  source?: object;
  /** A panel route each value links to; `{id}` is the value, or the id of a `{ id, name }` object. */
  route?: string;
}

export interface ResourceAction {
  id: string;
  title: string;
  icon?: string;
  intent?: Intent;
  call: ResourceCall;
  /** The statuses that allow it; absent: every status. */
  statuses?: string[];
  confirm?: string;
  bulk?: boolean;
  /** `file`: a GET answering a document (a PDF), saved under the name its Content-Disposition gives. */
  answer?: 'row' | 'result' | 'none' | 'file';
  optimistic?: Record<string, string | number | boolean | null>;
  result?: { title: string; fields: ResourceField[] };
  done?: string;
}

export interface ResourceFilter {
  id: string;
  title: string;
  options: { value: string; title: string }[];
}

export interface ResourceManifest {
  id: string;
  title: string;
  item: string;
  section?: string;
  api: { path: string; idField?: string; nameField?: string; statusField?: string };
  statuses?: Record<string, { title: string; intent?: Intent }>;
  list: {
    columns: string;
    link?: string;
    search?: { param?: string; placeholder: string };
    filters?: ResourceFilter[];
    pageSizes?: number[];
    /** The list is drawn by an area's page at `routes.list` (composing the generic list): no route of its own is made. */
    hosted?: boolean;
  };
  actions?: ResourceAction[];
  form?: {
    schema: string;
    create: ResourceCall;
    update?: ResourceCall;
    errorKeys?: Record<string, string>;
    /** The statuses in which an object may be edited; absent: every status. */
    statuses?: string[];
  };
  view?: { fields: ResourceField[]; links?: { id: string; title: string; route: string; statuses?: string[] }[] };
  routes: { list: string; create?: string; edit?: string; view?: string };
  menu?: { menu: string; icon: string; after?: string };
  texts: { empty: string; emptyHint: string; create?: string; edit?: string; created?: string; updated?: string };
}

/** A manifest with its column set loaded: what the engine and the pages work from. */
export interface Resource {
  manifest: ResourceManifest;
  columnSet: ColumnSet;
}

/** The page sizes a resource list offers unless its manifest says otherwise: 15, 25, 50 and all. */
export const RESOURCE_PAGE_SIZES: readonly number[] = [15, 25, 50, -1];

export const idField = (m: ResourceManifest) => m.api.idField ?? 'id';
export const nameField = (m: ResourceManifest) => m.api.nameField ?? 'name';

/** The action's answer kind (`row` unless it says). */
export const answerOf = (a: ResourceAction) => a.answer ?? 'row';

/** Whether an object with this status may be edited (`form.statuses`); an object without a status may when none are named. */
export function editableIn(manifest: ResourceManifest, status: string | undefined): boolean {
  const allowed = manifest.form?.statuses;
  if (!manifest.form?.update) return false;
  return !allowed || (status !== undefined && allowed.includes(status));
}

/**
 * The rules of a manifest its meta-schema cannot check: the column set exists and names its sort, the form schema
 * is in the catalog, statuses named by actions and filters are declared, the routes and links use fields that exist.
 * @returns one sentence per problem, naming the manifest; empty when it is sound.
 */
export function checkManifest(manifest: ResourceManifest, context: { columnSet?: ColumnSet; schemaIds: ReadonlySet<string>; menus: ReadonlySet<string> }): string[] {
  const problems: string[] = [];
  const where = `${manifest.id}.resource.json`;
  const { columnSet } = context;
  if (!columnSet) problems.push(`${where}: its column set ${manifest.list.columns} does not exist`);
  const columns = new Set(columnSet?.columns.map((c) => c.id));
  if (manifest.list.link && !columns.has(manifest.list.link)) problems.push(`${where}: list.link names no column (${manifest.list.link})`);
  const statuses = new Set(Object.keys(manifest.statuses ?? {}));
  for (const action of manifest.actions ?? []) {
    for (const status of action.statuses ?? []) {
      if (!statuses.has(status)) problems.push(`${where}: action ${action.id} allows status "${status}", which statuses does not declare`);
    }
    if (action.statuses && !manifest.api.statusField) problems.push(`${where}: action ${action.id} names statuses but api.statusField is not set`);
  }
  for (const action of manifest.actions ?? []) {
    if (answerOf(action) === 'file' && action.call.method !== 'GET') problems.push(`${where}: action ${action.id} answers a file, so its call must be a GET`);
    if (answerOf(action) === 'file' && action.bulk) problems.push(`${where}: action ${action.id} answers a file and cannot be bulk`);
  }
  for (const link of manifest.view?.links ?? []) {
    for (const status of link.statuses ?? []) {
      if (!statuses.has(status)) problems.push(`${where}: link ${link.id} is offered in status "${status}", which statuses does not declare`);
    }
    if (link.statuses && !manifest.api.statusField) problems.push(`${where}: link ${link.id} names statuses but api.statusField is not set`);
  }
  for (const status of manifest.form?.statuses ?? []) {
    if (!statuses.has(status)) problems.push(`${where}: form.statuses names "${status}", which statuses does not declare`);
  }
  if (manifest.form?.statuses && !manifest.api.statusField) problems.push(`${where}: form.statuses needs api.statusField`);
  if (manifest.form?.statuses && !manifest.form.update) problems.push(`${where}: form.statuses needs form.update`);
  const ids = (manifest.actions ?? []).map((a) => a.id);
  if (new Set(ids).size !== ids.length) problems.push(`${where}: two actions share an id`);
  if (manifest.form && !context.schemaIds.has(manifest.form.schema)) problems.push(`${where}: form.schema ${manifest.form.schema} is not a schema of the catalog`);
  if (manifest.routes.create && !manifest.form) problems.push(`${where}: routes.create needs a form`);
  if (manifest.routes.edit && !manifest.form?.update) problems.push(`${where}: routes.edit needs form.update`);
  if (manifest.routes.view && !manifest.view) problems.push(`${where}: routes.view needs view.fields`);
  if (manifest.menu && !context.menus.has(manifest.menu.menu)) problems.push(`${where}: menu.menu names no menu (${manifest.menu.menu})`);
  const paths = Object.values(manifest.routes) as string[];
  if (new Set(paths).size !== paths.length) problems.push(`${where}: two pages share a route`);
  return problems;
}
