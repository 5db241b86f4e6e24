import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import type { DayRange } from '../../engine/format';
import report from './reportPage.module.css';

interface DayRangeFormProps {
  /** The fields' ids: `<idPrefix>-start` and `<idPrefix>-end`. */
  idPrefix: string;
  /** The range being typed. */
  draft: DayRange;
  onDraft: (draft: DayRange) => void;
  /** Why the draft cannot be asked for (engine/format dayRangeProblem), or null: Show is disabled while there is one. */
  problem: string | null;
  /** Asks for the draft, once it has no problem. */
  onShow: (range: DayRange) => void;
  labels: { from: string; to: string; show: string };
  /** The range asked for is loading. */
  loading?: boolean;
}

/** From and To dates and Show, for a report's own range beside its presets (finances, referral commissions). */
export function DayRangeForm({ idPrefix, draft, onDraft, problem, onShow, labels, loading }: DayRangeFormProps) {
  return (
    <form
      className={report.rangeForm}
      onSubmit={(e) => {
        e.preventDefault();
        if (problem === null) onShow(draft);
      }}
    >
      <FormGroup label={labels.from} labelFor={`${idPrefix}-start`} inline className={report.dateField}>
        <InputGroup id={`${idPrefix}-start`} type="date" size="small" value={draft.start} max={draft.end} onValueChange={(start) => onDraft({ ...draft, start })} />
      </FormGroup>
      <FormGroup label={labels.to} labelFor={`${idPrefix}-end`} inline className={report.dateField}>
        <InputGroup id={`${idPrefix}-end`} type="date" size="small" value={draft.end} min={draft.start} onValueChange={(end) => onDraft({ ...draft, end })} />
      </FormGroup>
      <Button type="submit" size="small" text={labels.show} disabled={problem !== null} loading={loading} />
    </form>
  );
}
