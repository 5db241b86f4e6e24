import { useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button, ControlGroup, InputGroup, Intent } from '@blueprintjs/core';
import { Edit, Tick, Cross } from '@blueprintjs/icons';
import { ValidationError } from '../../engine/api/errors';

const DECIMAL = /^\d{1,12}([.,]\d{0,4})?$/;

/**
 * An amount in a table cell that can be edited in place: the value with a pencil; the pencil opens an input
 * (Enter saves, Escape cancels); the server's message shows under it and what was typed stays.
 */
export function InlineAmount({ value, shown, label, onSave, disabled }: { value: string | null; shown: string; label: string; onSave: (value: string | null) => Promise<void>; disabled?: boolean }) {
  const intl = useIntl();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (draft === null) {
    return (
      <span className="inline-amount">
        {shown}{' '}
        {disabled ? null : <Button size="small" variant="minimal" icon={<Edit />} aria-label={intl.formatMessage({ id: 'campaigns.editNamed' }, { name: label })} onClick={() => setDraft(value ?? '')} />}
      </span>
    );
  }
  const valid = draft.trim() === '' || DECIMAL.test(draft.trim());
  const save = async () => {
    if (!valid || saving) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(draft.trim() === '' ? null : draft.trim().replace(',', '.'));
      setDraft(null);
    } catch (e) {
      setError(e instanceof ValidationError ? (Object.values(e.errors)[0]?.[0] ?? e.message) : e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') void save();
    if (e.key === 'Escape') setDraft(null);
  };
  return (
    <div>
      <ControlGroup>
        <InputGroup
          size="small"
          autoFocus
          value={draft}
          inputMode="decimal"
          aria-label={label}
          intent={!valid || error ? Intent.DANGER : Intent.NONE}
          onValueChange={setDraft}
          onKeyDown={onKeyDown}
          style={{ width: 96 }}
        />
        <Button size="small" icon={<Tick />} intent="primary" loading={saving} disabled={!valid} aria-label={intl.formatMessage({ id: 'campaigns.saveInline' })} onClick={() => void save()} />
        <Button size="small" icon={<Cross />} aria-label={intl.formatMessage({ id: 'campaigns.cancel' })} onClick={() => setDraft(null)} />
      </ControlGroup>
      {error ? (
        <div role="alert" className="bp6-text-small bp6-intent-danger" style={{ color: 'var(--bp-intent-danger-rest, #cd4246)' }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
