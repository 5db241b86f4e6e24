import type { ColumnDef } from '../../../engine/table/columnSet';
import { toCsv } from '../../../engine/table/csv';
import type { TableRow, TableStore } from '../../../engine/table/TableStore';
import { downloadCsv } from '../../../widgets/table/downloadCsv';

/**
 * Downloads what the table holds as CSV: the shown columns with their translated titles, every row in the table's
 * order (not only the page on screen), and the totals row.
 */
export function exportCsv(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any filter shape exports the same
  table: TableStore<TableRow, any>,
  texts: { title: (column: ColumnDef) => string; total: string },
  fileName: string,
): void {
  const columns = [...table.columns];
  downloadCsv(fileName, toCsv(columns, table.sortedRows, { headers: columns.map(texts.title), totals: table.totals, totalsLabel: texts.total }));
}
