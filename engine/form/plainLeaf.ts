import { followRef, isSchema, subschemas, type Schema } from '../schema/walk';

/** A field's path in the form data, as RJSF reports a change: property names, and list indexes as numbers. */
export type FieldPath = readonly (string | number)[];

const PLAIN_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
/** What makes a schema a condition or a choice, or more than one plain type of its own. */
const NOT_PLAIN = ['oneOf', 'anyOf', 'allOf', 'if', 'not', 'const', 'dependencies', 'dependentSchemas', 'dependentRequired'];
/** Keywords that, inside a condition or a choice, read properties whose names they do not spell out. */
const READS_ANY_NAME = ['patternProperties', 'propertyNames', 'additionalProperties', 'minProperties', 'maxProperties'];

/**
 * The property names any condition or choice in `root` reads: those an `if`, a branch of a `oneOf`/`anyOf`, a `not`
 * or a `contains` names (properties, `required`), and the triggers and targets of `dependencies`. `null` when one of
 * them reads names it does not spell out, or a `$ref` leads outside `root`: then every name may be read.
 */
export function namesConditionsRead(root: object): Set<string> | null {
  const names = new Set<string>();
  let everyName = false;

  const collect = (value: unknown, seen: Set<object>) => {
    if (!isSchema(value) || seen.has(value) || everyName) return;
    seen.add(value);
    const schema = followRef(root, value);
    if (schema === null || READS_ANY_NAME.some((key) => key in schema && schema[key] !== true)) {
      everyName = true;
      return;
    }
    if (isSchema(schema.properties)) for (const name of Object.keys(schema.properties)) names.add(name);
    if (Array.isArray(schema.required)) for (const name of schema.required) names.add(String(name));
    addDependencies(schema);
    for (const sub of subschemas(schema)) collect(sub, seen);
  };

  const addDependencies = (schema: Schema) => {
    for (const key of ['dependencies', 'dependentSchemas', 'dependentRequired']) {
      const map = schema[key];
      if (!isSchema(map)) continue;
      for (const [trigger, target] of Object.entries(map)) {
        names.add(trigger);
        if (Array.isArray(target)) for (const name of target) names.add(String(name));
      }
    }
  };

  const seen = new Set<object>();
  const walk = (value: unknown) => {
    if (!isSchema(value) || seen.has(value) || everyName) return;
    seen.add(value);
    const schema = followRef(root, value);
    if (schema === null) {
      everyName = true;
      return;
    }
    addDependencies(schema);
    for (const key of ['if', 'not', 'contains']) collect(schema[key], new Set());
    for (const key of ['oneOf', 'anyOf']) if (Array.isArray(schema[key])) for (const branch of schema[key] as unknown[]) collect(branch, new Set());
    for (const sub of subschemas(schema)) walk(sub);
  };
  walk(root);
  return everyName ? null : names;
}

/**
 * Whether `path` leads to a plain leaf of `root`: a string, number or boolean field reached through `properties`
 * alone, of no choice of its own, whose name (nor any name on the way) no condition or choice reads (see
 * `namesConditionsRead`). Changing such a field changes nothing else in the form: not which branches of its conditions
 * hold, so not the defaults RJSF derives from them either.
 */
export function isPlainLeaf(root: object, path: FieldPath, read = namesConditionsRead(root)): boolean {
  if (read === null || path.length === 0) return false;
  let node: Schema | null = followRef(root, root as Schema);
  for (const segment of path) {
    if (typeof segment !== 'string' || read.has(segment) || node === null) return false;
    const properties: unknown = node.properties;
    const child = isSchema(properties) && Object.hasOwn(properties, segment) ? properties[segment] : undefined;
    node = isSchema(child) ? followRef(root, child) : null;
  }
  if (node === null || NOT_PLAIN.some((key) => key in node)) return false;
  const types: unknown[] = Array.isArray(node.type) ? node.type : [node.type];
  return types.length > 0 && types.every((type) => typeof type === 'string' && PLAIN_TYPES.has(type));
}

const checkers = new WeakMap<object, (path: FieldPath) => boolean>();

/** `isPlainLeaf` for one form's schema, with its conditions read once and each path's answer kept. */
export function plainLeafCheck(root: object): (path: FieldPath) => boolean {
  let check = checkers.get(root);
  if (check === undefined) {
    const read = namesConditionsRead(root);
    const answers = new Map<string, boolean>();
    check = (path) => {
      const key = path.join('\u0000');
      let answer = answers.get(key);
      if (answer === undefined) answers.set(key, (answer = isPlainLeaf(root, path, read)));
      return answer;
    };
    checkers.set(root, check);
  }
  return check;
}

/**
 * `data` with `value` at `path`, sharing every branch the path does not go through, so unchanged parts keep their
 * identity (and deep comparisons of them stop at once). `undefined` when a container on the path is missing or not
 * a plain object: then the change is not a leaf's alone.
 */
export function withLeaf(data: unknown, path: readonly string[], value: unknown): Record<string, unknown> | undefined {
  if (!isSchema(data)) return undefined;
  const [head, ...rest] = path;
  if (rest.length === 0) return { ...data, [head]: value };
  const inner = withLeaf(data[head], rest, value);
  return inner && { ...data, [head]: inner };
}
