import { Button, Checkbox, Classes, InputGroup, PopoverNext, Spinner } from '@blueprintjs/core';
import type { LoadStatus } from '../../../engine/state/Loader';
import { CaretDown, Search } from '@blueprintjs/icons';
import { useId, useMemo, useState } from 'react';
import { focusFirstInput } from './focusFirstInput';
import styles from './StatisticsReport.module.css';

/** One choice of a list filter. */
export interface FilterOption<V extends string | number> {
  value: V;
  label: string;
}

/** The texts of a list filter, in the user's language. */
export interface MultiSelectTexts {
  all: string;
  selected: (count: number) => string;
  search: string;
  clear: string;
  none: string;
  loadFailed: string;
  retry: string;
}

export interface MultiSelectFilterProps<V extends string | number> {
  label: string;
  options: readonly FilterOption<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  texts: MultiSelectTexts;
  status?: Exclude<LoadStatus, 'idle'>;
  onRetry?: () => void;
  /** A field error shown under the button. */
  error?: string;
}

/** From this many options on, a search box narrows the list. */
const SEARCH_FROM = 8;

/**
 * A list filter: a button saying what is chosen ("All", the one name, or "3 selected") opening a searchable list
 * of checkboxes. Keyboard: Enter/Space opens, Tab moves through the list, Space ticks, Escape closes.
 */
export function MultiSelectFilter<V extends string | number>({ label, options, value, onChange, texts, status = 'ready', onRetry, error }: MultiSelectFilterProps<V>) {
  const [query, setQuery] = useState('');
  const id = useId();
  const chosen = useMemo(() => new Set<V>(value), [value]);
  const labelOf = (v: V) => options.find((o) => o.value === v)?.label ?? `#${v}`;
  const summary = value.length === 0 ? texts.all : value.length === 1 ? labelOf(value[0]) : texts.selected(value.length);
  const needle = query.trim().toLowerCase();
  const shown = needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  const toggle = (v: V, on: boolean) => onChange(on ? [...value, v] : value.filter((x) => x !== v));

  let body;
  if (status === 'loading') body = <Spinner size={20} aria-label={label} />;
  else if (status === 'error')
    body = (
      <div className={styles.listMessage}>
        {texts.loadFailed} {onRetry && <Button size="small" text={texts.retry} onClick={onRetry} />}
      </div>
    );
  else if (shown.length === 0) body = <div className={styles.listMessage}>{texts.none}</div>;
  else
    body = (
      <div className={styles.optionList} role="group" aria-label={label}>
        {shown.map((option) => (
          <Checkbox key={option.value} checked={chosen.has(option.value)} label={option.label} onChange={(e) => toggle(option.value, e.currentTarget.checked)} className={styles.option} />
        ))}
      </div>
    );

  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel} id={`${id}-label`}>
        {label}
      </span>
      <PopoverNext
        placement="bottom-start"
        onClosed={() => setQuery('')}
        onOpened={focusFirstInput}
        shouldReturnFocusOnClose
        content={
          <div className={styles.listPopover}>
            {options.length >= SEARCH_FROM && (
              <InputGroup type="search" leftIcon={<Search />} placeholder={texts.search} aria-label={`${label}: ${texts.search}`} value={query} onValueChange={setQuery} className={styles.listSearch} />
            )}
            {body}
            {value.length > 0 && (
              <div className={styles.listFooter}>
                <Button variant="minimal" size="small" text={texts.clear} onClick={() => onChange([])} />
              </div>
            )}
          </div>
        }
      >
        <Button
          className={styles.listButton}
          endIcon={<CaretDown />}
          aria-labelledby={`${id}-label ${id}-value`}
          intent={error ? 'danger' : 'none'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <span id={`${id}-value`} className={Classes.TEXT_OVERFLOW_ELLIPSIS}>
            {summary}
          </span>
        </Button>
      </PopoverNext>
      {error && (
        <span id={`${id}-error`} className={styles.fieldError}>
          {error}
        </span>
      )}
    </div>
  );
}
