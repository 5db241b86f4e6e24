import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, Classes } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import { useStores } from '../../app/context';
import { RouterAnchorButton } from '../../shell/RouterAnchorButton';
import { useMoney } from '../../common/useMoney';
import type { DashboardStore, HomeSummary } from './DashboardStore';
import styles from './DashboardPage.module.css';

/** One figure: its name and value, a link when it opens a list (a count opens the campaigns it counts). */
function Figure({ label, value, to, loading, testId }: { label: string; value: ReactNode; to?: string; loading?: boolean; testId: string }) {
  const content = (
    <>
      <span className={styles.figureLabel}>{label}</span>
      <strong className={loading ? `${styles.figureValue} ${Classes.SKELETON}` : styles.figureValue} data-testid={testId}>
        {value}
      </strong>
    </>
  );
  return (
    <li>
      {to ? (
        <Link to={to} className={styles.figure}>
          {content}
        </Link>
      ) : (
        <div className={styles.figure}>{content}</div>
      )}
    </li>
  );
}

const COSTS = [
  ['today', 'today_cost'],
  ['yesterday', 'yesterday_cost'],
  ['currentMonth', 'current_month_cost'],
  ['previousMonth', 'previous_month_cost'],
] as const satisfies readonly (readonly [string, keyof HomeSummary])[];

/** Campaign counts and the /campaigns filter each opens (`pending` is an approval, the others are statuses). */
const COUNTS = [
  ['active', 'active_campaigns_count', '/campaigns?status=active'],
  ['paused', 'paused_campaigns_count', '/campaigns?status=paused'],
  ['pending', 'pending_campaigns_count', '/campaigns?approval=pending'],
  ['total', 'campaigns_total', '/campaigns'],
] as const satisfies readonly (readonly [string, keyof HomeSummary, string])[];

/**
 * The dashboard's figures from `GET home`: spend today, yesterday, this and last month (4 decimals); campaign counts,
 * each opening the campaigns it counts; the balance ('-' until loaded) and what active campaigns hold of it.
 * A failed load says why and offers a retry; the figures stay '-'.
 */
export const DashboardFigures = observer(function DashboardFigures({ store }: { store: DashboardStore }) {
  const intl = useIntl();
  const money = useMoney();
  const { network } = useStores();
  const loader = store.loaders.home;
  const data = store.home;
  const loading = loader.isFirstLoad;
  const t = (id: string) => intl.formatMessage({ id: `dashboard.${id}` });
  const campaignsLinked = network.sections.has('Campaigns');
  const addFunds = network.sections.has('AddFunds');

  return (
    <>
      {loader.status === 'error' ? (
        <Callout intent="danger" title={t('figures.failed')} role="alert">
          <p>{loader.error instanceof Error ? loader.error.message : null}</p>
          <Button icon={<Refresh />} text={t('retry')} onClick={() => void loader.retry()} />
        </Callout>
      ) : null}
      <div className={styles.groups} aria-busy={loading}>
        <Card className={styles.group} compact>
          <header className={styles.groupHeader}>
            <h3>{t('spend.title')}</h3>
          </header>
          <ul className={styles.figures}>
            {COSTS.map(([id, key]) => (
              <Figure key={id} testId={`cost-${id}`} label={t(`spend.${id}`)} loading={loading} value={money(data?.[key])} />
            ))}
          </ul>
        </Card>
        <Card className={styles.group} compact>
          <header className={styles.groupHeader}>
            <h3>{t('campaigns.title')}</h3>
          </header>
          <ul className={styles.figures}>
            {COUNTS.map(([id, key, to]) => (
              <Figure
                key={id}
                testId={`campaigns-${id}`}
                label={t(`campaigns.${id}`)}
                loading={loading}
                to={campaignsLinked ? to : undefined}
                value={data ? intl.formatNumber(data[key]) : '-'}
              />
            ))}
          </ul>
        </Card>
        <Card className={styles.group} compact>
          <header className={styles.groupHeader}>
            <h3>{t('balance.title')}</h3>
            {addFunds ? <RouterAnchorButton size="small" intent="primary" to="/add-funds" text={t('balance.addFunds')} /> : null}
          </header>
          <ul className={styles.figures}>
            {/* The balance reads '-' until GET home answers (the spec's starting value), never a skeleton. */}
            <Figure testId="dashboard-balance" label={t('balance.balance')} value={money(store.balance)} />
            <Figure testId="dashboard-reserved" label={t('balance.reserved')} value={money(data?.reserved_balance)} />
          </ul>
        </Card>
      </div>
    </>
  );
});
