import { useEffect } from 'react';
import { useStores } from '../app/context';
import { useShellStores } from '../shell/useShellStores';

/**
 * What the signed-in shell keeps current while it is shown: the unread count (once), the balance every
 * 30 minutes, and the check for a new build every minute.
 */
export function useShellData() {
  const { notifications, user, session } = useStores();
  const { updates } = useShellStores();
  const signedIn = session.isAuthenticated;
  useEffect(() => {
    if (signedIn && notifications.status === 'idle') void notifications.load();
  }, [signedIn, notifications]);
  useEffect(() => user.startBalanceRefresh(), [user]);
  useEffect(() => updates.start(), [updates]);
}
