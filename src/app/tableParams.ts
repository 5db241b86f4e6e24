import type { TableQuery } from '../../engine/table/TableStore';

/** The paging and sort of a table query as the API's table calls take them (`page` from 1, `per_page` -1 for all). */
export function tableParams(q: TableQuery<unknown>) {
  return { page: q.page + 1, per_page: q.pageSize, sort: q.sort.column, order: q.sort.direction };
}
