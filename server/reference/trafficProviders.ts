import type { LookupsTrafficProviderAnswer as TrafficProvider } from '../../generated/types';

export const MAIN_TRAFFIC_PROVIDER_ID = 1;

/**
 * Supply partners a campaign may buy from (the traffic providers target; schemas/lookups/traffic-provider.answer.schema.json).
 * Id 1 is the network's own inventory, on unless the campaign turns `enable_main_provider` off; ids are saved in
 * targets, so never renumber.
 */
export const trafficProviders: readonly TrafficProvider[] = [
  { id: 1, name: 'Main provider', method_type: 'rtb' },
  { id: 2, name: 'Northwind Exchange', method_type: 'rtb' },
  { id: 3, name: 'BlueRiver Media', method_type: 'xml' },
  { id: 4, name: 'PushLane XML', method_type: 'xml' },
  { id: 5, name: 'Adverly RTB', method_type: 'rtb' },
  { id: 6, name: 'Trafficore', method_type: 'rtb' },
  { id: 7, name: 'PopStream Media', method_type: 'xml' },
  { id: 8, name: 'Clickora Feed', method_type: 'xml' },
  { id: 9, name: 'Zenith SSP', method_type: 'rtb' },
  { id: 10, name: 'MediaNest', method_type: 'rtb' },
  { id: 11, name: 'Orbit Ad Exchange', method_type: 'rtb' },
  { id: 12, name: 'Velocity Push', method_type: 'xml' },
  { id: 13, name: 'Kite Traffic', method_type: 'xml' },
  { id: 14, name: 'Lumen RTB', method_type: 'rtb' },
  { id: 15, name: 'Maple Ad Network', method_type: 'xml' },
  { id: 16, name: 'Quasar XML', method_type: 'xml' },
  { id: 17, name: 'RedPeak Media', method_type: 'rtb' },
  { id: 18, name: 'Sapphire Exchange', method_type: 'rtb' },
  { id: 19, name: 'TideBid', method_type: 'rtb' },
  { id: 20, name: 'UrbanPush', method_type: 'xml' },
  { id: 21, name: 'Vortex Traffic', method_type: 'xml' },
  { id: 22, name: 'Willow SSP', method_type: 'rtb' },
  { id: 23, name: 'Xeno Media Feed', method_type: 'xml' },
  { id: 24, name: 'Yonder Ads', method_type: 'rtb' },
  { id: 25, name: 'Zephyr RTB', method_type: 'rtb' },
];
