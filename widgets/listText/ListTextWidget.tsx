import { Classes, Intent, TextArea } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { countListItems, listTextToLines, normalizeListText } from './normalizeListText';

/**
 * `ui:widget: listText`: one item per line (domains, IP ranges, keywords); the value is the items
 * trimmed and joined with commas. The typed text is kept as typed until the value changes from outside.
 */
export function ListTextWidget({ id, htmlName, value, placeholder, disabled, readonly, autofocus, options, rawErrors, hideError, onChange, onBlur, onFocus }: WidgetProps) {
  const [draft, setDraft] = useState(() => listTextToLines(value));
  // Follow value changes made elsewhere (reset, server data) without fighting the user's typing.
  const stored = typeof value === 'string' ? value : '';
  if (normalizeListText(draft) !== stored && normalizeListText(listTextToLines(stored)) === stored) {
    setDraft(listTextToLines(stored));
  }
  const count = countListItems(stored);
  return (
    <>
      <TextArea
        id={id}
        name={htmlName || id}
        value={draft}
        placeholder={placeholder || 'One per line'}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        rows={typeof options.rows === 'number' ? options.rows : 5}
        fill
        intent={!hideError && rawErrors?.length ? Intent.DANGER : Intent.NONE}
        onChange={(e) => {
          setDraft(e.target.value);
          const next = normalizeListText(e.target.value);
          onChange(next === '' ? options.emptyValue : next);
        }}
        onBlur={() => {
          // Tidy the text once the user leaves: one trimmed item per line.
          setDraft(listTextToLines(normalizeListText(draft)));
          onBlur(id, stored);
        }}
        onFocus={() => onFocus(id, stored)}
        aria-describedby={ariaDescribedByIds(id)}
      />
      <div className={Classes.TEXT_MUTED} style={{ fontSize: 12, marginTop: 2 }} aria-live="polite">
        {count === 1 ? '1 item' : `${count} items`}
      </div>
    </>
  );
}
