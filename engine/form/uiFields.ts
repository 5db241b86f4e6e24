/**
 * Reading form data by what its UI schema says about each field: which fields use a widget or an option
 * (media uploads, keyword checks, URL scans). Shared by the browser and the server.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field of the form declared with some `ui:*` option, as a path pattern (`*` for every array item). */
export interface UiField {
  path: string[];
  options: Json;
  widget: string | undefined;
}

/** Every field of a UI schema, with its widget and options (`items` of arrays become `*`). */
export function uiFields(uiSchema: unknown, path: string[] = []): UiField[] {
  if (!isObject(uiSchema)) return [];
  const out: UiField[] = [];
  const widget = typeof uiSchema['ui:widget'] === 'string' ? (uiSchema['ui:widget'] as string) : undefined;
  const options = isObject(uiSchema['ui:options']) ? uiSchema['ui:options'] : {};
  if (path.length && (widget || Object.keys(options).length)) out.push({ path, options, widget });
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key.startsWith('ui:')) continue;
    out.push(...uiFields(value, [...path, key === 'items' ? '*' : key]));
  }
  return out;
}

/** The values of `data` at a path pattern, each with its concrete dotted field path (`creatives.1.title`). */
export function valuesAt(data: unknown, pattern: string[], prefix: string[] = []): { field: string; value: unknown }[] {
  if (!pattern.length) return data === undefined ? [] : [{ field: prefix.join('.'), value: data }];
  const [head, ...rest] = pattern;
  if (head === '*') {
    return Array.isArray(data) ? data.flatMap((item, i) => valuesAt(item, rest, [...prefix, String(i)])) : [];
  }
  return isObject(data) ? valuesAt(data[head], rest, [...prefix, head]) : [];
}

/** The fields of a UI schema whose `ui:options[option]` is true (compute once per form, not per keystroke). */
export function fieldsWithOption(uiSchema: unknown, option: string): UiField[] {
  return uiFields(uiSchema).filter((f) => f.options[option] === true);
}

/** The text values of `fields` in `data`, by concrete field path. */
export function textsAt(data: unknown, fields: readonly UiField[]): { field: string; text: string }[] {
  return fields.flatMap((f) => valuesAt(data, f.path).filter((v): v is { field: string; value: string } => typeof v.value === 'string').map((v) => ({ field: v.field, text: v.value })));
}
