import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, Classes, NonIdealState } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import { addDays, dayOf, everyDay, formatDecimal, parseDecimal, sumDecimals } from '../../../engine/format';
import { useLoader } from '../../../engine/state/useLoader';
import type { SubscriptionStatistics } from '../../../generated/types';
import { SeriesChart, type ChartSeries } from '../../../widgets/chart';
import { useStores } from '../../app/context';
import { useMoney } from '../../common/useMoney';
import { usePanelLocale } from './useProviderFormats';
import styles from './Providers.module.css';

/** How many days the chart shows, today included. */
export const CHART_DAYS = 30;

/**
 * Below this share of the limit on the busiest day, the limit is left off the chart (its line would flatten the
 * traffic onto the floor) and said in words under it instead.
 */
export const LIMIT_IN_VIEW = 0.1;

/** Whether the plan's limit is drawn as a line: the busiest day reaches a tenth of it. */
export function limitInView(peak: number, limit: number | null | undefined): limit is number {
  return limit != null && limit > 0 && peak >= limit * LIMIT_IN_VIEW;
}

type Day = SubscriptionStatistics['days'][number];

/** Every day of the range, oldest first, a day the answer leaves out counted as none. */
export function fillDays(days: Day[], start: string, end: string): Day[] {
  const byDate = new Map(days.map((d) => [d.date.slice(0, 10), d]));
  return everyDay(start, end).map((date) => byDate.get(date) ?? { date, requests: 0, bids: 0, wins: 0, spend: '0.0000', requests_per_second: 0 });
}

/**
 * The providers' traffic over the last 30 days (`GET traffic-provider-subscription-statistics`): requests per second
 * per day against the plan's limit, as lines (nivo, loaded with the chart) with the figures as a hidden table for
 * screen readers, and the range's totals in words. The limit is a line only while the busiest day reaches a tenth of
 * it; below that it is said in words, with that day's share of it.
 */
export function UsageChart() {
  const intl = useIntl();
  const money = useMoney();
  const locale = usePanelLocale();
  const { api, settings } = useStores();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `providers.chart.${id}` }, values);
  const range = useMemo(() => {
    const end = dayOf(settings.serverNow() ?? Date.now());
    return { start_date: addDays(end, -(CHART_DAYS - 1)), end_date: end };
  }, [settings]);
  const load = useCallback((signal: AbortSignal) => api.get<{ data: SubscriptionStatistics }>('traffic-provider-subscription-statistics', { signal, silent: true, params: range }), [api, range]);
  const { data, status, retry } = useLoader(load);
  const days = useMemo(() => (data ? fillDays(data.data.days, range.start_date, range.end_date) : []), [data, range]);
  const limit = data?.data.limits?.max_requests_per_second;
  const peak = days.reduce((max, d) => Math.max(max, d.requests_per_second), 0);
  const drawLimit = limitInView(peak, limit);
  const series = useMemo<ChartSeries[]>(() => {
    const lines: ChartSeries[] = [{ id: 'rps', label: t('rps'), points: days.map((d) => ({ date: d.date, value: d.requests_per_second })) }];
    if (drawLimit) lines.push({ id: 'limit', label: t('limit'), points: days.map((d) => ({ date: d.date, value: limit })) });
    return lines;
    // t is a new function every render; the texts change with intl.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [days, limit, drawLimit, intl]);

  let body;
  if (status === 'error' && !data) {
    body = (
      <Callout intent="danger" role="alert" title={t('failed')}>
        <Button icon={<Refresh />} text={intl.formatMessage({ id: 'providers.retry' })} onClick={retry} />
      </Callout>
    );
  } else if (!data) {
    body = <div className={`${Classes.SKELETON} ${styles.chartSkeleton}`} aria-label={t('loading')} />;
  } else if (!days.some((d) => d.requests > 0)) {
    body = <NonIdealState icon="timeline-line-chart" description={t('empty')} />;
  } else {
    const sum = (key: 'requests' | 'bids' | 'wins') => intl.formatNumber(days.reduce((n, d) => n + d[key], 0));
    const spend = formatDecimal(sumDecimals(days.map((d) => parseDecimal(d.spend))), 4);
    const date = (day: string) => intl.formatDate(`${day}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    body = (
      <>
        <SeriesChart series={series} type="count" locale={locale} height={260} ariaLabel={t('label', { from: date(range.start_date), to: date(range.end_date) })} emptyText={t('empty')} legendLabel={t('legend')} today={range.end_date} />
        {limit != null && !drawLimit ? (
          <p className={Classes.TEXT_MUTED} data-testid="providers-chart-limit">
            {t('limitFar', { limit: intl.formatNumber(limit), peak: intl.formatNumber(peak), share: intl.formatNumber(peak / limit, { style: 'percent', maximumFractionDigits: 2 }) })}
          </p>
        ) : null}
        <p className={Classes.TEXT_MUTED}>{t('totals', { requests: sum('requests'), bids: sum('bids'), wins: sum('wins'), spend: money(spend, 'cost') })}</p>
      </>
    );
  }
  return (
    <Card className={styles.chartCard} aria-labelledby="providers-chart-title">
      <h3 id="providers-chart-title" className={Classes.HEADING}>
        {t('title')}
      </h3>
      {body}
    </Card>
  );
}
