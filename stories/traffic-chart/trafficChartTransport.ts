import type { LookupTransport } from '../../engine/lookup';
import { STORY_SETTINGS } from '../campaigns/campaignFixtures';
import { createCampaignTransport } from '../campaigns/campaignTransport';
import { estimate, type EstimateRequest } from '../campaigns/trafficEstimate';
import { answerLater } from '../fixtures/answerLater';

export interface TrafficChartTransportOptions {
  /** Simulated latency of every answer in ms (default 300; availability takes twice as long). */
  latencyMs?: number;
  /** Fail this many first availability requests (the error state and its retry). */
  failFirst?: number;
  /** Called with every availability request body. */
  onTrafficRequest?: (body: EstimateRequest) => void;
}

/**
 * `POST available-traffic-by-country` as the server answers it, from the campaign stories' deterministic estimate;
 * `GET settings` with the traffic chart's pricing models; everything else (network, countries, premium sites) as the campaign stories answer it.
 */
export function createTrafficChartTransport({ latencyMs = 300, failFirst = 0, onTrafficRequest }: TrafficChartTransportOptions = {}): LookupTransport {
  const fallback = createCampaignTransport({ latencyMs });
  let failures = 0;
  return (req) => {
    const route = `${req.method} ${req.url.replace(/^\/+/, '').split('?')[0]}`;
    if (route === 'GET settings') return answerLater(req, { body: { data: { ...STORY_SETTINGS, traffic_chart_pricing_models: ['cpc', 'cpm'] } } }, latencyMs * 2);
    if (route !== 'POST available-traffic-by-country') return fallback(req);
    const request = (req.data ?? {}) as EstimateRequest;
    onTrafficRequest?.(request);
    if (failures < failFirst) {
      failures += 1;
      return answerLater(req, { fail: '503 Traffic statistics are being rebuilt; try again in a moment' }, latencyMs * 2);
    }
    return answerLater(req, { body: { data: estimate(request).byCountry } }, latencyMs * 2);
  };
}
