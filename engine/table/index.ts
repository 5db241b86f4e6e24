export {
  COLUMN_TYPES,
  ColumnSetError,
  checkColumnSet,
  columnAlign,
  isNumericType,
  isSortable,
  type ColumnDef,
  type ColumnSet,
  type ColumnType,
  type SortDirection,
  type SortState,
  type TotalRule,
} from './columnSet';
export { createColumnSetRegistry } from './columnSets';
export { compareCells, sortRows } from './sortRows';
export { collatedOrder, compareText } from './collate';
export { columnTotal, computeTotals, type TotalsRow } from './totals';
export { ExactSum } from './exactSum';
export { CsvError, neutralizeFormula, parseCsv, toCsv, type CsvOptions } from './csv';
export { formatCell } from './formatCell';
export {
  ALL_ROWS,
  FILTER_DEBOUNCE_MS,
  PAGE_SIZES,
  TableStore,
  type TableLoadResult,
  type TableLoader,
  type TableQuery,
  type TableRow,
  type TableStoreOptions,
} from './TableStore';
export { useSchemaTable } from './useSchemaTable';
