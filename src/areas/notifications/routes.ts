import { main, open, type RouteDef } from '../../app/routeDef';

/** The notifications area: the list of the user's notifications, and the unsubscribe link of the mails. */
export const routes: readonly RouteDef[] = [
  main('notifications', '/notification', 'Notifications', () => import('./NotificationsPage')),
  open('unsubscribe', '/unsubscribe/:email', () => import('./UnsubscribePage')),
];
