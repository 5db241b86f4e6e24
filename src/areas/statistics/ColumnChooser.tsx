import { Button, Checkbox, PopoverNext } from '@blueprintjs/core';
import { ColumnLayout } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import type { StatisticsStore } from './StatisticsStore';
import { focusFirstInput } from './focusFirstInput';
import styles from './StatisticsReport.module.css';

export interface ColumnChooserProps {
  store: StatisticsStore;
  title: (columnId: string, fallback: string) => string;
  texts: { columns: string; showAll: string; locked: string };
}

/** Hides and shows the columns of the current grouping (its first column always shows); remembered per user. */
export const ColumnChooser = observer(function ColumnChooser({ store, title, texts }: ColumnChooserProps) {
  const choices = store.columnChoices;
  const hidden = choices.filter((c) => !c.visible).length;
  return (
    <PopoverNext
      placement="bottom-end"
      onOpened={focusFirstInput}
      shouldReturnFocusOnClose
      content={
        <div className={styles.listPopover} role="group" aria-label={texts.columns}>
          <div className={styles.optionList}>
            {choices.map((choice) => (
              <Checkbox
                key={choice.id}
                className={styles.option}
                checked={choice.visible}
                disabled={choice.locked}
                label={title(choice.id, choice.title)}
                title={choice.locked ? texts.locked : undefined}
                onChange={() => store.toggleColumn(choice.id)}
              />
            ))}
          </div>
          <div className={styles.listFooter}>
            <Button variant="minimal" size="small" text={texts.showAll} disabled={!hidden} onClick={store.showAllColumns} />
          </div>
        </div>
      }
    >
      <Button icon={<ColumnLayout />} endIcon={hidden ? <span className={styles.badge}>{choices.length - hidden}/{choices.length}</span> : undefined} text={texts.columns} />
    </PopoverNext>
  );
});
