import { useState } from 'react';
import { useNavigate } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { CaretDown, CreditCard, Dollar, LogOut, Person, Refresh } from '@blueprintjs/icons';
import { useStores } from '../app/context';
import { useShellStores } from './useShellStores';
import { features } from './networkFeatures';
import { formatMoney } from './money';
import styles from './TopBar.module.css';

/**
 * The user menu: profile; on small screens also the balance and add funds; then sign out, or, while support
 * acts as the user, 'Leave impersonate'.
 */
export const UserMenu = observer(function UserMenu() {
  const intl = useIntl();
  const stores = useStores();
  const { user, network } = stores;
  const { ui } = useShellStores();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const current = user.user;
  const impersonating = current?.is_impersonating === true;
  const sections = network.sections;

  async function signOut() {
    setLeaving(true);
    await stores.signOut();
    navigate('/login', { replace: true });
  }

  async function leave() {
    setLeaving(true);
    if (!(await stores.leaveImpersonation())) setLeaving(false);
  }

  const menu = (
    <Menu aria-label={intl.formatMessage({ id: 'shell.userMenu.label' })} data-testid="user-menu">
      {current && <MenuDivider title={current.email} />}
      {sections.has('Profile') && (
        <MenuItem icon={<Person />} text={intl.formatMessage({ id: 'shell.userMenu.profile' })} onClick={() => navigate('/personal')} />
      )}
      {ui.narrow && (
        <>
          <MenuItem
            icon={<Dollar />}
            text={intl.formatMessage({ id: 'shell.userMenu.balance' }, { balance: formatMoney(user.balance, intl.locale, features.currencySign(network.settings)) })}
            labelElement={<Refresh />}
            shouldDismissPopover={false}
            onClick={() => void user.refresh()}
            aria-label={intl.formatMessage({ id: 'shell.topbar.refreshBalance' })}
          />
          {sections.has('AddFunds') && (
            <MenuItem icon={<CreditCard />} text={intl.formatMessage({ id: 'shell.topbar.addFunds' })} onClick={() => navigate('/add-funds')} />
          )}
        </>
      )}
      <MenuDivider />
      <MenuItem
        icon={<LogOut />}
        intent={impersonating ? 'warning' : undefined}
        disabled={leaving}
        text={intl.formatMessage({ id: impersonating ? 'shell.userMenu.leaveImpersonate' : 'shell.userMenu.signOut' })}
        onClick={() => void (impersonating ? leave() : signOut())}
      />
    </Menu>
  );

  return (
    <PopoverNext content={menu} placement="bottom-end">
      <Button variant="minimal" className={styles.userButton} endIcon={<CaretDown />} loading={leaving} data-testid="user-menu-button">
        <span className={styles.avatarSmall} aria-hidden>
          {(current?.name ?? '?').slice(0, 1).toUpperCase()}
        </span>
        <span className={styles.userName}>
          {current?.name ?? intl.formatMessage({ id: 'app.loading' })}
          {impersonating && <span className={styles.impersonating}>{intl.formatMessage({ id: 'shell.userMenu.impersonating' })}</span>}
        </span>
      </Button>
    </PopoverNext>
  );
});
