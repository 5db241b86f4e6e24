import { type Key, type ReactNode } from 'react';
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
import { ALL_ROWS, type TableRow, type TableStore } from '../../engine/table/TableStore';
import { columnAlign, isSortable, type ColumnDef } from '../../engine/table/columnSet';
import { formatCell } from '../../engine/table/formatCell';

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
};

export interface SchemaTableViewProps<R extends TableRow> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any filter shape renders the same
  table: TableStore<R, any>;
  locale?: string;
  labels?: Partial<SchemaTableLabels>;
  /** The header text of a column (translations keyed by column id); defaults to the English title. */
  columnTitle?: (column: ColumnDef) => string;
  /** A custom header cell (e.g. a select-all checkbox); return undefined for the title (with its sort button). */
  renderHeader?: (column: ColumnDef) => ReactNode | undefined;
  /** A custom cell; return undefined to fall back to the formatted value. */
  renderCell?: (column: ColumnDef, row: R) => ReactNode | undefined;
  rowKey?: (row: R, index: number) => Key;
  className?: string;
}

function SortIcon({ state }: { state: 'ascending' | 'descending' | 'none' }) {
  if (state === 'ascending') return <CaretUp />;
  if (state === 'descending') return <CaretDown />;
  return <DoubleCaretVertical className="schema-table__sort-idle" />;
}

/** A data table over a `TableStore`: sortable headers, page size and pager, totals row, loading, empty and error states. */
function SchemaTableViewInner<R extends TableRow>(props: SchemaTableViewProps<R>) {
  const { table, locale = 'en', columnTitle = (c) => c.title, renderHeader, renderCell, rowKey, className } = props;
  const labels = { ...DEFAULT_LABELS, ...props.labels };
  const { columns, visibleRows, totals, status } = table;
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

  const { from, to } = table.range;
  return (
    <div className={['schema-table', className].filter(Boolean).join(' ')}>
      <HTMLTable striped compact className="schema-table__table" aria-busy={status === 'loading'}>
        <thead>
          <tr>
            {columns.map((column) => {
              const align = columnAlign(column);
              const sort = table.ariaSort(column.id);
              const custom = renderHeader?.(column);
              if (custom !== undefined) {
                return (
                  <th key={column.id} scope="col" style={{ textAlign: align }}>
                    {custom}
                  </th>
                );
              }
              return (
                <th key={column.id} scope="col" aria-sort={isSortable(column) ? sort : undefined} style={{ textAlign: align }}>
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
        <tbody>
          {placeholder ? (
            <tr>
              <td colSpan={colSpan} className="schema-table__placeholder">
                {placeholder}
              </td>
            </tr>
          ) : (
            visibleRows.map((row, index) => (
              <tr key={rowKey ? rowKey(row, index) : index}>
                {columns.map((column) => (
                  <td key={column.id} style={{ textAlign: columnAlign(column) }}>
                    {renderCell?.(column, row) ?? formatCell(column, row[column.id], locale)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {hasTotals && (
          <tfoot>
            <tr className="schema-table__totals">
              {columns.map((column, index) => {
                const value = totals[column.id];
                const text = value != null ? formatCell(column, value, locale) : index === 0 ? labels.total : '';
                const style = { textAlign: columnAlign(column) };
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
        )}
      </HTMLTable>
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
export const SchemaTableView = observer(SchemaTableViewInner) as <R extends TableRow>(
  props: SchemaTableViewProps<R>,
) => ReactNode;
