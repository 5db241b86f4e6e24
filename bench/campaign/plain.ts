/**
 * The campaign form as a plain RJSF user writes it: the same assembled schema with every lookup's whole list as an
 * `enum` of ids on the field (the array's items for multi-selects) and the names as `ui:enumNames`, RJSF's own
 * widgets in place of ours (switch → checkbox, money → text, listText → textarea, calendarGrid → nested arrays).
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { parseOptionSource, toOptions } from '../../engine/lookup';
import type { SchemaEntry } from '../../engine/schema/SchemaCatalog';
import { lists } from './data';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Our widget aliases → what plain RJSF would use (`undefined`: RJSF's default for the type). */
const PLAIN_WIDGETS: Record<string, string | undefined> = { switch: undefined, money: undefined, calendarGrid: undefined, listText: 'textarea' };

/** The enum sizes plain RJSF gets, by field (filled in by `plainForm`). */
export const enumSizes: Record<string, number> = {};

function toPlain(ui: Node, schema: Node, path: string): Node {
  const out: Node = {};
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget' && typeof value === 'string') {
      if (value === 'lookup') continue;
      const plain = value in PLAIN_WIDGETS ? PLAIN_WIDGETS[value] : value;
      if (plain) out[key] = plain;
    } else if (key === 'ui:options' && isNode(value)) {
      const { source: _source, loadFailedText: _text, ...rest } = value;
      if (Object.keys(rest).length) out[key] = rest;
    } else if (key.startsWith('ui:')) {
      out[key] = value;
    } else if (isNode(value)) {
      const child = key === 'items' ? schema.items : (schema.properties as Node | undefined)?.[key];
      out[key] = isNode(child) ? toPlain(value, child, `${path}/${key}`) : value;
    }
  }
  if (ui['ui:widget'] === 'lookup') {
    const source = parseOptionSource((ui['ui:options'] as Node).source, path);
    const list = lists[source.url];
    if (!list) throw new Error(`${path}: no list for ${source.method} ${source.url} in bench/campaign/data.ts`);
    const options = toOptions(list, source);
    const multiple = schema.type === 'array' && isNode(schema.items);
    const target = (multiple ? schema.items : schema) as Node;
    target.enum = options.map((o) => o.value);
    const names = { 'ui:enumNames': options.map((o) => o.label) };
    if (multiple) out.items = { ...(out.items as Node | undefined), ...names };
    else Object.assign(out, names);
    enumSizes[path] = options.length;
  }
  return out;
}

/** The plain schema (a copy, without the catalog `$id`) and UI schema of a catalog entry. */
export function plainForm(entry: SchemaEntry): { schema: RJSFSchema; uiSchema: UiSchema } {
  const schema = structuredClone(entry.schema) as Node;
  delete schema.$id;
  const uiSchema = toPlain(entry.uiSchema, schema, '');
  return { schema: schema as RJSFSchema, uiSchema: uiSchema as UiSchema };
}
