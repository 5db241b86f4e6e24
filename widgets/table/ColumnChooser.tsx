import { Button, Checkbox, PopoverNext } from '@blueprintjs/core';
import { ColumnLayout } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import type { ColumnChoice } from '../../engine/table/columnVisibility';
import styles from './ColumnChooser.module.css';

export interface ColumnChooserProps {
  choices: readonly ColumnChoice[];
  onToggle: (id: string) => void;
  onShowAll: () => void;
  /** A column's title in the user's language. */
  title: (columnId: string, fallback: string) => string;
  texts: { columns: string; showAll: string; locked: string };
}

/** Puts the keyboard in the popover's first checkbox when it opens. */
function focusFirstCheckbox(node: HTMLElement) {
  node.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
}

/**
 * A button that opens the list of a table's columns with a checkbox each (the locked ones always show), and "show
 * all"; the button says how many of them show. The table's column visibility (engine/table/columnVisibility.ts)
 * or a store of its own holds the choice.
 */
export const ColumnChooser = observer(function ColumnChooser({ choices, onToggle, onShowAll, title, texts }: ColumnChooserProps) {
  const hidden = choices.filter((c) => !c.visible).length;
  return (
    <PopoverNext
      placement="bottom-end"
      onOpened={focusFirstCheckbox}
      shouldReturnFocusOnClose
      content={
        <div className={styles.popover} role="group" aria-label={texts.columns}>
          <div className={styles.options}>
            {choices.map((choice) => (
              <Checkbox
                key={choice.id}
                className={styles.option}
                checked={choice.visible}
                disabled={choice.locked}
                label={title(choice.id, choice.title)}
                title={choice.locked ? texts.locked : undefined}
                onChange={() => onToggle(choice.id)}
              />
            ))}
          </div>
          <div className={styles.footer}>
            <Button variant="minimal" size="small" text={texts.showAll} disabled={!hidden} onClick={onShowAll} />
          </div>
        </div>
      }
    >
      <Button icon={<ColumnLayout />} endIcon={hidden ? <span className={styles.badge}>{choices.length - hidden}/{choices.length}</span> : undefined} text={texts.columns} />
    </PopoverNext>
  );
});
