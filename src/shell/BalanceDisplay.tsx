import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button } from '@blueprintjs/core';
import { Refresh } from '@blueprintjs/icons';
import { useStores } from '../app/context';
import { features } from './networkFeatures';
import { formatMoney } from './money';
import styles from './TopBar.module.css';

/** The balance ('-' until loaded) with its refresh button. */
export const BalanceDisplay = observer(function BalanceDisplay() {
  const intl = useIntl();
  const { network, user } = useStores();
  const sign = features.currencySign(network.settings);
  return (
    <div className={styles.balance}>
      <span className={styles.muted}>{intl.formatMessage({ id: 'shell.topbar.balance' })}</span>
      <strong data-testid="balance" aria-live="polite">
        {formatMoney(user.balance, intl.locale, sign)}
      </strong>
      <Button
        variant="minimal"
        size="small"
        icon={<Refresh />}
        loading={user.refreshing}
        aria-label={intl.formatMessage({ id: 'shell.topbar.refreshBalance' })}
        title={intl.formatMessage({ id: 'shell.topbar.refreshBalance' })}
        onClick={() => void user.refresh()}
        data-testid="balance-refresh"
      />
    </div>
  );
});
