import { jsonEqual } from './paths';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface SummaryTexts {
  yes: string;
  no: string;
}

/** The text of a looked-up id (`ui:options.source`), when the lookup has seen it; undefined otherwise. */
export type LabelOf = (uiOptions: Node, value: unknown) => string | undefined;

/** How many values of a list the summary names before it says how many more there are. */
const NAMED = 3;

/** An enum value's label: the UI schema's (translated) branch title or `ui:enumNames`, else the schema's title. */
function enumLabel(schema: Node, ui: Node, value: unknown): string | undefined {
  for (const of of ['oneOf', 'anyOf'] as const) {
    const options = schema[of];
    if (!Array.isArray(options)) continue;
    const i = options.findIndex((o) => isNode(o) && (jsonEqual(o.const, value) || (Array.isArray(o.enum) && o.enum.length === 1 && jsonEqual(o.enum[0], value))));
    if (i < 0) continue;
    const uiBranch = Array.isArray(ui[of]) ? (ui[of] as unknown[])[i] : undefined;
    if (isNode(uiBranch) && typeof uiBranch['ui:title'] === 'string') return uiBranch['ui:title'];
    const title = (options[i] as Node).title;
    if (typeof title === 'string') return title;
  }
  const names = ui['ui:enumNames'];
  // By value (as the translation writes them) or by position in `enum`.
  if (isNode(names) && typeof names[String(value)] === 'string') return names[String(value)] as string;
  const values = schema.enum;
  if (Array.isArray(names) && Array.isArray(values)) {
    const i = values.findIndex((v) => jsonEqual(v, value));
    if (i >= 0 && typeof names[i] === 'string') return names[i];
  }
  return undefined;
}

function valueText(schema: Node, ui: Node, value: unknown, texts: SummaryTexts, labelOf: LabelOf | undefined): string | undefined {
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  if (typeof value === 'string' || typeof value === 'number') {
    const options = isNode(ui['ui:options']) ? ui['ui:options'] : {};
    return (options.source ? labelOf?.(options, value) : undefined) ?? enumLabel(schema, ui, value) ?? String(value);
  }
  return undefined;
}

/**
 * A one-line account of what a section of a form holds, shown beside its title while it is collapsed:
 * "Include: No · Germany, France, Italy +2". Values equal to the schema's default say nothing and are left out;
 * looked-up ids are named by the lookup when it has seen them; nested objects are summarised in place.
 * Titles come from the translated UI schema (`ui:title`) before the schema's own.
 */
export function sectionSummary(schema: unknown, uiSchema: unknown, formData: unknown, texts: SummaryTexts, labelOf?: LabelOf, ownTitle?: string): string {
  if (!isNode(schema) || !isNode(formData) || !isNode(schema.properties)) return '';
  const ui = isNode(uiSchema) ? uiSchema : {};
  const properties = schema.properties as Record<string, unknown>;
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as string[]).filter((k) => k in properties) : [];
  const keys = [...order, ...Object.keys(properties).filter((k) => !order.includes(k))];
  const parts: string[] = [];
  for (const key of keys) {
    const prop = properties[key];
    const value = formData[key];
    const node = isNode(ui[key]) ? ui[key] : {};
    if (!isNode(prop) || value === undefined || value === null || value === '' || node['ui:widget'] === 'hidden') continue;
    if (prop.default !== undefined && jsonEqual(prop.default, value)) continue;
    const title = typeof node['ui:title'] === 'string' ? node['ui:title'] : typeof prop.title === 'string' ? prop.title : key;
    const named = (text: string) => (title === ownTitle ? text : `${title}: ${text}`);
    if (Array.isArray(value)) {
      if (!value.length) continue;
      const items = isNode(prop.items) ? prop.items : {};
      const itemUi = { ...(isNode(node.items) ? node.items : {}), 'ui:options': node['ui:options'] };
      const shown = value.slice(0, NAMED).map((v) => valueText(items, itemUi, v, texts, labelOf));
      // A list of objects (cards) is told by its count; its items have no short name.
      if (shown.some((t) => t === undefined)) parts.push(named(String(value.length)));
      else parts.push(named(shown.join(', ') + (value.length > NAMED ? ` +${value.length - NAMED}` : '')));
    } else if (isNode(value)) {
      const inner = sectionSummary(prop, node, value, texts, labelOf);
      if (inner) parts.push(named(inner));
    } else {
      const text = valueText(prop, node, value, texts, labelOf);
      if (text !== undefined) parts.push(named(text));
    }
  }
  return parts.join(' · ');
}
