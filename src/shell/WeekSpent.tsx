import { useEffect } from 'react';
import { Link } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Spinner } from '@blueprintjs/core';
import { useStores } from '../app/context';
import { useShellStores } from './useShellStores';
import { features } from './networkFeatures';
import { formatMoney } from './money';
import styles from './TopBar.module.css';

/** What was spent this week (summed exactly at 4 decimals, shown as money: 2), linking to Finances; only where the network enables it. */
export const WeekSpent = observer(function WeekSpent() {
  const intl = useIntl();
  const { network } = useStores();
  const { weekSpend } = useShellStores();
  const enabled = features.spentThisWeek(network.settings);
  useEffect(() => {
    if (enabled && weekSpend.status === 'idle') void weekSpend.load();
  }, [enabled, weekSpend]);
  if (!enabled) return null;
  const sign = features.currencySign(network.settings);
  const content = (
    <>
      <span className={styles.muted}>{intl.formatMessage({ id: 'shell.topbar.spentThisWeek' })}</span>
      {weekSpend.status === 'loading' && weekSpend.total === null ? (
        <Spinner size={12} aria-label={intl.formatMessage({ id: 'app.loading' })} />
      ) : (
        <strong>{formatMoney(weekSpend.total, intl.locale, sign)}</strong>
      )}
    </>
  );
  // A link only where the network has a Finances section to open.
  return network.sections.has('Finances') ? (
    <Link to="/finances" className={styles.spent} data-testid="week-spent">
      {content}
    </Link>
  ) : (
    <span className={styles.spent} data-testid="week-spent">
      {content}
    </span>
  );
});
