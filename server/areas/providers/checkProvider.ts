import type { ProvidersTrafficProvider } from '../../../generated/types';
import { invalidData, type FieldErrors } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { sspFormatById } from '../../reference/sspFormats';
import { webAddressProblem } from '../../services/webAddress';
import type { TrafficProviderInput } from './repository';

export const PROVIDER_NAME_TAKEN = phrase('You already have a traffic provider with this name.');

/**
 * The traffic provider form after its schema: SSP formats that exist and that the method type carries, an http(s)
 * endpoint without credentials, a name no other provider of the user has (`nameTaken`). Throws a 422 with every
 * field's problem.
 */
export async function checkTrafficProvider(body: ProvidersTrafficProvider, nameTaken: (name: string) => Promise<boolean>): Promise<TrafficProviderInput> {
  const errors: FieldErrors = {};
  const input: TrafficProviderInput = {
    name: body.name.trim(),
    methodType: body.method_type,
    endpointUrl: body.endpoint_url.trim(),
    pricingType: body.pricing_type,
    verticalType: body.vertical_type,
    sspFormats: body.ssp_formats,
    qpsLimit: body.qps_limit,
  };
  const formats = input.sspFormats.map((id) => sspFormatById.get(id));
  if (formats.some((f) => !f)) (errors.ssp_formats ??= []).push(phrase('Choose SSP formats from the list.'));
  const unsupported = formats.filter((f) => f && !f.method_types.includes(input.methodType)).map((f) => f!.name);
  if (unsupported.length) {
    const method = input.methodType === 'xml' ? phrase('an XML feed') : 'OpenRTB';
    (errors.ssp_formats ??= []).push(phrase('{formats} cannot come through {method}.', { formats: unsupported.join(', '), method }));
  }
  const problem = webAddressProblem(input.endpointUrl);
  if (problem) errors.endpoint_url = [problem];
  if (await nameTaken(input.name)) errors.name = [PROVIDER_NAME_TAKEN];
  if (Object.keys(errors).length) throw invalidData(errors);
  return input;
}
