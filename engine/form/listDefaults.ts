import type { FormProps } from '@rjsf/core';
import { followRef, isSchema, subschemas, type Schema } from '../schema/walk';

type Behavior = NonNullable<FormProps['experimental_defaultFormStateBehavior']>;

/**
 * RJSF fills an array up to its `minItems` with empty items. For a list of objects that is the empty cards a user
 * fills in (an ad's creatives). For a list of plain values (ids a lookup picks, formats) or of lists (a campaign's
 * week of hour lists) it is `undefined` slots: a tag the widget would show, a value the validator refuses as "must
 * be array" on a submit nobody can mend, since no field shows it. Those start empty.
 */
export const FILL_OBJECT_LISTS: Behavior = {
  arrayMinItems: {
    computeSkipPopulate: (_validator, schema) => {
      const items = (schema as { items?: unknown }).items;
      const type = isSchema(items) ? items.type : undefined;
      return type !== undefined && type !== 'object';
    },
  },
};

/**
 * RJSF passes every item of every list through its default computation on each change of any field: a campaign's
 * selected ids (thousands of them) on every keystroke of its name, most of that keystroke's time. Only lists of
 * objects gain from it (cards up to `minItems`, defaults inside each item); a form without such lists tells RJSF
 * to take its lists as they are, which gives the same data.
 */
export const LISTS_AS_THEY_ARE: Behavior = { arrayMinItems: { populate: 'never' } };

/**
 * Whether RJSF's default pass over lists could change anything in a form of `root`: some list holds objects (or
 * items of a shape not known to be plain values) that must start with items (`minItems`) or whose items hold a
 * `default`, a `const` or a choice (`oneOf`/`anyOf`, whose first branch RJSF defaults to), through local `$ref`s too.
 * Lists of plain values never change: each item is its own value, and their `minItems` is never filled
 * (FILL_OBJECT_LISTS). A `$ref` it cannot follow counts as yes.
 */
export function listsTakeDefaults(root: object): boolean {
  const follow = (schema: Schema) => followRef(root, schema);

  /** Whether anything under `schema` gives a default (seen: the schemas on the walk, against `$ref` cycles). */
  const givesDefaults = (value: unknown, seen: Set<object>): boolean => {
    if (!isSchema(value) || seen.has(value)) return false;
    seen.add(value);
    const schema = follow(value);
    if (schema === null) return true;
    if ('default' in schema || 'const' in schema || 'oneOf' in schema || 'anyOf' in schema) return true;
    for (const sub of subschemas(schema)) if (givesDefaults(sub, seen)) return true;
    return false;
  };

  const seen = new Set<object>();
  const walk = (value: unknown): boolean => {
    if (!isSchema(value) || seen.has(value)) return false;
    seen.add(value);
    const schema = follow(value);
    if (schema === null) return true;
    if (Array.isArray(schema.items) || Array.isArray(schema.prefixItems)) return true;
    const items = isSchema(schema.items) ? follow(schema.items) : undefined;
    if (items === null) return true;
    if (items) {
      // Items of a plain type (choices among consts included) keep their value: RJSF's data wins over a default.
      const plain = typeof items.type === 'string' && items.type !== 'object' && !('properties' in items);
      if (!plain && ((typeof schema.minItems === 'number' && schema.minItems > 0) || givesDefaults(items, new Set()))) return true;
    }
    for (const sub of subschemas(schema)) if (walk(sub)) return true;
    return false;
  };
  return walk(root);
}

const behaviors = new WeakMap<object, Behavior>();

/** The default-state behaviour for a form of `schema`: lists as they are when nothing in them takes defaults. */
export function listDefaultsFor(schema: object): Behavior {
  let behavior = behaviors.get(schema);
  if (behavior === undefined) behaviors.set(schema, (behavior = listsTakeDefaults(schema) ? FILL_OBJECT_LISTS : LISTS_AS_THEY_ARE));
  return behavior;
}
