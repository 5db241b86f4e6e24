import { useState } from 'react';
import { useNavigate } from 'react-router';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Button, Card, H2, Spinner } from '@blueprintjs/core';
import { LogOut } from '@blueprintjs/icons';
import { formatNumber } from '../../../engine/format';
import { useStores } from '../../app/context';
import { usePageTitle } from '../../app/usePageTitle';
import { NetworkBrand } from '../../app/NetworkBrand';
import styles from './HomePage.module.css';

/** The signed-in landing page until the shell (sidebar, top bar, dashboard) arrives. */
export const HomePage = observer(function HomePage() {
  const intl = useIntl();
  const { api, session, user } = useStores();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  usePageTitle(intl.formatMessage({ id: 'home.title' }));

  async function signOut() {
    setLeaving(true);
    try {
      await api.post('auth/logout', undefined, { silent: true });
    } catch {
      // The token is dropped either way; a failed revoke must not keep the user signed in on this device.
    } finally {
      session.logout();
      user.clear();
      navigate('/login', { replace: true });
    }
  }

  const current = user.user;
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <NetworkBrand />
        <Button icon={<LogOut />} variant="minimal" loading={leaving} onClick={() => void signOut()}>
          {intl.formatMessage({ id: 'home.signOut' })}
        </Button>
      </header>
      <Card className={styles.card}>
        {current ? (
          <>
            <H2>{intl.formatMessage({ id: 'home.heading' }, { name: current.name })}</H2>
            <p data-testid="balance">{intl.formatMessage({ id: 'home.balance' }, { balance: formatNumber(current.balance, 'money', intl.locale) })}</p>
            <p>{intl.formatMessage({ id: 'home.placeholder' })}</p>
          </>
        ) : (
          <Spinner aria-label={intl.formatMessage({ id: 'app.loading' })} />
        )}
      </Card>
    </main>
  );
});

export default HomePage;
