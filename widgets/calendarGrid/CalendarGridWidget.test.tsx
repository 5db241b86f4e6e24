import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fillPlaceholders, type Translator } from '../../engine/i18n/Translator';
import { TranslatorContext } from '../../engine/i18n/TranslatorContext';
import { templates, widgets } from '../index';

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    calendar: {
      type: 'array',
      title: 'Calendar',
      minItems: 7,
      maxItems: 7,
      items: { type: 'array', uniqueItems: true, maxItems: 24, items: { type: 'integer', minimum: 0, maximum: 23 } },
    },
  },
};

const ALL = Array.from({ length: 24 }, (_, h) => h);
const WORK = [9, 10, 11, 12, 13, 14, 15, 16, 17];
/** Every hour of every day but the given [day, hour] cells. */
const allBut = (...off: [number, number][]) => Array.from({ length: 7 }, (_, d) => ALL.filter((h) => !off.some(([od, oh]) => od === d && oh === h)));

async function renderCalendar({ formData, uiSchema, extraErrors }: { formData?: unknown; uiSchema?: UiSchema; extraErrors?: object } = {}) {
  const onChange = vi.fn();
  render(
    <Form
      schema={schema}
      uiSchema={{ calendar: { 'ui:widget': 'calendarGrid', ...uiSchema } }}
      formData={formData === undefined ? undefined : { calendar: formData }}
      validator={validator}
      widgets={widgets}
      templates={templates}
      extraErrors={extraErrors}
      onChange={(e) => onChange(e.formData?.calendar)}
    />,
  );
  // The widget's code loads on first use (lazyWidget).
  const grid = await screen.findByRole('grid', { name: 'Calendar' });
  const cell = (day: number, hour: number) => grid.querySelector<HTMLElement>(`td[data-row="${day}"][data-col="${hour}"]`)!;
  const onCells = () => grid.querySelectorAll('td[aria-selected="true"]').length;
  // RJSF reports its own first fill (minItems: seven nulls for no value); only the widget's changes count here.
  onChange.mockClear();
  const last = () => onChange.mock.calls.at(-1)?.[0];
  return { grid, cell, onCells, onChange, last };
}

describe('CalendarGridWidget', () => {
  it('shows no value as every hour of every day, with weekday and hour headers', async () => {
    const { grid, onCells, cell } = await renderCalendar();
    expect(grid.querySelectorAll('td[role="gridcell"]')).toHaveLength(168);
    expect(onCells()).toBe(168);
    expect(screen.getByText('168 of 168 hours selected')).toBeTruthy();
    // The headers are named by what they show and described by what they do.
    expect(screen.getByRole('button', { name: 'Mon', description: 'Turn off every hour on Monday' }).textContent).toBe('Mon');
    expect(screen.getByRole('button', { name: '23', description: 'Turn off 23:00–24:00 on every day' }).textContent).toBe('23');
    expect(cell(0, 9).getAttribute('aria-label')).toBe('Monday 09:00–10:00, on');
    // One tab stop for the whole grid.
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
  });

  it('stores no value for RJSF’s `[null × 7]` fill, so an untouched form submits “every hour”', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onError = vi.fn();
    render(
      <Form
        schema={schema}
        uiSchema={{ calendar: { 'ui:widget': 'calendarGrid' } }}
        validator={validator}
        widgets={widgets}
        templates={templates}
        noHtml5Validate
        onSubmit={(e) => onSubmit(e.formData)}
        onError={onError}
      />,
    );
    await screen.findByRole('grid');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onError).not.toHaveBeenCalled();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0].calendar).toBeUndefined();
  });

  it('shows a stored value and emits undefined once every hour is on again', async () => {
    const user = userEvent.setup();
    const { cell, onCells, last } = await renderCalendar({ formData: allBut([2, 5]) });
    expect(onCells()).toBe(167);
    expect(cell(2, 5).getAttribute('aria-label')).toBe('Wednesday 05:00–06:00, off');
    await user.click(cell(2, 5));
    expect(last()).toBeUndefined();
    expect(onCells()).toBe(168);
  });

  it('toggles one cell on a click', async () => {
    const user = userEvent.setup();
    const { cell, onChange, last } = await renderCalendar();
    await user.click(cell(0, 9));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(last()).toEqual(allBut([0, 9]));
    expect(screen.getByText('167 of 168 hours selected')).toBeTruthy();
  });

  it('paints the rectangle from the first cell to the pointer, committed once on pointer up anywhere', async () => {
    const { cell, onCells, onChange, last } = await renderCalendar();
    fireEvent.pointerDown(cell(1, 2), { button: 0, pointerId: 1 });
    fireEvent.pointerEnter(cell(2, 4), { pointerId: 1 });
    fireEvent.pointerMove(cell(3, 5), { pointerId: 1 });
    // The draft shows at once, before RJSF hears of it.
    expect(onCells()).toBe(168 - 3 * 4);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.pointerUp(window, { pointerId: 1 });
    expect(onChange).toHaveBeenCalledTimes(1);
    const rect: [number, number][] = [1, 2, 3].flatMap((d) => [2, 3, 4, 5].map((h): [number, number] => [d, h]));
    expect(last()).toEqual(allBut(...rect));
    // Moving after the drag ended paints nothing.
    fireEvent.pointerOver(cell(6, 6), { pointerId: 1 });
    expect(onCells()).toBe(168 - 12);
  });

  it('paints with a real mouse drag, and a release the grid never heard ends the drag at the next move', async () => {
    const user = userEvent.setup();
    const { cell, onCells, last } = await renderCalendar();
    await user.pointer([{ keys: '[MouseLeft>]', target: cell(0, 0) }, { target: cell(1, 1) }, { keys: '[/MouseLeft]' }]);
    expect(last()).toEqual(allBut([0, 0], [0, 1], [1, 0], [1, 1]));
    fireEvent.pointerDown(cell(5, 5), { button: 0, pointerId: 1, pointerType: 'mouse', buttons: 1 });
    fireEvent.pointerOver(cell(5, 6), { pointerId: 1, pointerType: 'mouse', buttons: 1 });
    fireEvent.pointerMove(cell(6, 7), { pointerId: 1, pointerType: 'mouse', buttons: 0 });
    expect(last()).toEqual(allBut([0, 0], [0, 1], [1, 0], [1, 1], [5, 5], [5, 6]));
    expect(onCells()).toBe(168 - 6);
  });

  it('paints on from an off cell, and a shrinking rectangle gives cells back', async () => {
    const { cell, last } = await renderCalendar({ formData: [[], [], [], [], [], [], []] });
    fireEvent.pointerDown(cell(0, 0), { button: 0, pointerId: 1 });
    fireEvent.pointerOver(cell(6, 23), { pointerId: 1 });
    fireEvent.pointerOver(cell(0, 1), { pointerId: 1 });
    fireEvent.pointerUp(document.body, { pointerId: 1 });
    expect(last()).toEqual([[0, 1], [], [], [], [], [], []]);
  });

  it('toggles a day from its header and an hour from its header', async () => {
    const user = userEvent.setup();
    const { last } = await renderCalendar();
    await user.click(screen.getByRole('button', { description: 'Turn off every hour on Tuesday' }));
    expect(last()?.[1]).toEqual([]);
    await user.click(screen.getByRole('button', { description: 'Turn on every hour on Tuesday' }));
    expect(last()).toBeUndefined();
    await user.click(screen.getByRole('button', { description: 'Turn off 09:00–10:00 on every day' }));
    expect(last()).toEqual(allBut(...[0, 1, 2, 3, 4, 5, 6].map((d): [number, number] => [d, 9])));
  });

  it('applies the presets', async () => {
    const user = userEvent.setup();
    const { onCells, last } = await renderCalendar();
    await user.click(screen.getByRole('button', { name: 'Working hours' }));
    expect(last()).toEqual([WORK, WORK, WORK, WORK, WORK, [], []]);
    expect(screen.getByText('45 of 168 hours selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(last()).toEqual([[], [], [], [], [], [], []]);
    expect(onCells()).toBe(0);
    expect(screen.getByText('No hours selected: the campaign will not run.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Every hour' }));
    expect(last()).toBeUndefined();
    expect(onCells()).toBe(168);
  });

  it('moves focus with the keyboard and toggles with Space and Enter; Shift+Arrow paints the focused cell’s state', async () => {
    const user = userEvent.setup();
    const { cell, last } = await renderCalendar();
    act(() => cell(0, 0).focus());
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement).toBe(cell(1, 1));
    expect(cell(1, 1).tabIndex).toBe(0);
    expect(cell(0, 0).tabIndex).toBe(-1);
    await user.keyboard(' ');
    expect(last()).toEqual(allBut([1, 1]));
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    expect(document.activeElement).toBe(cell(1, 3));
    expect(last()).toEqual(allBut([1, 1], [1, 2], [1, 3]));
    await user.keyboard('{Enter}');
    expect(last()).toEqual(allBut([1, 1], [1, 2]));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(cell(1, 23));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(cell(1, 0));
    // Left of the first hour is the day's header button, which Space presses like any button.
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('button', { description: 'Turn on every hour on Tuesday' }));
    await user.keyboard(' ');
    expect(last()).toBeUndefined();
  });

  it('changes nothing when disabled', async () => {
    const user = userEvent.setup();
    const { grid, cell, onCells, onChange } = await renderCalendar({ uiSchema: { 'ui:disabled': true } });
    await user.click(cell(0, 0));
    fireEvent.pointerDown(cell(1, 1), { button: 0, pointerId: 1 });
    fireEvent.pointerOver(cell(3, 3), { pointerId: 1 });
    fireEvent.pointerUp(window, { pointerId: 1 });
    fireEvent.keyDown(cell(0, 0), { key: ' ' });
    expect((screen.getByRole('button', { name: 'Working hours' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { description: 'Turn off every hour on Monday' }) as HTMLButtonElement).disabled).toBe(true);
    expect(onCells()).toBe(168);
    expect(onChange).not.toHaveBeenCalled();
    expect(grid.getAttribute('aria-disabled')).toBe('true');
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(0);
  });

  it('stays navigable but unchanged when read-only', async () => {
    const user = userEvent.setup();
    const { cell, onChange } = await renderCalendar({ uiSchema: { 'ui:readonly': true }, formData: [[1], [], [], [], [], [], []] });
    act(() => cell(0, 0).focus());
    await user.keyboard('{ArrowRight} ');
    expect(document.activeElement).toBe(cell(0, 1));
    expect(cell(0, 1).getAttribute('aria-selected')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows a server error under the field and marks the grid', async () => {
    const { grid } = await renderCalendar({ extraErrors: { calendar: { __errors: ['Select at least one hour'] } } });
    expect(screen.getByText('Select at least one hour')).toBeTruthy();
    expect(grid.closest('[class*="invalid"]')).toBeTruthy();
    expect(grid.getAttribute('aria-describedby')).toContain('root_calendar__error');
  });

  it('uses the app’s language for weekdays and texts', async () => {
    const RU: Record<string, string> = { 'calendar.cellOn': '{day} {hours}, включено', 'calendar.everyHour': 'Круглосуточно' };
    const ru: Translator = { locale: 'ru', message: (id, values) => (id in RU ? fillPlaceholders(RU[id], values) : undefined) };
    render(
      <TranslatorContext.Provider value={ru}>
        <Form schema={schema} uiSchema={{ calendar: { 'ui:widget': 'calendarGrid' } }} validator={validator} widgets={widgets} templates={templates} />
      </TranslatorContext.Provider>,
    );
    const grid = await screen.findByRole('grid');
    expect(grid.querySelector('td')?.getAttribute('aria-label')).toBe('понедельник 00:00–01:00, включено');
    expect(screen.getByRole('button', { name: 'Круглосуточно' })).toBeTruthy();
  });
});
