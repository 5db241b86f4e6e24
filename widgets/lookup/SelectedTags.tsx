import { Classes, Tag } from '@blueprintjs/core';
import { SmallCross } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { optionKey, type OptionIndex } from '../../engine/lookup';
import { useTexts } from '../../engine/i18n/TranslatorContext';
import { LOOKUP_TEXTS } from './lookupTexts';
import styles from './SelectedTags.module.css';

export interface SelectedTagsProps {
  values: readonly unknown[];
  index: OptionIndex;
  /** Tags shown before the rest collapse into "+N more". */
  limit: number;
  disabled?: boolean;
  onRemove(value: unknown): void;
}

/** Selected values as removable Tags with labels from the index; past `limit` the rest collapse into "+N more". */
export const SelectedTags = observer(function SelectedTags({ values, index, limit, disabled, onRemove }: SelectedTagsProps) {
  const [expanded, setExpanded] = useState(false);
  const t = useTexts(LOOKUP_TEXTS);
  if (values.length === 0) return null;
  const shown = expanded ? values : values.slice(0, limit);
  const hidden = values.length - shown.length;
  return (
    <div className="ap-lookup-tags" style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginBottom: 6 }}>
      {shown.map((value) => {
        const label = index.label(value);
        return (
          <Tag
            key={optionKey(value)}
            className={styles.tag}
            multiline
            minimal
            // Blueprint's own remove button (onRemove) is labelled "Remove tag" in English whatever the language:
            // ours says what it removes, translated.
            endIcon={
              disabled ? undefined : (
                <button type="button" className={Classes.TAG_REMOVE} aria-label={t('lookup.remove', { label })} onClick={() => onRemove(value)}>
                  <SmallCross />
                </button>
              )
            }
            htmlTitle={label}
            data-value={optionKey(value)}
          >
            {label}
          </Tag>
        );
      })}
      {hidden > 0 && (
        <Tag interactive multiline intent="primary" minimal onClick={() => setExpanded(true)} role="button" aria-label={t('lookup.showMore', { count: hidden })}>
          {t('lookup.more', { count: hidden })}
        </Tag>
      )}
      {expanded && values.length > limit && (
        <Tag interactive multiline minimal onClick={() => setExpanded(false)} role="button">
          {t('lookup.showLess')}
        </Tag>
      )}
    </div>
  );
});
