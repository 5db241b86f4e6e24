import { asc, desc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './connect';

/** A page of a table as the list calls ask for it (their `*.query.schema.json`), defaults filled in. */
export interface PageRequest<Sort extends string> {
  page: number;
  /** Rows per page; -1 is all. */
  per_page: number;
  sort: Sort;
  order: 'asc' | 'desc';
  search?: string;
}

/** The query string of a list call with the defaults of its schema filled in (the precompiled validator does not fill them). */
export function pageRequest<Q extends { page?: number; per_page?: number; sort?: string; order?: 'asc' | 'desc' }>(
  query: Q,
  defaultSort: NonNullable<Q['sort']>,
): Q & PageRequest<NonNullable<Q['sort']>> {
  return { ...query, page: query.page ?? 1, per_page: query.per_page ?? 15, sort: query.sort ?? defaultSort, order: query.order ?? 'desc' };
}

/** `text` for LIKE: its `%`, `_` and `\` match themselves. */
export const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The condition of a list's `search`: part of any of `texts` (any case), or the id itself when the search is a number
 * that fits the id column (a longer number is searched as text only: comparing it with an integer column would fail).
 */
export function searchCondition(search: string | undefined, id: PgColumn, texts: PgColumn[]): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const like = likeText(term);
  const matches = texts.map((column) => ilike(column, like));
  if (/^\d{1,10}$/.test(term) && Number(term) <= 2147483647) matches.unshift(eq(id, Number(term)));
  return or(...matches);
}

/** Sorts by `column` in `order`, then by the id the same way, so pages never overlap; names sort by their lower case. */
export function pageOrder(order: 'asc' | 'desc', column: PgColumn | SQL, id: PgColumn): SQL[] {
  const by = order === 'asc' ? asc : desc;
  return [by(column), by(id)];
}

/** Lower case of a text column, for sorting names the way people read them. */
export const lower = (column: PgColumn): SQL => sql`lower(${column})`;

/** `limit`/`offset` of a page (none for per_page -1). */
export function pageWindow(request: Pick<PageRequest<string>, 'page' | 'per_page'>): { limit: number; offset: number } | null {
  return request.per_page === -1 ? null : { limit: request.per_page, offset: (request.page - 1) * request.per_page };
}

/** Whether a database error is a unique constraint refusing a row (PostgreSQL code 23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}


/**
 * One page of `table`'s rows matching `where`, sorted by `orderBy`, with how many rows match in all (the lists'
 * `recordsFiltered`): the count comes with the rows (a window function), or, for a page past the last row, from a
 * count of its own.
 */
export async function selectPage<T extends PgTable>(db: Db, table: T, where: SQL | undefined, orderBy: SQL[], request: Pick<PageRequest<string>, 'page' | 'per_page'>): Promise<{ rows: T['$inferSelect'][]; filtered: number }> {
  const query = db
    .select({ ...getTableColumns(table), filtered_rows_: sql<number>`(count(*) over ())::int` })
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  const window = pageWindow(request);
  const found = (window ? await query.limit(window.limit).offset(window.offset) : await query) as (T['$inferSelect'] & { filtered_rows_: number })[];
  let filtered = found[0]?.filtered_rows_ ?? 0;
  if (!found.length && request.page > 1) {
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(table as PgTable).where(where);
    filtered = counted?.n ?? 0;
  }
  return { rows: found.map(({ filtered_rows_: _count, ...row }) => row as T['$inferSelect']), filtered };
}
