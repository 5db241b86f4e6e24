import { describe, expect, it } from 'vitest';
import {
  CELLS,
  cellIndex,
  cellsFromValue,
  countOn,
  hourRange,
  moveFocus,
  paintRect,
  presetCells,
  setCell,
  toggleCell,
  toggleDay,
  toggleHour,
  valueFromCells,
  weekdayNames,
} from './calendarModel';

const allOn = () => cellsFromValue(undefined);
const week = (...days: unknown[][]) => [...days, ...Array.from({ length: 7 - days.length }, () => [])];

describe('calendar value', () => {
  it('reads no value, and anything malformed, as every hour', () => {
    for (const value of [undefined, null, 'x', 7, [], [[1]], Array(7).fill(null), [...week(), [1]]]) {
      expect(countOn(cellsFromValue(value)), JSON.stringify(value)).toBe(CELLS);
    }
  });

  it('reads seven hour lists, ignoring stray entries inside a day', () => {
    const cells = cellsFromValue(week([9, 10], [], [], [], [], [], [23, 'x', 24, -1, 1.5, 23]));
    expect(countOn(cells)).toBe(3);
    expect(cells[cellIndex(0, 9)] && cells[cellIndex(0, 10)] && cells[cellIndex(6, 23)]).toBe(true);
  });

  it('stores sorted lists, and undefined when every hour is on', () => {
    expect(valueFromCells(allOn())).toBeUndefined();
    const cells = setCell(setCell(presetCells('none'), cellIndex(2, 17), true), cellIndex(2, 3), true);
    expect(valueFromCells(cells)).toEqual(week([], [], [3, 17]));
    expect(valueFromCells(presetCells('none'))).toEqual(week());
    // A stored value comes back unchanged, and sorted when it was not.
    expect(valueFromCells(cellsFromValue(week([5, 1, 5])))).toEqual(week([1, 5]));
  });
});

describe('calendar edits', () => {
  it('toggles one cell', () => {
    const cells = toggleCell(allOn(), cellIndex(1, 4));
    expect(valueFromCells(cells)?.[1]).not.toContain(4);
    expect(countOn(cells)).toBe(CELLS - 1);
    expect(countOn(toggleCell(cells, cellIndex(1, 4)))).toBe(CELLS);
  });

  it('paints the rectangle between two cells over the starting cells, in either direction', () => {
    const base = presetCells('none');
    const forward = paintRect(base, cellIndex(1, 2), cellIndex(3, 5), true);
    expect(countOn(forward)).toBe(3 * 4);
    expect(paintRect(base, cellIndex(3, 5), cellIndex(1, 2), true)).toEqual(forward);
    expect(paintRect(base, cellIndex(3, 2), cellIndex(1, 5), true)).toEqual(forward);
    expect(valueFromCells(forward)).toEqual(week([], [2, 3, 4, 5], [2, 3, 4, 5], [2, 3, 4, 5]));
    // Shrinking back to the start gives back what was there.
    expect(countOn(paintRect(base, cellIndex(1, 2), cellIndex(1, 2), true))).toBe(1);
    expect(countOn(paintRect(allOn(), cellIndex(0, 0), cellIndex(6, 23), false))).toBe(0);
  });

  it('toggles a whole day or hour: off when all on, else all on', () => {
    const noMonday = toggleDay(allOn(), 0);
    expect(valueFromCells(noMonday)?.[0]).toEqual([]);
    expect(countOn(noMonday)).toBe(CELLS - 24);
    const partly = toggleCell(presetCells('none'), cellIndex(0, 3));
    expect(valueFromCells(toggleDay(partly, 0))?.[0]).toHaveLength(24);
    const noNine = toggleHour(allOn(), 9);
    expect(valueFromCells(noNine)?.every((day) => !day.includes(9) && day.length === 23)).toBe(true);
    expect(countOn(toggleHour(noNine, 9))).toBe(CELLS);
  });

  it('has presets: every hour, none, Monday–Friday 09:00–18:00', () => {
    expect(valueFromCells(presetCells('all'))).toBeUndefined();
    expect(countOn(presetCells('none'))).toBe(0);
    const work = [9, 10, 11, 12, 13, 14, 15, 16, 17];
    expect(valueFromCells(presetCells('workingHours'))).toEqual([work, work, work, work, work, [], []]);
  });
});

describe('calendar labels and navigation', () => {
  it('names hours and weekdays, Monday first, in the reader’s language', () => {
    expect(hourRange(9)).toBe('09:00–10:00');
    expect(hourRange(23)).toBe('23:00–24:00');
    expect(weekdayNames('en', 'long')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(weekdayNames('de', 'short')[0]).toMatch(/^Mo/);
  });

  it('moves with arrows inside the edges, reaching headers only when they are enabled', () => {
    expect(moveFocus({ row: 0, col: 0 }, 'ArrowRight', false, true)).toEqual({ row: 0, col: 1 });
    expect(moveFocus({ row: 0, col: 23 }, 'ArrowRight', false, true)).toEqual({ row: 0, col: 23 });
    expect(moveFocus({ row: 6, col: 4 }, 'ArrowDown', false, true)).toEqual({ row: 6, col: 4 });
    expect(moveFocus({ row: 0, col: 0 }, 'ArrowLeft', false, true)).toEqual({ row: 0, col: -1 });
    expect(moveFocus({ row: 0, col: 0 }, 'ArrowUp', false, true)).toEqual({ row: -1, col: 0 });
    expect(moveFocus({ row: 0, col: 0 }, 'ArrowUp', false, false)).toEqual({ row: 0, col: 0 });
    // The empty corner is skipped.
    expect(moveFocus({ row: -1, col: 0 }, 'ArrowLeft', false, true)).toEqual({ row: -1, col: 0 });
    expect(moveFocus({ row: 0, col: -1 }, 'ArrowUp', false, true)).toEqual({ row: 0, col: -1 });
  });

  it('goes to the row’s ends with Home/End and the grid’s with Ctrl', () => {
    expect(moveFocus({ row: 3, col: 7 }, 'Home', false, true)).toEqual({ row: 3, col: 0 });
    expect(moveFocus({ row: 3, col: 7 }, 'End', false, true)).toEqual({ row: 3, col: 23 });
    expect(moveFocus({ row: 3, col: 7 }, 'Home', true, true)).toEqual({ row: 0, col: 0 });
    expect(moveFocus({ row: 3, col: 7 }, 'End', true, true)).toEqual({ row: 6, col: 23 });
    expect(moveFocus({ row: 3, col: 7 }, 'a', false, true)).toBeUndefined();
  });
});
