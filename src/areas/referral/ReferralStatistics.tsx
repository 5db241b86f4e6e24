import { useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, Classes, FormGroup, HTMLSelect, NonIdealState, SegmentedControl } from '@blueprintjs/core';
import { Refresh, TimelineLineChart } from '@blueprintjs/icons';
import type { ApiClient } from '../../../engine/api';
import { ValidationError } from '../../../engine/api/errors';
import { dayOf, everyDay } from '../../../engine/format';
import { useLoader } from '../../../engine/state/useLoader';
import type { ReferralStatistics as Statistics } from '../../../generated/types';
import { MetricChart } from '../../../widgets/chart';
import { DayRangeForm } from '../../common/DayRangeForm';
import { useStores } from '../../app/context';
import { usePanelLocale } from '../../i18n';
import { GROUPINGS, presetRange, RANGE_PRESETS, rangeProblem, type DayRange, type Grouping, type RangePreset } from './referralRange';
import { StatisticsTable } from './StatisticsTable';
import styles from './Referral.module.css';

/** An answer with the range and grouping it was asked for: what is shown always names its own days. */
type Loaded = Statistics & { range: DayRange; groupBy: Grouping };

/** What the chart draws; one at a time, as the commission is a small share of the spend and would lie flat beside it. */
type Metric = 'earned' | 'spent';

/** `GET referral-program/statistics` for a range and a grouping, silent: a failure shows in place, with a retry. */
const statisticsOf = (api: ApiClient, range: DayRange, groupBy: Grouping) => async (signal: AbortSignal) => {
  const params = { startDate: range.start, endDate: range.end, groupBy };
  const { data } = await api.get<{ data: Statistics }>('referral-program/statistics', { signal, silent: true, params });
  return { ...data, range, groupBy } satisfies Loaded;
};

/** The server's reason for refusing the range (a 422 names the field), else nothing beyond the title. */
const reasonOf = (error: unknown) => (error instanceof ValidationError ? Object.values(error.errors)[0]?.[0] : undefined);

/**
 * The referrals' spend and the commissions it earned over a range (quick ranges or two dates, at most 366 days),
 * grouped by day, month or referral: a chart of every day of the range and a table of the grouping with the totals.
 * The chart is always by day (a line over two months or over referrals would say little), so a grouping other
 * than day asks the server twice; going back to days asks nothing new.
 */
export function ReferralStatistics() {
  const intl = useIntl();
  const locale = usePanelLocale();
  const { api, settings } = useStores();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `referral.statistics.${id}` }, values);
  // Today as the server counts days: the spend's hours are grouped by their UTC day, on the server's clock.
  const today = dayOf(settings.serverNow() ?? Date.now());
  const [preset, setPreset] = useState<RangePreset | null>('last30');
  const [range, setRange] = useState<DayRange>(() => presetRange('last30', today));
  const [draft, setDraft] = useState<DayRange>(range);
  const [groupBy, setGroupBy] = useState<Grouping>('day');
  const [metric, setMetric] = useState<Metric>('earned');

  const byDay = useLoader(useMemo(() => statisticsOf(api, range, 'day'), [api, range]));
  const byGrouping = useLoader(useMemo(() => (groupBy === 'day' ? null : statisticsOf(api, range, groupBy)), [api, range, groupBy]));
  const table = groupBy === 'day' ? byDay : byGrouping;
  // The loads the view stands on (a grouping left keeps its last state, which no longer counts).
  const active = table === byDay ? [byDay] : [byDay, byGrouping];

  const choosePreset = (next: RangePreset) => {
    const chosen = presetRange(next, today);
    setPreset(next);
    setRange(chosen);
    setDraft(chosen);
  };
  const problem = rangeProblem(draft);
  const rangeText = (r: DayRange) => intl.formatDateTimeRange(new Date(`${r.start}T00:00:00Z`), new Date(`${r.end}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });

  // Every day of the range on the chart, a day without commissions at zero (the answer leaves such days out).
  const days = byDay.data;
  const points = useMemo(() => {
    if (!days) return [];
    const byKey = new Map(days.rows.map((row) => [row.key, row]));
    return everyDay(days.range.start, days.range.end).map((date) => ({ date, value: Number(byKey.get(date)?.[metric] ?? 0) }));
  }, [days, metric]);

  const busy = active.some((l) => l.isLoading);
  const failed = active.filter((l) => l.status === 'error');
  let body: ReactNode;
  if (failed.length > 0) {
    const reason = reasonOf(failed[0].error);
    body = (
      <Callout intent="danger" role="alert" title={t('failed')}>
        {reason ? <p>{reason}</p> : null}
        <Button icon={<Refresh />} text={intl.formatMessage({ id: 'referral.retry' })} onClick={() => failed.forEach((l) => l.retry())} />
      </Callout>
    );
  } else if (!days || !table.data) {
    body = <div className={`${Classes.SKELETON} ${styles.statisticsSkeleton}`} aria-label={t('loading')} />;
  } else if (table.data.rows.length === 0) {
    body = <NonIdealState icon={<TimelineLineChart size={48} />} title={t('empty.title')} description={t('empty.text')} />;
  } else {
    body = (
      <>
        <SegmentedControl
          size="small"
          className={styles.metric}
          aria-label={t('chart.metric')}
          value={metric}
          onValueChange={(value) => setMetric(value as Metric)}
          options={(['earned', 'spent'] as const).map((value) => ({ value, label: t(`column.${value}`) }))}
        />
        <MetricChart points={points} type="money" locale={locale} height={260} today={today} ariaLabel={t(`chart.${metric}`, { range: rangeText(days.range) })} emptyText={t('empty.title')} />
        <StatisticsTable statistics={table.data} groupBy={table.data.groupBy} label={t(`table.${table.data.groupBy}`, { range: rangeText(table.data.range) })} />
      </>
    );
  }

  return (
    <div className={styles.statistics}>
      <div className={styles.controls}>
        <SegmentedControl
          size="small"
          aria-label={t('range.presets')}
          value={preset ?? ''}
          onValueChange={(value) => choosePreset(value as RangePreset)}
          options={RANGE_PRESETS.map((value) => ({ value, label: t(`range.${value}`) }))}
        />
        <DayRangeForm
          idPrefix="referral-range"
          draft={draft}
          onDraft={setDraft}
          problem={problem}
          onShow={(chosen) => {
            setPreset(null);
            setRange(chosen);
          }}
          labels={{ from: t('range.from'), to: t('range.to'), show: t('range.show') }}
        />
        <FormGroup label={t('grouping.label')} labelFor="referral-grouping" inline className={styles.field}>
          <HTMLSelect id="referral-grouping" value={groupBy} onChange={(e) => setGroupBy(e.currentTarget.value as Grouping)}>
            {GROUPINGS.map((value) => (
              <option key={value} value={value}>
                {t(`grouping.${value}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      {problem && problem !== 'format' ? (
        <p className={styles.error} role="alert">
          {t(`range.${problem}`)}
        </p>
      ) : null}
      {/* What was shown stays while a newer range or grouping loads, dimmed and marked busy. */}
      <div className={busy ? styles.busy : undefined} aria-busy={busy}>
        {body}
      </div>
    </div>
  );
}
