import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useIntl } from 'react-intl';
import { Time } from '@blueprintjs/icons';
import { useStores } from '../app/context';
import { formatServerTime } from '../app/SettingsStore';
import styles from './TopBar.module.css';

/** The server's time in UTC (`MM.DD HH:mm:ss`), ticking every second on the server's clock, not the device's. */
export const ServerClock = observer(function ServerClock() {
  const intl = useIntl();
  const { settings } = useStores();
  const [now, setNow] = useState(() => Date.now());
  const known = settings.offsetMs !== null;
  useEffect(() => {
    if (!known) return;
    let timer: ReturnType<typeof setTimeout>;
    // Ticks on the server's second boundaries, so the seconds never skip or repeat.
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const server = settings.serverNow(current) ?? current;
      timer = setTimeout(tick, 1000 - (((server % 1000) + 1000) % 1000) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [known, settings]);
  const server = settings.serverNow(now);
  const label = intl.formatMessage({ id: 'shell.topbar.serverTime' });
  return (
    <div className={styles.clock} title={label}>
      <Time size={14} aria-hidden />
      <span className={styles.srOnly}>{label}</span>
      <time data-testid="server-time" dateTime={server === null ? undefined : new Date(server).toISOString()}>
        {server === null ? '--.-- --:--:--' : formatServerTime(server)}
      </time>
      <span className={styles.muted}>UTC</span>
    </div>
  );
});
