import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Callout, Card, Classes } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import { Link } from 'react-router';
import { useMoney } from '../../common/useMoney';
import type { FinancesStore } from './FinancesStore';
import { useFinanceContext } from './useFinanceContext';
import styles from './Finances.module.css';

/**
 * The balance at a glance: what there is, what active campaigns hold of it, what is free, how long it lasts at the
 * last 7 days' spend, and what unpaid invoices add up to. A failed load says why and offers a retry.
 */
export const FinanceSummaryPanel = observer(function FinanceSummaryPanel({ store }: { store: FinancesStore }) {
  const intl = useIntl();
  const money = useMoney();
  const finance = useFinanceContext();
  const loader = store.loaders.summary;
  const summary = store.summary;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `finances.summary.${id}` }, values);

  if (loader.status === 'error' && !summary) {
    return (
      <Callout intent="warning" role="alert" title={t('failed')}>
        <p>{loader.error instanceof Error ? loader.error.message : null}</p>
        <Button icon={<Refresh />} text={intl.formatMessage({ id: 'finances.retry' })} onClick={() => void loader.retry()} />
      </Callout>
    );
  }
  if (!summary) return <div className={`${Classes.SKELETON} ${styles.summarySkeleton}`} aria-label={intl.formatMessage({ id: 'app.loading' })} />;

  // Beyond a year the exact count says nothing more (a balance barely touched would read "5,509 days").
  const lasts =
    summary.days_left === null
      ? t('lastsNoSpend')
      : summary.days_left > 365
        ? t('lastsLong', { spend: money(summary.average_daily_spend) })
        : t('lasts', { days: summary.days_left, spend: money(summary.average_daily_spend) });
  const unpaid = Number(summary.unpaid_invoices) > 0;
  return (
    <Card className={styles.summary} aria-label={t('label')} data-testid="finance-summary">
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{t('balance')}</dt>
          <dd className={styles.big} data-testid="finance-balance">
            {money(summary.balance)}
          </dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('reserved')}</dt>
          <dd>{money(summary.reserved_balance)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('free')}</dt>
          <dd>{money(summary.free_balance)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('spent7')}</dt>
          <dd>{money(summary.spent_last_7_days)}</dd>
        </div>
        {(unpaid || finance.invoices) && (
          <div className={styles.figure}>
            <dt>{t('unpaidInvoices')}</dt>
            <dd>{unpaid && finance.invoices ? <Link to="/finances/invoices?status=unpaid">{money(summary.unpaid_invoices)}</Link> : money(summary.unpaid_invoices)}</dd>
          </div>
        )}
      </dl>
      <p className={styles.lasts} data-testid="finance-lasts">
        {lasts}
      </p>
    </Card>
  );
});
