import { Alert, Button, Classes, Dialog, DialogBody, FormGroup, InputGroup, NonIdealState } from '@blueprintjs/core';
import { FloppyDisk, Trash } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { toast } from '../../app/toast';
import type { ReportPreset } from './reportStorage';
import type { StatisticsStore } from './StatisticsStore';
import styles from './StatisticsReport.module.css';

export interface PresetsDialogProps {
  store: StatisticsStore;
  isOpen: boolean;
  onClose: () => void;
  /** The grouping's name in the user's language. */
  groupingTitle: (id: string) => string;
  /** A date range as the user reads it. */
  formatRange: (start: string, end: string) => string;
}

/** Saved reports: save the current one under a name, open one, delete one after a confirmation. */
export const PresetsDialog = observer(function PresetsDialog({ store, isOpen, onClose, groupingTitle, formatRange }: PresetsDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `statistics.presets.${id}` }, values);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<ReportPreset | null>(null);
  const offered = new Set(store.groupings.map((g) => g.id));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    const replaced = store.savePreset(trimmed);
    toast(t(replaced ? 'replaced' : 'saved', { name: trimmed }), 'success');
    setName('');
  };
  const apply = (preset: ReportPreset) => {
    if (store.applyPreset(preset.name)) onClose();
    else toast(t('unavailable'), 'warning');
  };
  const summary = (preset: ReportPreset) =>
    `${groupingTitle(preset.grouping)} · ${preset.relativeDays !== undefined ? t('lastDays', { days: preset.relativeDays }) : formatRange(preset.filters.start, preset.filters.end)}`;

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('title')} icon={<FloppyDisk />}>
      <DialogBody>
        <form onSubmit={save} className={styles.presetForm}>
          <FormGroup label={t('name')} labelFor="statistics-preset-name" helperText={t('hint')} className={styles.presetName}>
            <InputGroup id="statistics-preset-name" value={name} maxLength={80} onValueChange={setName} />
          </FormGroup>
          <Button type="submit" intent="primary" text={t('save')} disabled={!name.trim()} />
        </form>
        {store.presets.length === 0 ? (
          <NonIdealState icon={<FloppyDisk size={32} />} description={t('empty')} />
        ) : (
          <ul className={styles.presetList} aria-label={t('title')}>
            {store.presets.map((preset) => (
              <li key={preset.name} className={styles.presetItem}>
                <span className={styles.presetText}>
                  <strong>{preset.name}</strong>
                  <span className={Classes.TEXT_MUTED}>{summary(preset)}</span>
                </span>
                <Button text={t('apply')} disabled={!offered.has(preset.grouping)} title={offered.has(preset.grouping) ? undefined : t('unavailable')} aria-label={t('applyNamed', { name: preset.name })} onClick={() => apply(preset)} />
                <Button variant="minimal" intent="danger" icon={<Trash />} aria-label={t('deleteNamed', { name: preset.name })} onClick={() => setDeleting(preset)} />
              </li>
            ))}
          </ul>
        )}
      </DialogBody>
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon={<Trash />}
        cancelButtonText={t('cancel')}
        confirmButtonText={t('delete')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          store.deletePreset(deleting.name);
          toast(t('deleted', { name: deleting.name }), 'success');
          setDeleting(null);
        }}
      >
        <p>{deleting ? t('deleteConfirm', { name: deleting.name }) : null}</p>
      </Alert>
    </Dialog>
  );
});
