import { main, type RouteDef } from '../../app/routeDef';

/** The notifications area: the list of the user's notifications. */
export const routes: readonly RouteDef[] = [main('notifications', '/notification', 'Notifications', () => import('./NotificationsPage'))];
