import { Button, Callout, Card, Classes, H4, NonIdealState } from '@blueprintjs/core';
import { Error as ErrorIcon, TimelineLineChart } from '@blueprintjs/icons';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ApiClient } from '../../../engine/api';
import { formatNumber } from '../../../engine/format/numberFormat';
import { useLoader } from '../../../engine/state/useLoader';
import type { CampaignStatisticsQuery, ReportPoint, ReportRow } from '../../../generated/types';
import { MetricChart } from '../../../widgets/chart';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { AD_METRICS, adMetricPoints, adStatisticsRange, adTotals, browserToday, type AdMetric } from './adStatisticsTotals';
import styles from './AdStatistics.module.css';

export interface AdStatisticsProps {
  api: ApiClient;
  adId: number;
  /** Money as the panel writes it (the network's currency sign, 2 decimals): `useMoney()`. */
  money: (value: string) => string;
  /** Today as `YYYY-MM-DD` (the browser's calendar unless told). */
  today?: string;
}

/**
 * The ad's statistics on its page: totals of the last 14 days (impressions, clicks, CTR, conversions, spend) over
 * every campaign that runs it, from the statistics screen's call filtered by the ad (GET campaign-statistics
 * `ads`), and a small chart of the chosen total per day; a link opens the statistics screen with the same filter.
 */
export function AdStatistics({ api, adId, money, today: givenToday }: AdStatisticsProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `ad.statistics.${id}` }, values);
  const today = givenToday ?? browserToday();
  const { start, end } = adStatisticsRange(today);
  const [metric, setMetric] = useState<AdMetric>('impressions');
  const load = useCallback(
    (signal: AbortSignal) => {
      const params = { start_date: start, end_date: end, group: 'date', ads: [adId] } satisfies CampaignStatisticsQuery;
      return api.get<{ data: ReportRow[]; series: ReportPoint[] }>('campaign-statistics', { params, signal, silent: true });
    },
    [api, adId, start, end],
  );
  const { data, status, isFirstLoad, retry } = useLoader(load);
  const link = `/campaign-statistics?${new URLSearchParams({ group: 'date', start, end, ads: String(adId), metric: metricField(metric) })}`;

  let body;
  if (status === 'error' || status === 'missing') {
    body = (
      <div className={styles.placeholder}>
        <Callout intent="danger" icon={<ErrorIcon />} compact role="alert">
          {t('loadFailed')} <Button size="small" variant="minimal" intent="danger" text={intl.formatMessage({ id: 'ads.retry' })} onClick={retry} />
        </Callout>
      </div>
    );
  } else if (isFirstLoad || !data) {
    body = (
      <div aria-busy="true" aria-label={intl.formatMessage({ id: 'app.loading' })}>
        <div className={styles.tiles}>
          {AD_METRICS.map((m) => (
            <div key={m.id} className={`${styles.tile} ${Classes.SKELETON}`} />
          ))}
        </div>
        <div className={Classes.SKELETON} style={{ height: CHART_HEIGHT }} />
      </div>
    );
  } else {
    const series = Array.isArray(data.series) ? data.series : [];
    const totals = adTotals(series);
    if (totals.impressions === 0 && totals.clicks === 0) {
      body = (
        <div className={styles.placeholder}>
          <NonIdealState icon={<TimelineLineChart size={32} />} title={t('empty')} description={t('emptyHint')} layout="horizontal" />
        </div>
      );
    } else {
      // Spend as money everywhere else: the network's currency sign, 2 decimals.
      const value = (m: (typeof AD_METRICS)[number]) => (m.id === 'spend' ? money(totals.spend) : formatNumber(totals[m.id], m.kind, intl.locale));
      const chosen = AD_METRICS.find((m) => m.id === metric)!;
      body = (
        <>
          <div className={styles.tiles} role="group" aria-label={t('chartMetric')}>
            {AD_METRICS.map((m) => (
              <button key={m.id} type="button" className={styles.tile} aria-pressed={m.id === metric} onClick={() => setMetric(m.id)}>
                <span className={styles.tileLabel}>{t(`metric.${m.id}`)}</span>
                <span className={styles.tileValue}>{value(m)}</span>
              </button>
            ))}
          </div>
          <MetricChart
            points={adMetricPoints(series, metric)}
            type={chosen.kind}
            locale={intl.locale}
            height={CHART_HEIGHT}
            ariaLabel={t('chartLabel', { metric: t(`metric.${metric}`) })}
            emptyText={t('empty')}
          />
        </>
      );
    }
  }

  return (
    <Card className={styles.card}>
      <div className={styles.header}>
        <H4 className={styles.title}>{t('title')}</H4>
        <span className={styles.range}>{t('range', { days: 14 })}</span>
        <RouterAnchorButton className={styles.open} variant="minimal" size="small" icon={<TimelineLineChart />} to={link} text={t('open')} />
      </div>
      <div aria-busy={status === 'loading'} className={status === 'loading' && !isFirstLoad ? styles.stale : undefined}>
        {body}
      </div>
    </Card>
  );
}

/** The chart's height: the loading, empty and failed states keep the same room, so nothing below the card moves. */
const CHART_HEIGHT = 160;

/** The statistics screen's metric of a tile (its spend is the series' cost). */
const metricField = (metric: AdMetric) => AD_METRICS.find((m) => m.id === metric)!.field;
