import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert, Button, Classes, ControlGroup, Dialog, DialogBody, InputGroup, NonIdealState } from '@blueprintjs/core';
import { Edit, FolderClose, Plus, Tick, Trash } from '@blueprintjs/icons';
import { ValidationError } from '../../../engine/api/errors';
import type { CampaignGroupSummary } from '../../../generated/types';

interface GroupsDialogProps {
  isOpen: boolean;
  groups: CampaignGroupSummary[];
  onClose(): void;
  onCreate(name: string): Promise<void>;
  onRename(group: CampaignGroupSummary, name: string): Promise<void>;
  onDelete(group: CampaignGroupSummary): Promise<void>;
}

const messageOf = (e: unknown) => (e instanceof ValidationError ? (e.first('name') ?? e.message) : e instanceof Error ? e.message : String(e));

/** Create, rename and delete campaign groups (deleting keeps the campaigns, ungrouped, after a confirmation). */
export function GroupsDialog({ isOpen, groups, onClose, onCreate, onRename, onDelete }: GroupsDialogProps) {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<CampaignGroupSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>, after: () => void) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      after();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={intl.formatMessage({ id: 'groups.title' })} icon={<FolderClose />}>
      <DialogBody>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) void run(() => onCreate(name.trim()), () => setName(''));
          }}
        >
          <ControlGroup fill>
            <InputGroup value={name} onValueChange={setName} placeholder={intl.formatMessage({ id: 'groups.newName' })} aria-label={intl.formatMessage({ id: 'groups.newName' })} maxLength={120} />
            <Button type="submit" icon={<Plus />} intent="primary" disabled={!name.trim() || busy} text={intl.formatMessage({ id: 'groups.create' })} />
          </ControlGroup>
        </form>
        {error ? (
          <p role="alert" className={Classes.INTENT_DANGER} style={{ color: 'var(--bp-intent-danger-rest, #cd4246)' }}>
            {error}
          </p>
        ) : null}
        {groups.length === 0 ? (
          <NonIdealState icon={<FolderClose size={32} />} description={intl.formatMessage({ id: 'groups.empty' })} />
        ) : (
          <ul className={Classes.LIST_UNSTYLED} style={{ marginTop: 12 }}>
            {groups.map((g) => (
              <li key={g.id} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0' }}>
                {editing?.id === g.id ? (
                  <form
                    style={{ flex: 1 }}
                    onSubmit={(e) => {
                      e.preventDefault();
                      void run(() => onRename(g, editing.name.trim()), () => setEditing(null));
                    }}
                  >
                    <ControlGroup fill>
                      <InputGroup autoFocus value={editing.name} onValueChange={(v) => setEditing({ id: g.id, name: v })} aria-label={intl.formatMessage({ id: 'groups.rename' })} maxLength={120} onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), setEditing(null))} />
                      <Button type="submit" icon={<Tick />} disabled={!editing.name.trim() || busy} aria-label={intl.formatMessage({ id: 'groups.save' })} />
                    </ControlGroup>
                  </form>
                ) : (
                  <>
                    <span style={{ flex: 1 }}>
                      {g.name} <small className={Classes.TEXT_MUTED}>{intl.formatMessage({ id: 'groups.count' }, { count: g.campaigns })}</small>
                    </span>
                    <Button variant="minimal" icon={<Edit />} aria-label={intl.formatMessage({ id: 'groups.renameNamed' }, { name: g.name })} onClick={() => setEditing({ id: g.id, name: g.name })} />
                    <Button variant="minimal" intent="danger" icon={<Trash />} aria-label={intl.formatMessage({ id: 'groups.deleteNamed' }, { name: g.name })} onClick={() => setDeleting(g)} />
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </DialogBody>
      <Alert
        isOpen={deleting !== null}
        intent="danger"
        icon={<Trash />}
        loading={busy}
        cancelButtonText={intl.formatMessage({ id: 'campaigns.cancel' })}
        confirmButtonText={intl.formatMessage({ id: 'groups.delete' })}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void run(() => onDelete(deleting), () => setDeleting(null))}
      >
        <p>{deleting ? intl.formatMessage({ id: 'groups.deleteConfirm' }, { name: deleting.name, count: deleting.campaigns }) : null}</p>
      </Alert>
    </Dialog>
  );
}
