import { observer } from 'mobx-react-lite';
import { ColumnChooser as Chooser } from '../../../widgets/table/ColumnChooser';
import type { StatisticsStore } from './StatisticsStore';

export interface ColumnChooserProps {
  store: StatisticsStore;
  title: (columnId: string, fallback: string) => string;
  texts: { columns: string; showAll: string; locked: string };
}

/** Hides and shows the columns of the current grouping (its first column always shows); remembered per user. */
export const ColumnChooser = observer(function ColumnChooser({ store, title, texts }: ColumnChooserProps) {
  return <Chooser choices={store.columnChoices} onToggle={(id) => store.toggleColumn(id)} onShowAll={store.showAllColumns} title={title} texts={texts} />;
});
