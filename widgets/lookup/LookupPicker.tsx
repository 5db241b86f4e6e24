import { Button, ButtonGroup, Callout, Card, Classes, Intent, Spinner } from '@blueprintjs/core';
import { FastInputGroup } from '../theme/FastInputGroup';
import { Cross, Search, WarningSign } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Selection, type LookupOption, type LookupSession } from '../../engine/lookup';
import { useTexts } from '../../engine/i18n/TranslatorContext';
import { LOOKUP_TEXTS } from './lookupTexts';
import { SelectedTags } from './SelectedTags';
import { optionRowId, VirtualOptionList } from './VirtualOptionList';

export interface LookupPickerProps {
  id: string;
  session: LookupSession;
  /** An array of ids when `multiple`, else one id (or undefined). */
  value: unknown;
  multiple: boolean;
  onChange(value: unknown): void;
  /** Turns an option value into the stored type (number or string, per the schema). */
  coerce?: (value: string | number) => unknown;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  placeholder?: string;
  /** Selected tags shown before "+N more" (default 12). */
  maxTags?: number;
  rowHeight?: number;
  listHeight?: number;
  autoFocus?: boolean;
  /** Accessible name when no visible label points at the search box. */
  ariaLabel?: string;
  /** Replaces the generic "could not be loaded" text (e.g. the spec's "Error request mobile apps"). */
  loadFailedText?: string;
  onBlur?(): void;
  onFocus?(): void;
}

const identity = (v: string | number) => v;
const CONFIRM_CLEAR_ABOVE = 10;

/**
 * A searchable, virtualized picker over a lookup session: selected values as Tags, a search box
 * (combobox) and a listbox that stays smooth with thousands of options and hundreds selected.
 */
export const LookupPicker = observer(function LookupPicker(props: LookupPickerProps) {
  const { id, session, value, multiple, onChange, coerce = identity, disabled, required, invalid, placeholder, maxTags = 12, rowHeight = 30, listHeight = 240, autoFocus, ariaLabel } =
    props;
  const t = useTexts(LOOKUP_TEXTS);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [confirmClear, setConfirmClear] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const values = useMemo<unknown[]>(() => {
    if (multiple) return Array.isArray(value) ? value : [];
    return value === undefined || value === null || value === '' ? [] : [value];
  }, [value, multiple]);
  const selection = useMemo(() => new Selection(values), [values]);
  const options = session.options;
  const status = session.status;
  const listId = `${id}__listbox`;

  useEffect(() => session.ensureLabels(values), [session, values]);
  // Keep the active row inside the list when filtering shrinks it.
  const activeIndex = active >= options.length ? options.length - 1 : active;

  const show = () => {
    if (disabled) return;
    if (!open) {
      setOpen(true);
      session.open();
    }
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
    setConfirmClear(false);
  };

  const choose = (option: LookupOption) => {
    const stored = coerce(option.value);
    if (multiple) {
      onChange(selection.toggle(stored as string | number));
    } else {
      onChange(selection.has(stored) && !required ? undefined : stored);
      session.setSearch('');
      close();
    }
  };
  const remove = (v: unknown) => {
    if (multiple) onChange(values.filter((x) => x !== v));
    else onChange(undefined);
  };
  const selectAllMatching = () => onChange(selection.addAll(options.map((o) => coerce(o.value) as string | number)));
  const clearAll = () => {
    if (values.length > CONFIRM_CLEAR_ABOVE && !confirmClear) {
      setConfirmClear(true);
      return;
    }
    setConfirmClear(false);
    onChange(multiple ? [] : undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const isInput = event.target === inputRef.current;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
      case 'PageDown':
      case 'PageUp': {
        event.preventDefault();
        if (!open) {
          show();
          setActive(0);
          return;
        }
        const step = event.key === 'PageDown' ? 8 : event.key === 'PageUp' ? -8 : event.key === 'ArrowDown' ? 1 : -1;
        const next = Math.max(0, Math.min(options.length - 1, (activeIndex < 0 ? -1 : activeIndex) + step));
        setActive(next);
        return;
      }
      case 'Home':
      case 'End':
        if (isInput || !open) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : options.length - 1);
        return;
      case 'Enter':
        // Never submit the form from the search box.
        event.preventDefault();
        if (open && activeIndex >= 0 && options[activeIndex]) choose(options[activeIndex]);
        else show();
        return;
      case ' ':
        // In the search box a space is text; on the list it toggles the active row.
        if (isInput) return;
        event.preventDefault();
        if (activeIndex >= 0 && options[activeIndex]) choose(options[activeIndex]);
        return;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (session.search) {
          event.preventDefault();
          session.setSearch('');
        }
        return;
      case 'Backspace':
        if (isInput && multiple && session.search === '' && values.length > 0) remove(values[values.length - 1]);
        return;
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (rootRef.current && event.relatedTarget instanceof Node && rootRef.current.contains(event.relatedTarget)) return;
    close();
    props.onBlur?.();
  };

  const loading = status === 'loading';
  return (
    <div ref={rootRef} className="ap-lookup" onBlur={onBlur} style={{ position: 'relative' }}>
      <SelectedTags values={values} index={session.index} limit={maxTags} disabled={disabled} onRemove={remove} />
      <FastInputGroup
        inputRef={inputRef}
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && activeIndex >= 0 ? optionRowId(listId, activeIndex) : undefined}
        aria-invalid={invalid || undefined}
        aria-label={ariaLabel}
        autoComplete="off"
        autoFocus={autoFocus}
        disabled={disabled}
        intent={invalid ? Intent.DANGER : Intent.NONE}
        leftIcon={<Search />}
        placeholder={placeholder ?? t(multiple ? 'lookup.searchToAdd' : 'lookup.search')}
        value={session.search}
        onChange={(e) => {
          session.setSearch(e.target.value);
          setActive(0);
          if (!open) show();
        }}
        // Tabbing through a form must not unfold every list: open on click, typing or ArrowDown.
        onFocus={() => props.onFocus?.()}
        onClick={show}
        onKeyDown={onKeyDown}
        rightElement={
          loading ? (
            <Spinner size={16} aria-label={t('lookup.loadingOptions')} style={{ margin: 7 }} />
          ) : session.search ? (
            <Button variant="minimal" icon={<Cross />} aria-label={t('lookup.clearSearch')} onClick={() => session.setSearch('')} />
          ) : undefined
        }
      />
      {open && (
        <Card
          elevation={1}
          className="ap-lookup-panel"
          // In the flow, not floating: sections and cards clip overflow, and a long list is easier to scan in place.
          style={{ marginTop: 4, padding: 4 }}
        >
          {multiple && (
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '2px 4px 6px' }}>
              <span className={Classes.TEXT_MUTED} style={{ flex: 1 }} aria-live="polite">
                {t('lookup.selected', { count: values.length })}
                {status === 'ready' ? ` · ${t(session.search ? 'lookup.matching' : 'lookup.available', { count: options.length })}` : ''}
              </span>
              <ButtonGroup>
                <Button size="small" variant="minimal" disabled={options.length === 0 || disabled} onMouseDown={(e) => e.preventDefault()} onClick={selectAllMatching}>
                  {session.search ? t('lookup.selectAllMatching', { count: options.length }) : t('lookup.selectAll')}
                </Button>
                <Button
                  size="small"
                  variant="minimal"
                  intent={confirmClear ? Intent.DANGER : Intent.NONE}
                  disabled={values.length === 0 || disabled}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={clearAll}
                >
                  {confirmClear ? t('lookup.confirmClear', { count: values.length }) : t('lookup.clear')}
                </Button>
              </ButtonGroup>
            </div>
          )}
          {status === 'error' ? (
            <Callout intent={Intent.WARNING} icon={<WarningSign />} compact role="status">
              {props.loadFailedText || t('lookup.loadFailed')}{' '}
              <Button size="small" intent={Intent.PRIMARY} onMouseDown={(e) => e.preventDefault()} onClick={() => session.retry()}>
                {t('lookup.retry')}
              </Button>
            </Callout>
          ) : options.length === 0 ? (
            <div className={Classes.TEXT_MUTED} role="status" style={{ padding: 8 }}>
              {loading || status === 'idle'
                ? t('lookup.loading')
                : session.search
                  ? t('lookup.noMatches', { search: session.search })
                  : t('lookup.empty')}
            </div>
          ) : (
            <VirtualOptionList
              id={listId}
              options={options}
              selection={selection}
              activeIndex={activeIndex}
              multiple={multiple}
              rowHeight={rowHeight}
              height={listHeight}
              onToggle={choose}
              onActivate={setActive}
              onKeyDown={onKeyDown}
            />
          )}
        </Card>
      )}
    </div>
  );
});
