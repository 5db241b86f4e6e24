import { lazy, Suspense, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Card, Classes, NonIdealState, Spinner } from '@blueprintjs/core';
import { regionName } from '../../../engine/i18n/displayNames';
import { barColors } from './barColors';
import type { CountryBar } from './TrafficBars';
import { TOP_COUNTRIES, type TrafficChartStore } from './TrafficChartStore';
import styles from './TrafficChartPage.module.css';

/** nivo is fetched the first time the chart is drawn, never with the main bundle. */
const TrafficBars = lazy(() => import('./TrafficBars'));

const ROW_HEIGHT = 28;

/**
 * Impressions per day of the top countries as horizontal bars: what the price wins, and what a higher price would
 * add. Kept on screen, dimmed, while newer numbers load.
 */
export const TrafficChartPanel = observer(function TrafficChartPanel({ store }: { store: TrafficChartStore }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `trafficChart.chart.${id}` }, values);
  const top = store.top;
  const bars = useMemo<CountryBar[]>(
    // The server names countries in English; the bars say them in the reader's language.
    () => top.map((r) => ({ country: regionName(r.iso2, intl.locale, r.name), won: r.impressions, rest: Math.max(0, r.available_impressions - r.impressions) })),
    [top, intl.locale],
  );
  const loading = store.updating;
  const count = useMemo(() => (n: number) => intl.formatNumber(Math.round(n)), [intl]);
  const short = useMemo(() => (n: number) => intl.formatNumber(n, { notation: 'compact', maximumFractionDigits: 1 }), [intl]);
  const wonId = store.request?.price !== undefined ? 'won' : 'wonRecommended';
  const keyNames = useMemo(
    () => ({ won: intl.formatMessage({ id: `trafficChart.chart.${wonId}` }), rest: intl.formatMessage({ id: 'trafficChart.chart.rest' }) }),
    [intl, wonId],
  );
  const colors = barColors(false);
  const height = bars.length * ROW_HEIGHT + 40;

  return (
    <Card className={styles.panel} aria-labelledby="traffic-chart-title" aria-busy={loading} data-testid="traffic-chart">
      <header className={styles.panelHeader}>
        <h3 id="traffic-chart-title" className={Classes.HEADING}>
          {t('title', { count: TOP_COUNTRIES })}
        </h3>
        {loading ? <Spinner size={16} aria-label={t('updating')} /> : null}
        <ul className={styles.legend}>
          <li>
            <span className={styles.swatch} style={{ background: colors.won }} aria-hidden="true" />
            {keyNames.won}
          </li>
          <li>
            <span className={styles.swatch} style={{ background: colors.rest }} aria-hidden="true" />
            {keyNames.rest}
          </li>
        </ul>
      </header>
      {bars.length === 0 ? (
        loading ? (
          <div className={Classes.SKELETON} style={{ height: 320 }} />
        ) : (
          <NonIdealState icon="timeline-bar-chart" title={t('empty')} description={t('emptyHint')} />
        )
      ) : (
        <div className={loading ? styles.stale : undefined} role="img" aria-label={t('ariaLabel', { countries: bars.map((b) => `${b.country} ${count(b.won)}`).join(', ') })}>
          <Suspense fallback={<div className={Classes.SKELETON} style={{ height }} />}>
            <TrafficBars bars={bars} height={height} count={count} short={short} keyNames={keyNames} />
          </Suspense>
        </div>
      )}
    </Card>
  );
});
