import { lazy, Suspense, useCallback, useMemo, useState, useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, Classes, HTMLTable, NonIdealState, SegmentedControl } from '@blueprintjs/core';
import { Refresh, TimelineBarChart } from '@blueprintjs/icons';
import { DayRangeForm } from '../../common/DayRangeForm';
import { useMoney } from '../../common/useMoney';
import { RANGE_PRESETS, rangeProblem, type FinancesStore, type RangePreset } from './FinancesStore';
import report from '../../common/reportPage.module.css';
import styles from './Finances.module.css';

const FinanceChart = lazy(() => import('./FinanceChart'));

/**
 * The overview tab: money in and out of the balance per day over a range (the last 7, 30 or 90 days, or two dates),
 * as a bar chart and a table with the range's totals, in the network's currency with 2 decimals.
 */
export const OverviewPanel = observer(function OverviewPanel({ store }: { store: FinancesStore }) {
  const intl = useIntl();
  const money = useMoney();
  const loader = store.loaders.statistics;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `finances.overview.${id}` }, values);
  useEffect(() => {
    if (loader.status === 'idle') store.loadStatistics();
  }, [store, loader]);
  const [draft, setDraft] = useState(store.range);
  useEffect(() => setDraft(store.range), [store.range]);
  const problem = rangeProblem(draft);
  const day = useCallback((date: string) => intl.formatDate(`${date}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' }), [intl]);
  const longDay = (date: string) => intl.formatDate(`${date}T00:00:00Z`, { day: 'numeric', month: 'short', year: 'numeric', weekday: 'short', timeZone: 'UTC' });
  // A row's day: the range above says the year.
  const rowDay = (date: string) => intl.formatDate(`${date}T00:00:00Z`, { day: 'numeric', month: 'short', weekday: 'short', timeZone: 'UTC' });
  const chartMoney = useCallback((value: number) => money(value.toFixed(2)), [money]);
  const names = useMemo(() => ({ credit: intl.formatMessage({ id: 'finances.overview.credit' }), debit: intl.formatMessage({ id: 'finances.overview.debit' }) }), [intl]);
  const days = store.days;
  const bars = useMemo(() => days.map((d) => ({ date: d.date, credit: Number(d.credit), debit: Number(d.debit) })), [days]);
  const range = { from: longDay(store.range.start), to: longDay(store.range.end) };

  let body;
  if (loader.status === 'error' && !store.statistics) {
    body = (
      <Callout intent="warning" role="alert" title={t('failed')}>
        <p>{loader.error instanceof Error ? loader.error.message : null}</p>
        <Button icon={<Refresh />} text={intl.formatMessage({ id: 'finances.retry' })} onClick={() => void loader.retry()} />
      </Callout>
    );
  } else if (!store.statistics) {
    body = <div className={`${Classes.SKELETON} ${styles.chartSkeleton}`} aria-label={intl.formatMessage({ id: 'app.loading' })} />;
  } else {
    const totals = store.statistics.totals;
    body = (
      <>
        {store.hasMoney ? (
          <div role="img" aria-label={t('chartLabel', range)} data-testid="finance-chart">
            <Suspense fallback={<div className={`${Classes.SKELETON} ${styles.chartSkeleton}`} />}>
              <FinanceChart bars={bars} height={300} money={chartMoney} day={day} names={names} />
            </Suspense>
          </div>
        ) : (
          <NonIdealState icon={<TimelineBarChart size={48} />} title={t('emptyTitle')} description={t('emptyText')} />
        )}
        {/* A scroll box: focusable, so the keyboard can scroll it, and named as the table it holds. */}
        <div className={report.tableBox} aria-busy={loader.isLoading} tabIndex={0} role="region" aria-label={t('tableLabel', range)}>
          <HTMLTable compact className={report.stickyTable} aria-label={t('tableLabel', range)} data-testid="finance-days">
            <thead>
              <tr>
                <th scope="col">{t('date')}</th>
                <th scope="col" className={report.num}>
                  {t('credit')}
                </th>
                <th scope="col" className={report.num}>
                  {t('debit')}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.date}>
                  <th scope="row">{rowDay(d.date)}</th>
                  <td className={report.num}>{Number(d.credit) ? money(d.credit) : '—'}</td>
                  <td className={report.num}>{Number(d.debit) ? money(d.debit) : '—'}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('total')}</th>
                <td className={report.num} data-testid="finance-total-credit">
                  {money(totals.credit)}
                </td>
                <td className={report.num} data-testid="finance-total-debit">
                  {money(totals.debit)}
                </td>
              </tr>
            </tfoot>
          </HTMLTable>
        </div>
      </>
    );
  }

  return (
    <Card className={styles.panel} aria-labelledby="finance-overview-title">
      <header className={styles.panelHeader}>
        <h3 id="finance-overview-title" className={Classes.HEADING}>
          {t('title')}
        </h3>
        <div className={styles.rangeControls}>
          <SegmentedControl
            size="small"
            aria-label={t('presets')}
            value={store.preset === null ? '' : String(store.preset)}
            onValueChange={(v) => store.setPreset(Number(v) as RangePreset)}
            options={RANGE_PRESETS.map((days) => ({ value: String(days), label: t('lastDays', { days }) }))}
          />
          <DayRangeForm
            idPrefix="finance-range"
            draft={draft}
            onDraft={setDraft}
            problem={problem}
            onShow={store.setRange}
            labels={{ from: t('from'), to: t('to'), show: t('show') }}
            loading={loader.isLoading}
          />
        </div>
      </header>
      {problem && problem !== 'format' && (
        <p className={styles.error} role="alert">
          {t(`range.${problem}`)}
        </p>
      )}
      {body}
    </Card>
  );
});
