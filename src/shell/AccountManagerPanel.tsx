import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { useStores } from '../app/context';
import { isSafeAssetUrl } from '../app/safeAssetUrl';
import { features } from './networkFeatures';
import styles from './Sidebar.module.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

/** The user's account manager (name, photo, how to reach them): only with the first kind of live chat. */
export const AccountManagerPanel = observer(function AccountManagerPanel() {
  const intl = useIntl();
  const { network, user } = useStores();
  const [broken, setBroken] = useState(false);
  const manager = user.user?.account_manager;
  if (!features.accountManagerPanel(network.settings) || !manager?.name) return null;
  const avatar = !broken && isSafeAssetUrl(manager.avatar_url) ? manager.avatar_url : null;
  const telegram = typeof manager.telegram === 'string' && /^[A-Za-z0-9_]{3,64}$/.test(manager.telegram) ? manager.telegram : null;
  return (
    <section className={styles.manager} aria-label={intl.formatMessage({ id: 'shell.manager.title' })} data-testid="account-manager">
      {avatar ? (
        <img className={styles.avatar} src={avatar} alt="" onError={() => setBroken(true)} />
      ) : (
        <span className={styles.avatar} aria-hidden>
          {initials(manager.name)}
        </span>
      )}
      <div className={styles.managerText}>
        <div className={styles.panelLabel}>{intl.formatMessage({ id: 'shell.manager.title' })}</div>
        <div className={styles.managerName}>{manager.name}</div>
        <div className={styles.managerLinks}>
          {manager.email && <a href={`mailto:${manager.email}`}>{intl.formatMessage({ id: 'shell.manager.email' })}</a>}
          {telegram && (
            <a href={`https://t.me/${telegram}`} target="_blank" rel="noopener noreferrer">
              Telegram
            </a>
          )}
        </div>
      </div>
    </section>
  );
});
