import { main, type RouteDef } from '../../app/routeDef';

/** The RTB area's landing; its networks and endpoints are resources (schemas/rtb/*.resource.json) with generic pages. */
export const routes: readonly RouteDef[] = [main('rtb', '/rtb', 'Rtb', () => import('./RtbPage'))];
