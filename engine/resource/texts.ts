import type { ColumnSet } from '../table/columnSet';
import type { ResourceField, ResourceManifest } from './manifest';

/**
 * Every text of a resource a user reads, by its message id (`resource.<id>.<path>`) → the English of the manifest
 * (and of its column set's titles). The locale test holds `en` to these and the other locales to the same ids; a
 * page reads them with the same paths.
 */
export function resourceTexts(manifest: ResourceManifest, columnSet?: ColumnSet): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (path: string, english: string | undefined) => {
    if (english) out[`resource.${manifest.id}.${path}`] = english;
  };
  const fields = (base: string, list: readonly ResourceField[]) => {
    for (const field of list) {
      put(`${base}.${field.id}.title`, field.title);
      for (const [value, title] of Object.entries(field.options ?? {})) put(`${base}.${field.id}.options.${value}`, title);
    }
  };
  put('title', manifest.title);
  put('item', manifest.item);
  for (const [status, { title }] of Object.entries(manifest.statuses ?? {})) put(`statuses.${status}.title`, title);
  put('list.search.placeholder', manifest.list.search?.placeholder);
  for (const filter of manifest.list.filters ?? []) {
    put(`list.filters.${filter.id}.title`, filter.title);
    for (const option of filter.options) put(`list.filters.${filter.id}.options.${option.value}`, option.title);
  }
  for (const column of columnSet?.columns ?? []) if (column.id !== 'select' && column.id !== 'actions') put(`columns.${column.id}`, column.title);
  for (const action of manifest.actions ?? []) {
    put(`actions.${action.id}.title`, action.title);
    put(`actions.${action.id}.confirm`, action.confirm);
    put(`actions.${action.id}.done`, action.done);
    if (action.result) {
      put(`actions.${action.id}.result.title`, action.result.title);
      fields(`actions.${action.id}.result.fields`, action.result.fields);
    }
  }
  fields('view.fields', manifest.view?.fields ?? []);
  for (const link of manifest.view?.links ?? []) put(`view.links.${link.id}.title`, link.title);
  for (const [key, english] of Object.entries(manifest.texts)) put(`texts.${key}`, english);
  return out;
}
