import { main, type RouteDef } from '../../app/routeDef';

/** The traffic area: the traffic the network has per day and country, as a chart and a table. */
export const routes: readonly RouteDef[] = [main('trafficChart', '/traffic-chart', 'TrafficChart', () => import('./TrafficChartPage'))];
