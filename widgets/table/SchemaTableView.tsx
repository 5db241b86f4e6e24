import { type CSSProperties, type Key, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, HTMLSelect, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import {
  CaretDown,
  CaretUp,
  ChevronLeft,
  ChevronRight,
  DoubleCaretVertical,
  Error as ErrorIcon,
  Inbox,
  Refresh,
} from '@blueprintjs/icons';
import { ALL_ROWS, type TableStore } from '../../engine/table/TableStore';
import { cellValue, columnAlign, isSortable, type ColumnDef } from '../../engine/table/columnSet';
import { formatCell } from '../../engine/table/formatCell';
import { VirtualTable } from './VirtualTable';
import css from './SchemaTableView.module.css';

/** Pages with more rows than this render only the rows in view (page size "all" may bring 50,000). */
export const VIRTUALIZE_ABOVE = 100;

/** The English texts of the table chrome; pass translations through `labels`. */
export interface SchemaTableLabels {
  total: string;
  emptyTitle: string;
  emptyDescription: string;
  errorTitle: string;
  retry: string;
  loading: string;
  rowsPerPage: string;
  all: string;
  previousPage: string;
  nextPage: string;
  range: (from: number, to: number, count: number) => string;
  /** The name of the scrolling box that holds a long table (read by screen readers). */
  scrollRegion?: string;
}

const DEFAULT_LABELS: SchemaTableLabels = {
  total: 'Total',
  emptyTitle: 'No data',
  emptyDescription: 'Nothing matches these filters. Try another date range or fewer filters.',
  errorTitle: 'Could not load the data',
  retry: 'Try again',
  loading: 'Loading…',
  rowsPerPage: 'Rows per page',
  all: 'All',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  range: (from, to, count) => `${from}–${to} of ${count}`,
  scrollRegion: 'Table rows',
};

export interface SchemaTableViewProps<R extends object> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any filter shape renders the same
  table: TableStore<R, any>;
  locale?: string;
  labels?: Partial<SchemaTableLabels>;
  /** The header text of a column (translations keyed by column id); defaults to the English title. */
  columnTitle?: (column: ColumnDef) => string;
  /** Columns not to draw (a column chooser's choice: engine/table/columnVisibility.ts); the table keeps its rows and sort. */
  hiddenColumns?: ReadonlySet<string>;
  /** A custom header cell (e.g. a select-all checkbox); return undefined for the title (with its sort button). */
  renderHeader?: (column: ColumnDef) => ReactNode | undefined;
  /** A custom cell; return undefined to fall back to the formatted value. */
  renderCell?: (column: ColumnDef, row: R) => ReactNode | undefined;
  rowKey?: (row: R, index: number) => Key;
  className?: string;
  /** Height of the scrolling box of a long table (more than `VIRTUALIZE_ABOVE` rows); any CSS length. */
  maxHeight?: number | string;
}

/** Header and totals cells stay in view while a long table scrolls under them. */
const stickyCell = (edge: 'top' | 'bottom'): CSSProperties => ({
  position: 'sticky',
  [edge]: 0,
  zIndex: 1,
  background: 'var(--bp-surface-background-color-default-rest, #fff)',
});

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  if (state === 'ascending') return <CaretUp />;
  if (state === 'descending') return <CaretDown />;
  return <DoubleCaretVertical className="schema-table__sort-idle" />;
}

/** A data table over a `TableStore`: sortable headers, page size and pager, totals row, loading, empty and error states. */
function SchemaTableViewInner<R extends object>(props: SchemaTableViewProps<R>) {
  const { table, locale = 'en', columnTitle = (c) => c.title, renderHeader, renderCell, rowKey, className, hiddenColumns } = props;
  const labels = { ...DEFAULT_LABELS, ...props.labels };
  const { visibleRows, totals, status } = table;
  const columns = hiddenColumns?.size ? table.columns.filter((c) => !hiddenColumns.has(c.id)) : table.columns;
  const showRows = visibleRows.length > 0 && status !== 'error';
  const colSpan = columns.length;
  const hasTotals = showRows && columns.some((c) => c.total !== 'none');

  let placeholder: ReactNode = null;
  if (status === 'error') {
    const message = table.error instanceof Error ? table.error.message : undefined;
    placeholder = (
      <NonIdealState
        icon={<ErrorIcon size={48} />}
        title={labels.errorTitle}
        description={message}
        action={<Button icon={<Refresh />} text={labels.retry} onClick={() => void table.reload()} />}
      />
    );
  } else if (!showRows && (status === 'loading' || status === 'idle')) {
    placeholder = <Spinner size={32} aria-label={labels.loading} />;
  } else if (table.isEmpty) {
    placeholder = <NonIdealState icon={<Inbox size={48} />} title={labels.emptyTitle} description={labels.emptyDescription} />;
  }

  const virtual = !placeholder && visibleRows.length > VIRTUALIZE_ABOVE;
  const headSticky = virtual ? stickyCell('top') : undefined;
  const footSticky = virtual ? stickyCell('bottom') : undefined;
  const head = (
    <thead>
      <tr aria-rowindex={virtual ? 1 : undefined}>
        {columns.map((column) => {
          const style = { textAlign: columnAlign(column), ...headSticky };
          const sort = table.ariaSort(column.id);
          const custom = renderHeader?.(column);
          if (custom !== undefined) {
            return (
              <th key={column.id} scope="col" style={style}>
                {custom}
              </th>
            );
          }
          return (
            <th key={column.id} scope="col" aria-sort={isSortable(column) ? sort : undefined} style={style}>
              {isSortable(column) ? (
                <Button
                  variant="minimal"
                  size="small"
                  text={columnTitle(column)}
                  endIcon={<SortIcon state={sort} />}
                  onClick={() => table.setSort(column.id)}
                />
              ) : (
                columnTitle(column)
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
  const foot = hasTotals && (
    <tfoot>
      <tr className="schema-table__totals" aria-rowindex={virtual ? visibleRows.length + 2 : undefined}>
        {columns.map((column, index) => {
          const value = totals[column.id];
          const text = value != null ? formatCell(column, value, locale) : index === 0 ? labels.total : '';
          const style = { textAlign: columnAlign(column), ...footSticky };
          return index === 0 ? (
            <th key={column.id} scope="row" style={style}>
              {text}
            </th>
          ) : (
            <td key={column.id} style={style}>
              {text}
            </td>
          );
        })}
      </tr>
    </tfoot>
  );
  const cells = (row: R) =>
    columns.map((column) => (
      <td key={column.id} style={{ textAlign: columnAlign(column) }}>
        {renderCell?.(column, row) ?? formatCell(column, cellValue(row, column.id), locale)}
      </td>
    ));
  const tableProps = { striped: true, compact: true, className: `schema-table__table ${css.table}`, 'aria-busy': status === 'loading' };

  const { from, to } = table.range;
  return (
    <div className={['schema-table', className].filter(Boolean).join(' ')}>
      {virtual ? (
        <VirtualTable
          rows={visibleRows}
          columnCount={colSpan}
          head={head}
          foot={foot}
          tableProps={tableProps}
          rowKey={(row, index) => (rowKey ? rowKey(row, index) : index)}
          cells={cells}
          resetKey={`${table.sort.column} ${table.sort.direction} ${table.page}`}
          maxHeight={props.maxHeight}
          label={labels.scrollRegion}
        />
      ) : (
        // A table wider than the screen (a phone) scrolls inside its box; the page around it never does.
        <div className="schema-table__scroll" style={{ overflowX: 'auto', maxWidth: '100%' }}>
          <HTMLTable {...tableProps}>
            {head}
            <tbody>
              {placeholder ? (
                <tr>
                  {/* Not a data row: no stripe behind the empty state's muted text (its contrast needs the plain surface). */}
                  <td colSpan={colSpan} className="schema-table__placeholder" style={{ background: 'none' }}>
                    {placeholder}
                  </td>
                </tr>
              ) : (
                visibleRows.map((row, index) => <tr key={rowKey ? rowKey(row, index) : index}>{cells(row)}</tr>)
              )}
            </tbody>
            {foot}
          </HTMLTable>
        </div>
      )}
      <div className="schema-table__pager" style={{ display: 'flex', alignItems: 'center', gap: 8, justifyContent: 'flex-end', marginTop: 8 }}>
        {status === 'loading' && showRows && <Spinner size={16} aria-label={labels.loading} />}
        <label>
          {labels.rowsPerPage}{' '}
          <HTMLSelect
            value={table.pageSize}
            onChange={(e) => table.setPageSize(Number(e.currentTarget.value))}
            options={table.pageSizes.map((size) => ({ value: size, label: size === ALL_ROWS ? labels.all : String(size) }))}
          />
        </label>
        <span aria-live="polite">{labels.range(from, to, table.totalCount)}</span>
        <Button
          variant="minimal"
          icon={<ChevronLeft />}
          aria-label={labels.previousPage}
          disabled={!table.hasPrevPage}
          onClick={table.prevPage}
        />
        <Button
          variant="minimal"
          icon={<ChevronRight />}
          aria-label={labels.nextPage}
          disabled={!table.hasNextPage}
          onClick={table.nextPage}
        />
      </div>
    </div>
  );
}

/** The Blueprint look of a schema-driven table; wraps a `TableStore` (see `useSchemaTable`). */
export const SchemaTableView = observer(SchemaTableViewInner) as <R extends object>(
  props: SchemaTableViewProps<R>,
) => ReactNode;
