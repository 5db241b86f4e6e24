import type { Translator } from './Translator';

type Json = Record<string, unknown>;

/** What a schema text is: the key's last segment. */
export type SchemaTextKind = 'title' | 'description' | 'help' | 'placeholder' | 'loadFailedText' | 'addText' | 'enum' | 'submit';

/** One translatable text of a schema and its UI schema. */
export interface SchemaText {
  /** The message id, e.g. `schema.accounts_login.email.title` (see schemas/README.md, "Translations"). */
  key: string;
  /** The English text (from the UI schema where it sets one, else from the schema). */
  text: string;
  kind: SchemaTextKind;
  /** Where the text goes in the UI schema: property names, `items` for array items. */
  uiPath: string[];
  /** For `enum`: the option's value. */
  value?: unknown;
  /** For `enum` from `oneOf`/`anyOf`: the branch index and which of the two it was. */
  branch?: { of: 'oneOf' | 'anyOf'; index: number };
}

/** What the helpers need of a catalog entry. */
export interface SchemaTextSource {
  id: string;
  schema: object;
  uiSchema: object;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** A ui text as RJSF reads it: `ui:<name>`, else `ui:options.<name>`. */
function uiText(ui: Json, name: string): unknown {
  if (Object.hasOwn(ui, `ui:${name}`)) return ui[`ui:${name}`];
  const options = ui['ui:options'];
  return isObject(options) ? options[name] : undefined;
}

function resolveRef(root: Json, ref: string): Json | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    if (!isObject(node)) return undefined;
    node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return isObject(node) ? node : undefined;
}

/** A branch of `oneOf`/`anyOf` that stands for one value (`{ const: x, title }` or a one-value enum). */
function constantOf(branch: unknown): { value: unknown } | undefined {
  if (!isObject(branch)) return undefined;
  if (Object.hasOwn(branch, 'const')) return { value: branch.const };
  if (Array.isArray(branch.enum) && branch.enum.length === 1) return { value: branch.enum[0] };
  return undefined;
}

interface Collected {
  texts: SchemaText[];
  /** Property paths of enums shown with their raw values because no option has a label. */
  unlabelled: string[];
}

function collect(source: SchemaTextSource): Collected {
  const root = source.schema as Json;
  const out = new Map<string, SchemaText>();
  const unlabelled = new Set<string>();
  const prefix = `schema.${source.id}`;
  const add = (path: string[], kind: SchemaTextKind, text: string | undefined, extra: Partial<SchemaText> = {}, suffix: string[] = []) => {
    if (!text) return;
    const key = [prefix, ...path, kind, ...suffix].join('.').replace(/\.\[\]/g, '[]');
    if (!out.has(key)) out.set(key, { key, text, kind, uiPath: uiPathOf(path), ...extra });
  };

  // `own` is false for a branch (allOf, if/then/else, dependencies, object oneOf/anyOf) walked at its parent's
  // path: the branch's own title is not the field's, only the properties it adds are.
  const walk = (schema: unknown, path: string[], ui: Json, refs: readonly string[], own = true) => {
    if (!isObject(schema)) return;
    if (own) {
      // An explicit empty ui:title / ui:description hides the text: nothing to translate. A title beside a `$ref`
      // wins over the referenced one (RJSF merges them that way), so it is taken first.
      const title = uiText(ui, 'title');
      add(path, 'title', title === undefined ? str(schema.title) : str(title));
      const description = uiText(ui, 'description');
      add(path, 'description', description === undefined ? str(schema.description) : str(description));
    }
    if (typeof schema.$ref === 'string') {
      if (refs.includes(schema.$ref)) return;
      walk(resolveRef(root, schema.$ref), path, ui, [...refs, schema.$ref], own);
      return;
    }
    add(path, 'help', str(uiText(ui, 'help')));
    add(path, 'placeholder', str(uiText(ui, 'placeholder')));
    // What a field with a lookup says when its list cannot be loaded (`ui:options.loadFailedText`).
    add(path, 'loadFailedText', str(uiText(ui, 'loadFailedText')));
    // The button under a list that adds an entry ("Add a creative"; `ui:options.addText`).
    add(path, 'addText', str(uiText(ui, 'addText')));

    if (Array.isArray(schema.enum)) {
      const names = uiText(ui, 'enumNames');
      schema.enum.forEach((value, i) => {
        const label = Array.isArray(names) ? names[i] : isObject(names) ? names[String(value)] : undefined;
        add(path, 'enum', str(label), { value }, [String(value)]);
        // Booleans get RJSF's translated Yes/No; any other value without a label shows as the raw value.
        if (!str(label) && typeof value !== 'boolean') unlabelled.add(path.join('.').replace(/\.\[\]/g, '[]'));
      });
    }
    for (const of of ['oneOf', 'anyOf'] as const) {
      const branches = schema[of];
      if (!Array.isArray(branches)) continue;
      const uiBranches = Array.isArray(ui[of]) ? (ui[of] as unknown[]) : [];
      const constants = branches.map(constantOf);
      if (constants.every(Boolean)) {
        branches.forEach((branch, index) => {
          const uiBranch = isObject(uiBranches[index]) ? uiBranches[index] : {};
          const label = str(uiText(uiBranch, 'title')) ?? str((branch as Json).title);
          add(path, 'enum', label, { value: constants[index]?.value, branch: { of, index } }, [String(constants[index]?.value)]);
        });
      } else {
        for (const branch of branches) walk(branch, path, ui, refs, false);
      }
    }

    if (isObject(schema.properties)) {
      for (const [name, property] of Object.entries(schema.properties)) {
        walk(property, [...path, name], isObject(ui[name]) ? ui[name] : {}, refs);
      }
    }
    if (isObject(schema.items)) walk(schema.items, [...path, '[]'], isObject(ui.items) ? ui.items : {}, refs);
    for (const branch of [...(Array.isArray(schema.allOf) ? schema.allOf : []), schema.then, schema.else]) walk(branch, path, ui, refs, false);
    if (isObject(schema.dependencies)) for (const dep of Object.values(schema.dependencies)) walk(dep, path, ui, refs, false);
  };

  const ui = source.uiSchema as Json;
  walk(root, [], ui, []);
  const submit = isObject(ui['ui:submitButtonOptions']) ? ui['ui:submitButtonOptions'].submitText : undefined;
  if (str(submit)) out.set(`${prefix}.submit`, { key: `${prefix}.submit`, text: str(submit) as string, kind: 'submit', uiPath: [] });
  return { texts: [...out.values()], unlabelled: [...unlabelled] };
}

function uiPathOf(path: string[]): string[] {
  return path.map((part) => (part === '[]' ? 'items' : part));
}

const textsCache = new WeakMap<object, Collected>();

function collected(source: SchemaTextSource): Collected {
  let found = textsCache.get(source);
  if (!found) {
    found = collect(source);
    textsCache.set(source, found);
  }
  return found;
}

/**
 * Every translatable text of a schema and its UI schema with its message id: titles, descriptions, `ui:help`,
 * `ui:placeholder`, enum labels (`ui:enumNames`, `oneOf`/`anyOf` const titles) and the submit text. Keys are
 * `schema.<schema id>.<property path>.<kind>`, array items as `[]`, enum labels as `….enum.<value>`.
 * @example schemaTexts(loginEntry)[0] // { key: 'schema.accounts_login.email.title', text: 'E-mail', kind: 'title', ... }
 */
export function schemaTexts(source: SchemaTextSource): SchemaText[] {
  return collected(source).texts;
}

/**
 * Property paths (dotted, array items as `[]`) of enums with an option that has no label, so the form would
 * show the stored value itself (`personal`); give them `ui:enumNames` or `oneOf` titles.
 */
export function unlabelledEnums(source: SchemaTextSource): string[] {
  return collected(source).unlabelled;
}

/** Copies the nodes along `path` once (copy on write), so the entry's own UI schema is never changed. */
function writable(root: Json, path: string[], copied: Set<object>): Json {
  let node = root;
  for (const key of path) {
    const next = isObject(node[key]) ? node[key] : {};
    const copy = copied.has(next) ? next : { ...next };
    copied.add(copy);
    node[key] = copy;
    node = copy;
  }
  return node;
}

function setUiText(node: Json, name: string, text: string, copied: Set<object>) {
  node[`ui:${name}`] = text;
  const options = node['ui:options'];
  // RJSF reads `ui:options.<name>` as well; a text set there is translated there too.
  if (isObject(options) && Object.hasOwn(options, name)) {
    const copy = copied.has(options) ? options : { ...options };
    copied.add(copy);
    copy[name] = text;
    node['ui:options'] = copy;
  }
}

function localize(source: SchemaTextSource, translator: Translator): Json {
  const copied = new Set<object>();
  const out: Json = { ...(source.uiSchema as Json) };
  copied.add(out);
  for (const text of schemaTexts(source)) {
    const translated = translator.message(text.key);
    if (translated === undefined) continue;
    if (text.kind === 'submit') {
      writable(out, ['ui:submitButtonOptions'], copied).submitText = translated;
      continue;
    }
    const node = writable(out, text.uiPath, copied);
    if (text.kind === 'enum' && text.branch) {
      const branches = Array.isArray(node[text.branch.of]) ? [...(node[text.branch.of] as unknown[])] : [];
      const branch = isObject(branches[text.branch.index]) ? (branches[text.branch.index] as Json) : {};
      branches[text.branch.index] = { ...branch, 'ui:title': translated };
      // RJSF reads the branch labels from the UI schema's oneOf/anyOf array by index; fill the gaps.
      for (let i = 0; i < branches.length; i++) branches[i] ??= {};
      node[text.branch.of] = branches;
    } else if (text.kind === 'enum') {
      const names = node['ui:enumNames'];
      // An array of names (by position) becomes a record by value, which RJSF reads the same way.
      const record: Json = isObject(names) ? { ...names } : Array.isArray(names) ? englishNames(source, text.uiPath) : {};
      record[String(text.value)] = translated;
      node['ui:enumNames'] = record;
    } else {
      setUiText(node, text.kind, translated, copied);
    }
  }
  return out;
}

/** The English enum labels of one field by value, for an array `ui:enumNames` turned into a record. */
function englishNames(source: SchemaTextSource, uiPath: string[]): Json {
  const at = uiPath.join('.');
  return Object.fromEntries(
    schemaTexts(source)
      .filter((t) => t.kind === 'enum' && !t.branch && t.uiPath.join('.') === at)
      .map((t) => [String(t.value), t.text]),
  );
}

const localized = new WeakMap<object, Map<string, Json>>();

/**
 * The entry's UI schema with its texts in the translator's locale (`ui:title`, `ui:description`, `ui:help`,
 * `ui:placeholder`, `ui:enumNames`, `oneOf[i].ui:title`, the submit text); a text the locale lacks stays English.
 * The schema object is neither copied nor changed (the precompiled validator is keyed to it) and the entry's UI
 * schema is not changed either; the result is memoized per entry and locale.
 */
export function localizeUiSchema(source: SchemaTextSource, translator: Translator): Json {
  let perLocale = localized.get(source);
  if (!perLocale) {
    perLocale = new Map();
    localized.set(source, perLocale);
  }
  let ui = perLocale.get(translator.locale);
  if (!ui) {
    ui = localize(source, translator);
    perLocale.set(translator.locale, ui);
  }
  return ui;
}
