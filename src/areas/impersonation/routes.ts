import { open, type RouteDef } from '../../app/routeDef';

/** The impersonation area: support staff open the panel as a user through a one-time link. */
export const routes: readonly RouteDef[] = [
  // The auth check is skipped: the page itself takes the impersonation token.
  open('impersonate', '/impersonate', () => import('./ImpersonatePage')),
];
