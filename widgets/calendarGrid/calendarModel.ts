/**
 * The calendar limits as pure data: 7 days (Monday first) × 24 hours (UTC). The grid works on a flat array of
 * 168 booleans (index = day * 24 + hour) because painting, counting and memoized cells are simplest that way;
 * the stored value is 7 sorted hour lists, or undefined for "every hour".
 */

/** Days in the grid, Monday (0) to Sunday (6). */
export const DAYS = 7;
/** Hours in a day, 0 to 23 (UTC). */
export const HOURS = 24;
/** Cells in the grid. */
export const CELLS = DAYS * HOURS;

/** One on/off flag per cell, index `day * HOURS + hour`. */
export type Cells = readonly boolean[];

/** The stored value: seven sorted hour lists, Monday first; undefined means every hour of every day. */
export type CalendarValue = number[][] | undefined;

/** The preset schedules the widget offers as buttons. */
export type Preset = 'all' | 'none' | 'workingHours';

/** The cell index of a day and an hour. */
export const cellIndex = (day: number, hour: number) => day * HOURS + hour;

const isHour = (h: unknown): h is number => Number.isInteger(h) && (h as number) >= 0 && (h as number) < HOURS;

/** Whether a value has the stored shape, 7 lists (their entries unchecked); anything else means every hour. */
export const isWeek = (value: unknown): value is unknown[][] => Array.isArray(value) && value.length === DAYS && value.every(Array.isArray);

/**
 * The cells a stored value switches on. Anything but 7 hour lists (no value, RJSF's `[null, …]` filler, a
 * string) means every hour, as the server reads "no limit"; stray entries inside a day are ignored.
 */
export function cellsFromValue(value: unknown): Cells {
  if (!isWeek(value)) return new Array<boolean>(CELLS).fill(true);
  const cells = new Array<boolean>(CELLS).fill(false);
  value.forEach((hours, day) => hours.filter(isHour).forEach((hour) => (cells[cellIndex(day, hour)] = true)));
  return cells;
}

/** The value to store for the cells: undefined when every cell is on (no limit is not stored), else 7 sorted lists. */
export function valueFromCells(cells: Cells): CalendarValue {
  if (cells.every(Boolean)) return undefined;
  return Array.from({ length: DAYS }, (_, day) => Array.from({ length: HOURS }, (_, hour) => hour).filter((hour) => cells[cellIndex(day, hour)]));
}

/** How many cells are on. */
export const countOn = (cells: Cells) => cells.reduce((n, on) => (on ? n + 1 : n), 0);

/** The cells with one cell flipped. */
export function toggleCell(cells: Cells, index: number): Cells {
  const next = [...cells];
  next[index] = !next[index];
  return next;
}

/** The cells with one cell set to `on`; the same array when nothing changes. */
export function setCell(cells: Cells, index: number, on: boolean): Cells {
  if (cells[index] === on) return cells;
  const next = [...cells];
  next[index] = on;
  return next;
}

/**
 * `base` with every cell of the rectangle spanned by cells `from` and `to` set to `on`: what a drag paints.
 * Painting from the drag's starting cells means shrinking the rectangle gives back what was there.
 */
export function paintRect(base: Cells, from: number, to: number, on: boolean): Cells {
  const [d1, d2] = [Math.floor(from / HOURS), Math.floor(to / HOURS)].sort((a, b) => a - b);
  const [h1, h2] = [from % HOURS, to % HOURS].sort((a, b) => a - b);
  const next = [...base];
  for (let day = d1; day <= d2; day++) for (let hour = h1; hour <= h2; hour++) next[cellIndex(day, hour)] = on;
  return next;
}

/** Sets the given cells all off when all are on, else all on (a header click). */
function toggleAll(cells: Cells, indexes: number[]): Cells {
  const on = !indexes.every((i) => cells[i]);
  const next = [...cells];
  for (const i of indexes) next[i] = on;
  return next;
}

/** The cells of one day (0 = Monday). */
export const dayCells = (day: number) => Array.from({ length: HOURS }, (_, hour) => cellIndex(day, hour));
/** The cells of one hour across the week. */
export const hourCells = (hour: number) => Array.from({ length: DAYS }, (_, day) => cellIndex(day, hour));

/** Whole day off when it is all on, else all on. */
export const toggleDay = (cells: Cells, day: number) => toggleAll(cells, dayCells(day));
/** Whole hour column off when it is all on, else on every day. */
export const toggleHour = (cells: Cells, hour: number) => toggleAll(cells, hourCells(hour));

/** The cells of a preset: every hour, none, or working hours (Monday–Friday, 09:00–18:00, i.e. hours 9 to 17). */
export function presetCells(preset: Preset): Cells {
  if (preset !== 'workingHours') return new Array<boolean>(CELLS).fill(preset === 'all');
  return Array.from({ length: CELLS }, (_, i) => Math.floor(i / HOURS) < 5 && i % HOURS >= 9 && i % HOURS < 18);
}

/** Whether two cell sets are equal. */
export const sameCells = (a: Cells, b: Cells) => a === b || a.every((on, i) => on === b[i]);

/** "09:00–10:00": the hour a cell covers. */
export const hourRange = (hour: number) => `${String(hour).padStart(2, '0')}:00–${String(hour + 1).padStart(2, '0')}:00`;

/** The weekday names Monday first in a BCP 47 language, e.g. `['Mon', …]` or `['пн', …]`. */
export function weekdayNames(languageTag: string, width: 'short' | 'long'): string[] {
  const format = new Intl.DateTimeFormat(languageTag, { weekday: width, timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return Array.from({ length: DAYS }, (_, day) => format.format(new Date(Date.UTC(2024, 0, 1 + day))));
}

/** A place in the grid's keyboard navigation: row -1 is the hour headers, column -1 the day headers. */
export interface GridPos {
  row: number;
  col: number;
}

/**
 * Where a navigation key moves focus from `pos` (undefined: not a navigation key). Arrows stop at the edges
 * (no wrap), Home/End go to the row's first/last hour, Ctrl+Home/End to the first/last cell. Headers are
 * reachable only when `headers` is true (they are disabled otherwise); the empty corner never is.
 */
export function moveFocus(pos: GridPos, key: string, ctrl: boolean, headers: boolean): GridPos | undefined {
  const { row, col } = pos;
  const first = headers ? -1 : 0;
  switch (key) {
    case 'ArrowRight':
      return { row, col: Math.min(col + 1, HOURS - 1) };
    case 'ArrowLeft':
      return { row, col: Math.max(col - 1, row < 0 ? 0 : first) };
    case 'ArrowDown':
      return { row: Math.min(row + 1, DAYS - 1), col };
    case 'ArrowUp':
      return { row: Math.max(row - 1, col < 0 ? 0 : first), col };
    case 'Home':
      return ctrl ? { row: 0, col: 0 } : { row, col: 0 };
    case 'End':
      return ctrl ? { row: DAYS - 1, col: HOURS - 1 } : { row, col: HOURS - 1 };
    default:
      return undefined;
  }
}
