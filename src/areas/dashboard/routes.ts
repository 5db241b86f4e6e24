import { main, type RouteDef } from '../../app/routeDef';

/** The dashboard area: spend, campaign counts, balance, the last days' chart and the campaign table. */
export const routes: readonly RouteDef[] = [main('dashboard', '/dashboard', 'Dashboard', () => import('./DashboardPage'))];
