import { Button, Menu, MenuItem, NonIdealState, PopoverNext, Spinner } from '@blueprintjs/core';
import { Code } from '@blueprintjs/icons';
import { useCallback, useState } from 'react';
import { useTexts } from '../../engine/i18n/TranslatorContext';
import { useLoader } from '../../engine/state/useLoader';
import { TOKEN_TEXTS } from './tokenTexts';
import type { TokenChoice } from './types';

export interface TokenMenuProps {
  load: () => Promise<readonly TokenChoice[]>;
  onInsert: (token: string) => void;
  disabled?: boolean;
  /** The field the tokens go into, for the button's accessible name. */
  fieldLabel?: string;
}

/**
 * A small button inside a URL input that opens the list of tokens; choosing one inserts it at the caret.
 * The list loads when the menu first opens; a failed load offers a retry. Menu items are buttons, so Tab and
 * Enter work, and Escape closes the menu.
 */
export default function TokenMenu({ load, onInsert, disabled, fieldLabel }: TokenMenuProps) {
  const t = useTexts(TOKEN_TEXTS);
  // Nothing loads until the menu first opens; then the engine's loader keeps the list, its failure and the retry.
  const [opened, setOpened] = useState(false);
  const fetchTokens = useCallback(() => load(), [load]);
  const state = useLoader(opened ? fetchTokens : null);
  const name = fieldLabel ? `${t('tokens.insert')}: ${fieldLabel}` : t('tokens.insert');

  let content;
  const tokens = state.data;
  if (state.status === 'ready' && tokens) {
    content = tokens.length ? (
      <Menu aria-label={t('tokens.insert')} style={{ maxHeight: 320, overflowY: 'auto' }}>
        {tokens.map((choice) => (
          <MenuItem key={choice.token} text={<code>{choice.token}</code>} label={choice.label} onClick={() => onInsert(choice.token)} shouldDismissPopover />
        ))}
      </Menu>
    ) : (
      <NonIdealState description={t('tokens.empty')} />
    );
  } else if (state.status === 'error') {
    content = <NonIdealState description={t('tokens.loadFailed')} action={<Button onClick={state.retry}>{t('tokens.retry')}</Button>} />;
  } else {
    content = <Spinner size={20} aria-label={t('tokens.loading')} style={{ margin: 12 }} />;
  }

  return (
    <PopoverNext
      content={<div style={{ minWidth: 220 }}>{content}</div>}
      placement="bottom-end"
      disabled={disabled}
      onOpening={() => {
        if (!opened) setOpened(true);
        else if (state.status === 'error') state.retry();
      }}
    >
      <Button variant="minimal" size="small" icon={<Code />} aria-label={name} title={t('tokens.insert')} disabled={disabled} />
    </PopoverNext>
  );
}
