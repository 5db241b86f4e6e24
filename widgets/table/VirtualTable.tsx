import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentProps, type Key, type ReactNode, type RefObject } from 'react';
import { HTMLTable } from '@blueprintjs/core';
import { defaultRangeExtractor, observeElementRect, useVirtualizer, type Range } from '@tanstack/react-virtual';

/** A compact Blueprint row is about this tall; rows are measured once shown, so this only has to be close. */
export const ROW_HEIGHT_ESTIMATE = 27;
/** The scrolling box's height where layout gives none (tests, hidden parents). */
const FALLBACK_HEIGHT = 640;
/** Rows rendered beyond each edge of the view, so fast scrolling and keyboard paging show no gaps. */
const OVERSCAN = 12;

export interface VirtualTableProps<R> {
  rows: readonly R[];
  columnCount: number;
  /** The `<thead>`, its cells sticky at the top of the box. */
  head: ReactNode;
  /** The `<tfoot>` (totals), its cells sticky at the bottom; false for none. */
  foot: ReactNode;
  tableProps: ComponentProps<typeof HTMLTable>;
  rowKey: (row: R, index: number) => Key;
  /** The `<td>`s of one row. */
  cells: (row: R) => ReactNode;
  /** When this changes (a new sort or page) the box scrolls back to the first row. */
  resetKey: string;
  maxHeight?: number | string;
  /** Accessible name of the scrolling box. */
  label?: string;
}

/**
 * Starts the rendered range on an even row, so the striping (`nth-child`) of a row stays the same as rows
 * scroll in and out.
 */
function evenRange(range: Range): number[] {
  const indexes = defaultRangeExtractor(range);
  if (indexes.length && indexes[0] % 2 === 1) indexes.unshift(indexes[0] - 1);
  return indexes;
}

/**
 * The column widths of the first rows shown, kept from then on (a fixed table layout): otherwise the browser
 * sizes columns to whichever rows are rendered, and they jump while scrolling. Null until measured, and where
 * layout gives no widths (tests).
 */
function usePinnedWidths(table: RefObject<HTMLTableElement | null>, columnCount: number): number[] | null {
  const [widths, setWidths] = useState<number[] | null>(null);
  useLayoutEffect(() => {
    const cells = table.current?.querySelectorAll('thead th');
    if (!cells || cells.length !== columnCount) return;
    const measured = [...cells].map((cell) => cell.getBoundingClientRect().width);
    if (measured.every((w) => w > 0) && (!widths || widths.length !== columnCount)) setWidths(measured);
  }, [table, columnCount, widths]);
  return widths && widths.length === columnCount ? widths : null;
}

/** A spacer row standing for the rows above or below the rendered ones (hidden from screen readers). */
function Spacer({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <tr aria-hidden="true" className="schema-table__spacer">
      <td colSpan={columnCount} style={{ height, padding: 0, border: 0, boxShadow: 'none' }} />
    </tr>
  );
}

/**
 * An HTML table in a scrolling box that renders only the rows in view (plus a few), with spacer rows for the
 * rest: 50,000 rows keep a few dozen `<tr>` in the DOM. Header and totals stay visible; the box takes the
 * keyboard focus so arrow keys, Page Up/Down, Home and End scroll it; rows carry `aria-rowindex` so assistive
 * technology reads their place in the whole table.
 */
export function VirtualTable<R>({ rows, columnCount, head, foot, tableProps, rowKey, cells, resetKey, maxHeight, label }: VirtualTableProps<R>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const widths = usePinnedWidths(tableRef, columnCount);
  // A new key function makes the virtualizer lay out every row again: keep it while rows and rowKey stay.
  const getItemKey = useCallback((index: number) => rowKey(rows[index], index), [rows, rowKey]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT_ESTIMATE,
    getItemKey,
    overscan: OVERSCAN,
    rangeExtractor: evenRange,
    initialRect: { width: 1000, height: FALLBACK_HEIGHT },
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_HEIGHT })),
    // Without layout a row measures 0 px, which would bring every row into view: keep the estimate then.
    measureElement: (element) => element.getBoundingClientRect().height || ROW_HEIGHT_ESTIMATE,
  });

  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else virtualizer.scrollToOffset(0);
  }, [resetKey, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const before = items.length ? items[0].start : 0;
  const after = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  return (
    <div
      ref={scrollRef}
      className="schema-table__scroll"
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ maxHeight: maxHeight ?? `min(70vh, ${FALLBACK_HEIGHT}px)`, overflow: 'auto' }}
    >
      <HTMLTable
        {...tableProps}
        ref={tableRef}
        aria-rowcount={rows.length + 1 + (foot ? 1 : 0)}
        style={widths ? { tableLayout: 'fixed', width: widths.reduce((a, b) => a + b, 0) } : undefined}
      >
        {widths && (
          <colgroup>
            {widths.map((width, index) => (
              <col key={index} style={{ width }} />
            ))}
          </colgroup>
        )}
        {head}
        <tbody>
          <Spacer height={before} columnCount={columnCount} />
          {items.map((item) => (
            <tr key={item.key} data-index={item.index} ref={virtualizer.measureElement} aria-rowindex={item.index + 2}>
              {cells(rows[item.index])}
            </tr>
          ))}
          <Spacer height={after} columnCount={columnCount} />
        </tbody>
        {foot}
      </HTMLTable>
    </div>
  );
}
