import type { RtbEndpointAnswer, RtbRtbNetworkAnswer } from '../../../generated/types';
import { HttpError } from '../../httpError';
import type { RtbEndpointRecord, RtbNetworkRecord, RtbRepository } from './repository';

/** An RTB network request as every call answers it (schemas/rtb/rtb-network.answer.schema.json). */
export const networkJson = (n: RtbNetworkRecord): RtbRtbNetworkAnswer => ({
  id: n.id,
  ad_formats: n.adFormats,
  platform: n.platform,
  server_location: n.serverLocation,
  open_rtb: n.openRtb,
  xml: n.xml,
  ipv6_support: n.ipv6Support,
  dsp: n.dsp,
  website_link: n.websiteLink,
  status: n.status,
  created_at: n.createdAt.toISOString(),
});

/** An RTB endpoint as every call answers it (schemas/rtb/endpoint.answer.schema.json). */
export const endpointJson = (e: RtbEndpointRecord): RtbEndpointAnswer => ({
  id: e.id,
  name: e.name,
  url: e.url,
  protocol: e.protocol,
  ad_formats: e.adFormats,
  server_location: e.serverLocation,
  qps: e.qps,
  timeout_ms: e.timeoutMs,
  status: e.status,
  last_test: e.lastTest ?? null,
  created_at: e.createdAt.toISOString(),
  updated_at: e.updatedAt.toISOString(),
});

/** The user's network request or a 404: another user's request does not exist for this user. */
export async function ownNetwork(rtb: RtbRepository, userId: number, id: number): Promise<RtbNetworkRecord> {
  const network = await rtb.findNetwork(userId, id);
  if (!network) throw new HttpError(404, 'RTB network not found.');
  return network;
}

/** The user's endpoint or a 404: another user's endpoint does not exist for this user. */
export async function ownEndpoint(rtb: RtbRepository, userId: number, id: number): Promise<RtbEndpointRecord> {
  const endpoint = await rtb.findEndpoint(userId, id);
  if (!endpoint) throw new HttpError(404, 'RTB endpoint not found.');
  return endpoint;
}
