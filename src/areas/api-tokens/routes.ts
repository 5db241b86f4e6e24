import { main, type RouteDef } from '../../app/routeDef';

/**
 * The API tokens area: /api, the user's personal API tokens (the api-tokens resource's hosted list, with the form that
 * makes one) and the API reference, where calls can be tried with one of them.
 */
export const routes: readonly RouteDef[] = [main('api', '/api', 'Api', () => import('./ApiPage'))];
