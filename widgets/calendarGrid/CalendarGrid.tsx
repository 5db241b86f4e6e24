import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { useTexts } from '../../engine/i18n/TranslatorContext';
import {
  cellIndex,
  DAYS,
  dayCells,
  HOURS,
  hourCells,
  hourRange,
  moveFocus,
  paintRect,
  setCell,
  toggleCell,
  toggleDay,
  toggleHour,
  weekdayNames,
  type Cells,
  type GridPos,
} from './calendarModel';
import css from './CalendarGrid.module.css';
import { CALENDAR_TEXTS } from './calendarTexts';

/** A drag in progress: the rectangle from `start` to `current` is painted `on` over the cells it started from. */
interface Drag {
  start: number;
  current: number;
  base: Cells;
  on: boolean;
}

/** What the grid needs; the value contract lives in the widget around it. */
export interface CalendarGridProps {
  id: string;
  cells: Cells;
  /** Called with the new cells once per change (on pointer up for a drag). */
  onCommit: (next: Cells) => void;
  label?: string;
  describedBy?: string;
  disabled?: boolean;
  readonly?: boolean;
  /** A BCP 47 tag for the weekday names. */
  languageTag: string;
}

/** The cells a drag shows: its rectangle painted over the cells it started from. */
const painted = (drag: Drag) => paintRect(drag.base, drag.start, drag.current, drag.on);

const HOUR_LIST = Array.from({ length: HOURS }, (_, hour) => hour);
const DAY_LIST = Array.from({ length: DAYS }, (_, day) => day);

/** The focusable place (cell or header button) an event happened in, from its data attributes. */
function positionOf(target: EventTarget | null): GridPos | undefined {
  const el = target instanceof Element ? target.closest<HTMLElement>('[data-row]') : null;
  return el ? { row: Number(el.dataset.row), col: Number(el.dataset.col) } : undefined;
}

function cellOf(target: EventTarget | null): number | undefined {
  const pos = positionOf(target);
  return pos && pos.row >= 0 && pos.col >= 0 ? cellIndex(pos.row, pos.col) : undefined;
}

// Memoized on primitives so a drag re-renders only the cells whose state it changes.
const Cell = memo(function Cell({ day, hour, on, tabbable, label }: { day: number; hour: number; on: boolean; tabbable: boolean; label: string }) {
  return (
    <td
      role="gridcell"
      className={on ? `${css.cell} ${css.on}` : css.cell}
      data-row={day}
      data-col={hour}
      aria-selected={on}
      aria-label={label}
      tabIndex={tabbable ? 0 : -1}
    />
  );
});

/**
 * The 7 × 24 grid as an ARIA grid with roving tabindex: pointer painting (a rectangle from the first cell,
 * committed on pointer up anywhere), day and hour header buttons, and keyboard navigation and toggling.
 */
export function CalendarGrid({ id, cells, onCommit, label, describedBy, disabled = false, readonly = false, languageTag }: CalendarGridProps) {
  const t = useTexts(CALENDAR_TEXTS);
  const locked = disabled || readonly;
  const [drag, setDrag] = useState<Drag | null>(null);
  const [focused, setFocused] = useState<GridPos>({ row: 0, col: 0 });
  const tableRef = useRef<HTMLTableElement>(null);
  const shown = drag ? painted(drag) : cells;
  // Headers are disabled while locked, so the tab stop falls back to the first cell.
  const stop = locked && (focused.row < 0 || focused.col < 0) ? { row: 0, col: 0 } : focused;
  const isStop = (row: number, col: number) => !disabled && stop.row === row && stop.col === col;

  const shortDays = useMemo(() => weekdayNames(languageTag, 'short'), [languageTag]);
  const longDays = useMemo(() => weekdayNames(languageTag, 'long'), [languageTag]);
  // 336 formatted names, built once per language rather than on every pointer move.
  const cellLabels = useMemo(
    () =>
      DAY_LIST.flatMap((day) =>
        HOUR_LIST.map((hour) => {
          const values = { day: longDays[day], hours: hourRange(hour) };
          return { on: t('calendar.cellOn', values), off: t('calendar.cellOff', values) };
        }),
      ),
    [t, longDays],
  );

  // The drag lives in a ref too: a pointerup can arrive before React renders the last pointerover's state.
  const dragRef = useRef<Drag | null>(null);
  const commitRef = useRef(onCommit);
  useLayoutEffect(() => {
    commitRef.current = onCommit;
  });
  const updateDrag = (next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
  };
  const endDrag = useCallback((commit: boolean) => {
    const ended = dragRef.current;
    if (!ended) return;
    dragRef.current = null;
    setDrag(null);
    if (commit) commitRef.current(painted(ended));
  }, []);

  // The drag ends wherever the pointer is released, inside the grid or not.
  const dragging = drag !== null;
  useEffect(() => {
    if (!dragging) return;
    const finish = () => endDrag(true);
    const cancel = () => endDrag(false);
    window.addEventListener('pointerup', finish);
    window.addEventListener('pointercancel', cancel);
    return () => {
      window.removeEventListener('pointerup', finish);
      window.removeEventListener('pointercancel', cancel);
    };
  }, [dragging, endDrag]);

  const onPointerDown = (e: PointerEvent) => {
    const index = cellOf(e.target);
    if (locked || e.button !== 0 || index === undefined) return;
    // Touch captures the pointer to the first cell; released, the cells under the finger get pointerover.
    const target = e.target as Element;
    if (target.hasPointerCapture?.(e.pointerId)) target.releasePointerCapture(e.pointerId);
    updateDrag({ start: index, current: index, base: cells, on: !cells[index] });
  };

  const extendDrag = (e: PointerEvent) => {
    const current = dragRef.current;
    if (!current) return;
    // A mouse released where we could not hear it (outside the window) ends the drag at the next move.
    if (e.pointerType === 'mouse' && e.buttons === 0) return endDrag(true);
    const index = cellOf(e.target);
    if (index !== undefined && index !== current.current) updateDrag({ ...current, current: index });
  };

  // A click with no pointer behind it (detail 0) comes from assistive technology activating the cell.
  const onClick = (e: MouseEvent) => {
    const index = cellOf(e.target);
    if (!locked && e.detail === 0 && index !== undefined) onCommit(toggleCell(cells, index));
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const pos = positionOf(e.target);
    if (!pos) return;
    const from = pos.row >= 0 && pos.col >= 0 ? cellIndex(pos.row, pos.col) : undefined;
    if ((e.key === ' ' || e.key === 'Enter') && from !== undefined) {
      e.preventDefault();
      if (!locked) onCommit(toggleCell(cells, from));
      return;
    }
    const next = moveFocus(pos, e.key, e.ctrlKey || e.metaKey, !locked);
    if (!next) return;
    e.preventDefault();
    if (e.shiftKey && !locked && from !== undefined && next.row >= 0 && next.col >= 0) {
      onCommit(setCell(cells, cellIndex(next.row, next.col), cells[from]));
    }
    tableRef.current?.querySelector<HTMLElement>(`[data-row="${next.row}"][data-col="${next.col}"]`)?.focus();
  };

  const headerButton = (row: number, col: number, text: string, name: string, toggle: () => void) => (
    <button
      type="button"
      className={col < 0 ? `${css.headerButton} ${css.dayButton}` : css.headerButton}
      data-row={row}
      data-col={col}
      tabIndex={isStop(row, col) ? 0 : -1}
      disabled={locked}
      // The name is the visible text (WCAG 2.5.3: a speech user says what they see); what it does is the title,
      // which is also the button's accessible description.
      title={name}
      onClick={toggle}
    >
      {text}
    </button>
  );

  return (
    <div className={css.scroller}>
      <table
        ref={tableRef}
        id={id}
        role="grid"
        className={css.grid}
        aria-label={label}
        aria-describedby={describedBy}
        aria-multiselectable
        aria-readonly={readonly || undefined}
        aria-disabled={disabled || undefined}
        onPointerDown={onPointerDown}
        onPointerOver={extendDrag}
        onPointerMove={extendDrag}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          const pos = positionOf(e.target);
          if (pos) setFocused(pos);
        }}
      >
        <thead>
          <tr role="row">
            <th role="columnheader" className={css.corner} />
            {HOUR_LIST.map((hour) => {
              const allOn = hourCells(hour).every((i) => shown[i]);
              const name = t(allOn ? 'calendar.hourOff' : 'calendar.hourOn', { hours: hourRange(hour) });
              return (
                <th key={hour} role="columnheader" className={css.header}>
                  {headerButton(-1, hour, String(hour), name, () => onCommit(toggleHour(cells, hour)))}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {DAY_LIST.map((day) => {
            const allOn = dayCells(day).every((i) => shown[i]);
            const name = t(allOn ? 'calendar.dayOff' : 'calendar.dayOn', { day: longDays[day] });
            return (
              <tr key={day} role="row">
                <th role="rowheader" className={css.header}>
                  {headerButton(day, -1, shortDays[day], name, () => onCommit(toggleDay(cells, day)))}
                </th>
                {HOUR_LIST.map((hour) => {
                  const index = cellIndex(day, hour);
                  const on = shown[index];
                  const labels = cellLabels[index];
                  return <Cell key={hour} day={day} hour={hour} on={on} tabbable={isStop(day, hour)} label={on ? labels.on : labels.off} />;
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
