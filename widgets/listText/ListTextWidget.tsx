import { Classes } from '@blueprintjs/core';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { parseListCheck, type LookupFormContext } from '../../engine/lookup';
import { useTexts } from '../../engine/i18n/TranslatorContext';
import { countListItems, listTextToLines, normalizeListText } from './normalizeListText';
import { LIST_TEXT_TEXTS } from './listTextTexts';
import styles from './ListTextWidget.module.css';

/** How long typing pauses before a checked list goes to the server. */
const CHECK_DELAY_MS = 500;

type CheckState = { status: 'idle' | 'checking' | 'failed'; messages: string[] };

/**
 * The server's word on the entries, while they are typed (`ui:options.check`: `{ endpoint, field }`, listCheck.ts):
 * checked half a second after typing pauses, the last answer wins.
 */
function useListCheck(options: WidgetProps['options'], formContext: unknown, stored: string): CheckState {
  const source = useMemo(() => parseListCheck(options.check), [options.check]);
  const lookups = (formContext as Partial<LookupFormContext> | undefined)?.lookups;
  const [state, setState] = useState<CheckState>({ status: 'idle', messages: [] });
  useEffect(() => {
    if (!source || !lookups) return;
    const items = stored ? stored.split(',') : [];
    if (!items.length) {
      setState({ status: 'idle', messages: [] });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, status: 'checking' }));
      lookups.checkList(source, items, controller.signal).then(
        (messages) => !controller.signal.aborted && setState({ status: 'idle', messages }),
        () => !controller.signal.aborted && setState({ status: 'failed', messages: [] }),
      );
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [source, lookups, stored]);
  return state;
}

/**
 * `ui:widget: listText`: one item per line (domains, IP ranges, keywords); the value is the items
 * trimmed and joined with commas. The typed text is kept as typed until the value changes from outside. With
 * `ui:options.check` the server checks the entries as they are typed and its messages show under the field.
 */
export function ListTextWidget({ id, htmlName, value, placeholder, disabled, readonly, autofocus, options, rawErrors, hideError, onChange, onBlur, onFocus, registry }: WidgetProps) {
  const t = useTexts(LIST_TEXT_TEXTS);
  const [draft, setDraft] = useState(() => listTextToLines(value));
  // Follow value changes made elsewhere (reset, server data) without fighting the user's typing.
  const stored = typeof value === 'string' ? value : '';
  if (normalizeListText(draft) !== stored && normalizeListText(listTextToLines(stored)) === stored) {
    setDraft(listTextToLines(stored));
  }
  const count = countListItems(stored);
  const check = useListCheck(options, registry.formContext, stored);
  const flagged = (!hideError && !!rawErrors?.length) || check.messages.length > 0;
  return (
    <>
      {/* Blueprint's look on a plain textarea: its TextArea reads scrollHeight on every change and update, a forced
          layout of the whole form twice per keystroke, even when it is not resizing. */}
      <textarea
        id={id}
        name={htmlName || id}
        value={draft}
        placeholder={placeholder || t('listText.placeholder')}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        rows={typeof options.rows === 'number' ? options.rows : 5}
        className={`${Classes.INPUT} ${Classes.TEXT_AREA} ${Classes.FILL}${flagged ? ` ${Classes.INTENT_DANGER}` : ''}`}
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
        aria-invalid={flagged || undefined}
        aria-describedby={[ariaDescribedByIds(id), check.messages.length ? `${id}__check` : ''].filter(Boolean).join(' ')}
      />
      <div className={`${Classes.TEXT_MUTED} ${styles.count}`} aria-live="polite">
        {t('listText.count', { count })}
        {check.status === 'checking' ? ` · ${t('listText.checking')}` : null}
        {check.status === 'failed' ? ` · ${t('listText.checkFailed')}` : null}
      </div>
      {check.messages.length ? (
        <ul id={`${id}__check`} className={`${Classes.LIST_UNSTYLED} ${styles.problems}`} role="alert">
          {check.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
