import { useCallback, useEffect } from 'react';
import { Link } from 'react-router';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, Classes, ProgressBar, Tag, type Intent } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import type { ProvidersSubscriptionAnswer } from '../../../generated/types';
import { useStores } from '../../app/context';
import { useLoader } from '../../../engine/state/useLoader';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { planText } from './planText';
import { usePanelLocale, useUtcDate } from './useProviderFormats';
import styles from './Providers.module.css';

/** How full a limit is, as a bar's colour: warning from 90 %, danger once reached. */
const intentOf = (used: number, max: number): Intent => (max <= 0 || used >= max ? 'danger' : used / max >= 0.9 ? 'warning' : 'primary');

/** One limit of the plan as a line of text and a bar (the text is the bar's name and value for screen readers). */
function Meter({ id, label, used, max }: { id: string; label: string; used: number; max: number }) {
  return (
    <div className={styles.meter}>
      <span id={id}>{label}</span>
      <ProgressBar value={max > 0 ? used / max : 1} intent={intentOf(used, max)} stripes={false} animate={false} aria-labelledby={id} aria-valuetext={label} />
    </div>
  );
}

/**
 * What the user's providers use of their plan: providers and requests per second against its limits, the plan's name
 * linking to the plans page, and what a past-due or cancelled plan means for them. Without a plan, a callout says the
 * providers need one.
 */
export function UsageStrip({ subscription }: { subscription: ProvidersSubscriptionAnswer | null }) {
  const intl = useIntl();
  const locale = usePanelLocale();
  const day = useUtcDate();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `providers.usage.${id}` }, values);
  if (!subscription) {
    return (
      <Callout intent="warning" title={t('none')} data-testid="providers-usage">
        <p>{t('noneText')}</p>
        <RouterAnchorButton intent="primary" to="/providers-subscription" text={t('subscribe')} />
      </Callout>
    );
  }
  const { plan, usage, status } = subscription;
  const n = (value: number) => intl.formatNumber(value);
  return (
    <Card className={styles.usage} data-testid="providers-usage" aria-labelledby="providers-usage-title">
      <div className={styles.usagePlan}>
        <h3 id="providers-usage-title" className={Classes.HEADING}>
          <Link to="/providers-subscription">{t('plan', { name: planText(plan, locale).name })}</Link>
        </h3>
        {status !== 'active' ? (
          <Tag minimal intent={status === 'past_due' ? 'danger' : 'warning'}>
            {intl.formatMessage({ id: `providers.plan.status.${status}` })}
          </Tag>
        ) : null}
      </div>
      <Meter id="providers-usage-count" label={t('providers', { used: n(usage.providers), max: n(plan.max_providers) })} used={usage.providers} max={plan.max_providers} />
      <Meter id="providers-usage-rps" label={t('rps', { used: n(usage.requests_per_second), max: n(plan.max_requests_per_second) })} used={usage.requests_per_second} max={plan.max_requests_per_second} />
      {status === 'past_due' ? (
        <p className={styles.usageNote} role="status">
          {t('pastDue', { date: day(subscription.grace_until ?? subscription.paid_until) })} <Link className={styles.inlineLink} to="/add-funds">
            {intl.formatMessage({ id: 'providers.pastDue.addFunds' })}
          </Link>
        </p>
      ) : status === 'cancelled' ? (
        <p className={styles.usageNote}>{t('cancelled', { date: day(subscription.paid_until) })}</p>
      ) : null}
    </Card>
  );
}

/**
 * The usage strip over `GET traffic-provider-subscriptions`, with its loading and failed states; read again whenever
 * `changes` moves (the providers list changed), showing the last answer meanwhile.
 */
export function UsagePanel({ changes = 0 }: { changes?: number }) {
  const intl = useIntl();
  const { api } = useStores();
  const load = useCallback((signal: AbortSignal) => api.get<{ data: ProvidersSubscriptionAnswer | null }>('traffic-provider-subscriptions', { signal, silent: true }), [api]);
  const { data, status, retry } = useLoader(load);
  useEffect(() => {
    if (changes) retry();
  }, [changes, retry]);
  if (status === 'error' && !data) {
    return (
      <Callout intent="danger" role="alert" title={intl.formatMessage({ id: 'providers.usage.failed' })}>
        <Button icon={<Refresh />} text={intl.formatMessage({ id: 'providers.retry' })} onClick={retry} />
      </Callout>
    );
  }
  if (!data) return <div className={`${Classes.SKELETON} ${styles.usageSkeleton}`} aria-label={intl.formatMessage({ id: 'providers.usage.loading' })} />;
  return <UsageStrip subscription={data.data} />;
}
