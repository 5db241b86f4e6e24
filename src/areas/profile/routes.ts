import { main, type RouteDef } from '../../app/routeDef';

/** The profile area: the user's personal data, password, two-factor sign-in and Telegram link. */
export const routes: readonly RouteDef[] = [main('personal', '/personal', 'Profile', () => import('./PersonalPage'))];
