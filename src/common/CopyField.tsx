import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Classes, ControlGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { Duplicate, Tick } from '@blueprintjs/icons';
import styles from './CopyField.module.css';

/** How long the button says "Copied" after a copy. */
const COPIED_MS = 2000;

/** Copies `text` with the Clipboard API, else through a selected hidden text area (http pages, older browsers). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    try {
      return document.execCommand('copy');
    } finally {
      area.remove();
    }
  }
}

/**
 * A value to copy (a token, a URL, a snippet): read-only, selected whole on focus, with a Copy button that says
 * whether it worked, aloud too (a live region). A `multiline` value (a code snippet) shows whole in a text area, the
 * button under it, so its lines keep their breaks.
 */
export function CopyField({ value, label, monospace = true, multiline = false }: { value: string; label: string; monospace?: boolean; multiline?: boolean }) {
  const intl = useIntl();
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    const copied = await copyText(value);
    setState(copied ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPIED_MS);
  };
  const t = (key: string) => intl.formatMessage({ id: `copyField.${key}` });
  const button = <Button icon={state === 'copied' ? <Tick /> : <Duplicate />} text={t(state === 'copied' ? 'copied' : 'copy')} onClick={() => void copy()} aria-label={`${t('copy')}: ${label}`} />;
  return (
    <div>
      <label htmlFor={id} className={Classes.LABEL}>
        {label}
      </label>
      {multiline ? (
        <div className={styles.multiline}>
          <TextArea id={id} className={monospace ? styles.mono : undefined} value={value} readOnly fill rows={value.split('\n').length} spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
          {button}
        </div>
      ) : (
        <ControlGroup fill>
          <InputGroup id={id} className={monospace ? styles.mono : undefined} value={value} readOnly fill onFocus={(e) => e.currentTarget.select()} />
          {button}
        </ControlGroup>
      )}
      <span role="status" className={styles.visuallyHidden}>
        {state === 'copied' ? t('copied') : state === 'failed' ? t('failed') : ''}
      </span>
    </div>
  );
}
