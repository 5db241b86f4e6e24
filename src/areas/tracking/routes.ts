import { main, type RouteDef } from '../../app/routeDef';

/**
 * The tracking area: /tracking, where the user learns how to report conversions (the postback URL, the tracking pixel
 * where the network offers one), sends a test conversion and reads the conversions received (the conversions
 * resource's hosted list).
 */
export const routes: readonly RouteDef[] = [main('tracking', '/tracking', 'Tracking', () => import('./TrackingPage'))];
