import { useIntl } from 'react-intl';
import { Button, Callout, Card, H4, HTMLTable, Spinner } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import type { EstimateState } from './useTrafficEstimate';
import { regionName } from '../../../engine/i18n/displayNames';
import { useMoney } from '../../common/useMoney';
import styles from './CampaignFormPage.module.css';

/** How many countries the panel lists (the rest are in the total). */
const TOP_COUNTRIES = 8;

/**
 * The live traffic estimate beside the campaign form: daily impressions and clicks the campaign can expect at its
 * price, the share of matching traffic that price wins, the recommended price (one click to use it) and the
 * biggest countries. Numbers stay while a newer estimate loads; a failure offers a retry.
 */
export function TrafficEstimatePanel({ state, onUsePrice, targetName }: { state: EstimateState; onUsePrice?: (price: string) => void; targetName: (id: string) => string }) {
  const intl = useIntl();
  const money = useMoney();
  const { estimate, countries, loading, failed } = state;
  const count = (n: number | undefined) => (n === undefined ? '—' : intl.formatNumber(Math.round(n)));
  return (
    <Card className={styles.estimate} aria-busy={loading} aria-labelledby="estimate-title">
      <header className={styles.estimateHeader}>
        <H4 id="estimate-title">{intl.formatMessage({ id: 'estimate.title' })}</H4>
        {loading ? <Spinner size={16} aria-label={intl.formatMessage({ id: 'estimate.updating' })} /> : null}
      </header>
      {failed ? (
        <Callout intent="warning" compact>
          {intl.formatMessage({ id: 'estimate.failed' })}{' '}
          <Button size="small" variant="minimal" icon={<Refresh />} onClick={state.retry} text={intl.formatMessage({ id: 'estimate.retry' })} />
        </Callout>
      ) : null}
      {estimate ? (
        <div aria-live="polite">
          <dl className={styles.figures}>
            <dt>{intl.formatMessage({ id: 'estimate.impressions' })}</dt>
            <dd data-testid="estimate-impressions">{count(estimate.impressions)}</dd>
            <dt>{intl.formatMessage({ id: 'estimate.clicks' })}</dt>
            <dd>{count(estimate.clicks)}</dd>
            <dt>{intl.formatMessage({ id: 'estimate.available' })}</dt>
            <dd>{count(estimate.available_impressions)}</dd>
            {typeof estimate.win_rate_at_price === 'number' ? (
              <>
                <dt>{intl.formatMessage({ id: 'estimate.winRate' })}</dt>
                <dd>{intl.formatNumber(estimate.win_rate_at_price, { style: 'percent', maximumFractionDigits: 0 })}</dd>
              </>
            ) : null}
          </dl>
          {estimate.recommended_price ? (
            <p className={styles.recommended}>
              {intl.formatMessage({ id: 'estimate.recommended' }, { price: money(estimate.recommended_price, 'cost') })}
              {onUsePrice ? <Button size="small" variant="outlined" onClick={() => onUsePrice(estimate.recommended_price!)} text={intl.formatMessage({ id: 'estimate.usePrice' })} /> : null}
            </p>
          ) : null}
          {estimate.unnarrowed_targets?.length ? (
            <p className={styles.note}>{intl.formatMessage({ id: 'estimate.unnarrowed' }, { targets: estimate.unnarrowed_targets.map(targetName).join(', ') })}</p>
          ) : null}
          {countries.length ? (
            <HTMLTable compact className={styles.countries}>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage({ id: 'estimate.country' })}</th>
                  <th scope="col">{intl.formatMessage({ id: 'estimate.impressionsShort' })}</th>
                  <th scope="col">{intl.formatMessage({ id: 'estimate.price' })}</th>
                </tr>
              </thead>
              <tbody>
                {countries.slice(0, TOP_COUNTRIES).map((c) => (
                  <tr key={c.country_id}>
                    <td>{regionName(c.iso2, intl.locale, c.name)}</td>
                    <td>{count(c.impressions)}</td>
                    <td>{money(c.recommended_price, 'cost')}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          ) : (
            <p className={styles.note}>{intl.formatMessage({ id: 'estimate.none' })}</p>
          )}
        </div>
      ) : loading ? null : (
        <p className={styles.note}>{intl.formatMessage({ id: 'estimate.none' })}</p>
      )}
    </Card>
  );
}

/** The estimate in one line for the form's sticky foot: daily impressions and clicks, or that it is updating. */
export function EstimateLine({ state }: { state: EstimateState }) {
  const intl = useIntl();
  const { estimate, loading } = state;
  if (!estimate) return loading ? <Spinner size={16} aria-label={intl.formatMessage({ id: 'estimate.updating' })} /> : null;
  return (
    <span className={styles.estimateLine} aria-live="polite">
      {intl.formatMessage(
        { id: 'estimate.line' },
        { impressions: intl.formatNumber(Math.round(estimate.impressions ?? 0)), clicks: intl.formatNumber(Math.round(estimate.clicks ?? 0)) },
      )}
      {loading ? <Spinner size={12} aria-label={intl.formatMessage({ id: 'estimate.updating' })} /> : null}
    </span>
  );
}
