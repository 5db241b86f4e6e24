import type { ProvidersTrafficProviderAnswer } from '../../../generated/types';
import { HttpError } from '../../httpError';
import type { TrafficProviderRecord, TrafficProvidersRepository } from './repository';

/** A traffic provider as every call answers it (schemas/providers/traffic-provider.answer.schema.json). */
export const trafficProviderJson = (p: TrafficProviderRecord): ProvidersTrafficProviderAnswer => ({
  id: p.id,
  name: p.name,
  method_type: p.methodType,
  endpoint_url: p.endpointUrl,
  pricing_type: p.pricingType,
  vertical_type: p.verticalType,
  ssp_formats: p.sspFormats,
  qps_limit: p.qpsLimit,
  status: p.status,
  created_at: p.createdAt.toISOString(),
});

/** The user's provider or a 404: another user's provider does not exist for this user. */
export async function ownTrafficProvider(providers: TrafficProvidersRepository, userId: number, id: number): Promise<TrafficProviderRecord> {
  const provider = await providers.find(userId, id);
  if (!provider) throw new HttpError(404, 'Traffic provider not found.');
  return provider;
}
