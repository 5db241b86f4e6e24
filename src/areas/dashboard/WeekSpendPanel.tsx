import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Callout, Classes } from '@blueprintjs/core';
import { TitledCard } from '../../common/TitledCard';
import { Refresh } from '@blueprintjs/icons';
import { useMoney } from '../../common/useMoney';
import type { DashboardStore } from './DashboardStore';
import styles from './DashboardPage.module.css';

/**
 * What was spent on each of the last 7 days (`GET week-spent`), as bars relative to the biggest day, and the week's
 * exact total. A failure shows its message (the error catalogue) with a retry.
 */
export const WeekSpendPanel = observer(function WeekSpendPanel({ store }: { store: DashboardStore }) {
  const intl = useIntl();
  const money = useMoney();
  const loader = store.loaders.week;
  const items = store.week;
  const max = Math.max(0, ...(items ?? []).map((i) => Number(i.money) || 0));
  const day = (date: string) => intl.formatDate(`${date}T00:00:00Z`, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });

  return (
    <TitledCard id="dashboard-week-title" title={intl.formatMessage({ id: 'dashboard.week.title' })} busy={loader.isLoading} testId="week-spend">
      {loader.status === 'error' ? (
        <Callout intent="warning" role="alert" title={intl.formatMessage({ id: 'dashboard.week.failed' })}>
          <p>{loader.error instanceof Error ? loader.error.message : null}</p>
          <Button icon={<Refresh />} text={intl.formatMessage({ id: 'dashboard.retry' })} onClick={() => void loader.retry()} />
        </Callout>
      ) : !items ? (
        <div className={Classes.SKELETON} style={{ height: 200 }} />
      ) : (
        <>
          <ul className={styles.week}>
            {items.map((item) => (
              <li key={item.date} className={styles.weekDay}>
                <span className={styles.muted}>{day(item.date)}</span>
                <span className={styles.weekBar} aria-hidden="true">
                  <span style={{ width: max > 0 ? `${Math.round(((Number(item.money) || 0) / max) * 100)}%` : 0 }} />
                </span>
                <span>{money(item.money)}</span>
              </li>
            ))}
          </ul>
          <div className={styles.weekTotal}>
            <span>{intl.formatMessage({ id: 'dashboard.week.total' })}</span>
            <span data-testid="week-total">{money(store.weekTotal)}</span>
          </div>
        </>
      )}
    </TitledCard>
  );
});
