import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button } from '@blueprintjs/core';
import { CreditCard, Menu as MenuIcon } from '@blueprintjs/icons';
import { useStores } from '../app/context';
import { useShellStores } from './useShellStores';
import { ServerClock } from './ServerClock';
import { WeekSpent } from './WeekSpent';
import { BalanceDisplay } from './BalanceDisplay';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';
import { FullManageBadge } from './FullManageBadge';
import { HelpButton } from './HelpButton';
import { RouterAnchorButton } from './RouterAnchorButton';
import styles from './TopBar.module.css';

/**
 * The top bar: server time, spent this week, help, add funds, balance, the bell and the user menu. On narrow
 * screens it opens the sidebar drawer, and balance and add funds move into the user menu.
 */
export const TopBar = observer(function TopBar() {
  const intl = useIntl();
  const { network } = useStores();
  const { ui } = useShellStores();
  const sections = network.sections;
  return (
    <header className={styles.topBar} data-testid="top-bar">
      {ui.narrow && (
        <Button
          variant="minimal"
          icon={<MenuIcon />}
          aria-label={intl.formatMessage({ id: 'shell.topbar.openMenu' })}
          aria-expanded={ui.drawerOpen}
          onClick={ui.openDrawer}
          data-testid="drawer-toggle"
        />
      )}
      <ServerClock />
      <WeekSpent />
      <div className={styles.spacer} />
      <FullManageBadge />
      <HelpButton />
      {!ui.narrow && sections.has('AddFunds') && (
        <RouterAnchorButton to="/add-funds" intent="primary" icon={<CreditCard />} className={styles.addFunds}>
          {intl.formatMessage({ id: 'shell.topbar.addFunds' })}
        </RouterAnchorButton>
      )}
      {!ui.narrow && <BalanceDisplay />}
      {sections.has('Notifications') && <NotificationBell />}
      <UserMenu />
    </header>
  );
});
