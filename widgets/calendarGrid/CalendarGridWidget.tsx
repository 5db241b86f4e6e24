import { Button, ButtonGroup, Classes } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, type FocusEvent } from 'react';
import { useTexts, useTranslator } from '../../engine/i18n/TranslatorContext';
import { languageTag } from '../media/formatBytes';
import { CalendarGrid } from './CalendarGrid';
import css from './CalendarGrid.module.css';
import { CELLS, cellsFromValue, countOn, isWeek, presetCells, sameCells, valueFromCells, type Cells, type Preset } from './calendarModel';
import { CALENDAR_TEXTS } from './calendarTexts';

const PRESETS: { preset: Preset; text: 'calendar.everyHour' | 'calendar.workingHours' | 'calendar.clear' }[] = [
  { preset: 'all', text: 'calendar.everyHour' },
  { preset: 'workingHours', text: 'calendar.workingHours' },
  { preset: 'none', text: 'calendar.clear' },
];

/**
 * `ui:widget: calendarGrid`: a campaign's calendar limits as a 7-day × 24-hour (UTC) grid. The value is seven
 * sorted hour lists, Monday first, or undefined for "every hour"; anything malformed shows as every hour.
 */
export function CalendarGridWidget({ id, value, label, disabled, readonly, rawErrors, hideError, onChange, onBlur, onFocus }: WidgetProps) {
  const t = useTexts(CALENDAR_TEXTS);
  const tag = languageTag(useTranslator()?.locale);
  const cells = useMemo(() => cellsFromValue(value), [value]);
  const locked = Boolean(disabled || readonly);
  // One RJSF change per real change: a drag back to where it began, or a preset already in place, is none.
  const commit = useCallback(
    (next: Cells) => {
      if (!locked && !sameCells(next, cells)) onChange(valueFromCells(next));
    },
    [cells, locked, onChange],
  );
  // RJSF fills a field with no value up to minItems (`[null × 7]`), which the server rejects; the grid shows
  // that, like anything malformed, as every hour, so store what it shows: no value. Once, so RJSF cannot loop it.
  const normalized = useRef(false);
  useEffect(() => {
    if (normalized.current || locked || value === undefined || isWeek(value)) return;
    normalized.current = true;
    onChange(undefined);
  }, [value, locked, onChange]);

  const hours = countOn(cells);
  const invalid = !hideError && Boolean(rawErrors?.length);
  const summaryId = `${id}__summary`;

  // RJSF's focus and blur are the field's: report them when focus enters or leaves the widget, not per cell.
  const crossing = (e: FocusEvent) => !(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget));

  return (
    <div
      className={[css.root, locked && css.locked, disabled && css.disabled, invalid && css.invalid].filter(Boolean).join(' ')}
      onFocus={(e) => crossing(e) && onFocus(id, value)}
      onBlur={(e) => crossing(e) && onBlur(id, value)}
    >
      <div className={css.toolbar}>
        <ButtonGroup role="group" aria-label={t('calendar.presets')}>
          {PRESETS.map(({ preset, text }) => (
            <Button
              key={preset}
              size="small"
              variant="outlined"
              text={t(text)}
              title={preset === 'workingHours' ? t('calendar.workingHoursHint') : undefined}
              disabled={locked}
              onClick={() => commit(presetCells(preset))}
            />
          ))}
        </ButtonGroup>
        <span className={`${Classes.TEXT_MUTED} ${css.hint}`}>{t('calendar.timezone')}</span>
      </div>
      <CalendarGrid
        id={id}
        cells={cells}
        onCommit={commit}
        label={label}
        describedBy={`${ariaDescribedByIds(id)} ${summaryId}`}
        disabled={disabled}
        readonly={readonly}
        languageTag={tag}
      />
      <div id={summaryId} className={`${Classes.TEXT_MUTED} ${css.summary}`} aria-live="polite">
        {t('calendar.summary', { hours, total: CELLS })}
        {hours === 0 && <span className={css.warning}>{t('calendar.noHours')}</span>}
      </div>
    </div>
  );
}
