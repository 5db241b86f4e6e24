import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Notifications, NotificationsUpdated } from '@blueprintjs/icons';
import { useStores } from '../app/context';
import { RouterAnchorButton } from './RouterAnchorButton';
import styles from './TopBar.module.css';

/** The bell: links to the notifications, drawn filled (with the count) while unread ones exist. */
export const NotificationBell = observer(function NotificationBell() {
  const intl = useIntl();
  const { notifications } = useStores();
  const unread = notifications.unread;
  const label = intl.formatMessage({ id: 'shell.topbar.notifications' }, { count: unread });
  return (
    <RouterAnchorButton
      to="/notification"
      variant="minimal"
      className={styles.bell}
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      data-unread={unread}
      icon={unread > 0 ? <NotificationsUpdated className={styles.bellActive} /> : <Notifications />}
    >
      {unread > 0 && (
        <span className={styles.bellCount} aria-hidden>
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </RouterAnchorButton>
  );
});
