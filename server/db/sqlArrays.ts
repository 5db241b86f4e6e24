import { sql, type SQL } from 'drizzle-orm';

/**
 * A list as one PostgreSQL array parameter (`= any(...)`, `unnest(...)`): one bind value however long the list,
 * where `inArray` would send one per item. Values are written as an array literal, so only numbers and plain
 * words (ids, statuses, format ids) belong here.
 */
export const intArray = (values: readonly number[]): SQL => sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;

/** Words (statuses, format ids) as a `text[]` parameter; each is quoted, so commas or braces cannot split it. */
export const textArray = (values: readonly string[]): SQL => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
