/**
 * The rule every request schema follows for numbers (probe finding F16): an integer (or number) carries the range of
 * the column or id space it ends up in, so a value beyond it is a 422 naming the field, never a database error (500)
 * or a silently rounded id. Used by tests/data/integerRanges.test.ts over schemas/ and by
 * tests/api/requestHardening.test.ts over the inline schemas of every route.
 */

/** The largest value of a PostgreSQL `integer` column (serial ids, counts). */
export const INT32_MAX = 2147483647;
/** The largest stable id of reference data derived from a natural key (48 bits: regions, cities, device vendors and models; server/reference/stableId.ts). */
export const STABLE_ID_MAX = 2 ** 48 - 1;

/** Keys whose values are data, not schemas (except as names in a map of schemas such as `properties`). */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'examples']);
/** Keys whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']);

type Node = Record<string, unknown>;

/** Every value of the node is listed: an `enum`, a `const`, or a `oneOf`/`anyOf` of `const` branches. */
function listed(node: Node): boolean {
  if (node.enum !== undefined || node.const !== undefined) return true;
  return (['oneOf', 'anyOf'] as const).some((key) => {
    const branches = node[key];
    return Array.isArray(branches) && branches.length > 0 && branches.every((b) => b && typeof b === 'object' && 'const' in b);
  });
}

const numeric = (node: Node) => [node.type].flat().some((t) => t === 'integer' || t === 'number');

/**
 * What is wrong with the numbers of one schema, as `<path>: <problem>` lines (none when it follows the rule):
 * every `integer`/`number` node needs a `minimum` and a `maximum` (or lists its values), and a maximum beyond the
 * 32-bit range is allowed only as the 48-bit stable id range.
 */
export function rangeProblems(schema: unknown, at = ''): string[] {
  const problems: string[] = [];
  const stack: { node: unknown; path: string; names?: boolean }[] = [{ node: schema, path: at }];
  while (stack.length) {
    const { node, path, names } = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      node.forEach((child, i) => stack.push({ node: child, path: `${path}/${i}` }));
      continue;
    }
    const s = node as Node;
    if (names) {
      for (const [key, value] of Object.entries(s)) stack.push({ node: value, path: `${path}/${key}` });
      continue;
    }
    if (numeric(s) && !listed(s)) {
      const max = s.maximum ?? s.exclusiveMaximum;
      if (s.minimum === undefined && s.exclusiveMinimum === undefined) problems.push(`${path}: no minimum`);
      if (max === undefined) problems.push(`${path}: no maximum`);
      else if (typeof max !== 'number' || (max > INT32_MAX && max !== STABLE_ID_MAX)) {
        problems.push(`${path}: maximum ${String(max)} is beyond the integer column (${INT32_MAX}) and is not the stable id range (${STABLE_ID_MAX})`);
      }
    }
    for (const [key, value] of Object.entries(s)) {
      if (!DATA_KEYS.has(key)) stack.push({ node: value, path: `${path}/${key}`, names: SCHEMA_MAPS.has(key) });
    }
  }
  return problems.sort();
}
