import type { RtbEndpoint, RtbRtbNetwork } from '../../../generated/types';
import { invalidData, type FieldErrors } from '../../httpError';
import { phrase } from '../../i18n/phrase';
import { webAddressProblem } from '../../services/webAddress';
import type { RtbEndpointInput, RtbNetworkInput } from './repository';

/** tmax of an endpoint whose form leaves the timeout out (the schema's default). */
export const DEFAULT_TIMEOUT_MS = 300;

/** The error of an ad format list with a format the network does not sell (or that does not exist). */
function formatProblem(formats: readonly string[], sold: readonly string[]) {
  return formats.every((id) => sold.includes(id)) ? null : phrase('Choose an ad format this network offers.');
}

/** Adds `message` under `field` when there is one. */
const add = (errors: FieldErrors, field: string, message: ReturnType<typeof phrase> | null) => {
  if (message) (errors[field] ??= []).push(message);
};

/**
 * The RTB network form after its schema: formats this network sells (`sold`: the network config's ad formats),
 * OpenRTB or XML on, an http(s) website without credentials. Throws a 422 with every field's problem, under the
 * form's own field names (the route answers them under its camelCase keys).
 */
export function checkRtbNetwork(body: RtbRtbNetwork, sold: readonly string[]): RtbNetworkInput {
  const errors: FieldErrors = {};
  const input: RtbNetworkInput = {
    adFormats: body.ad_formats,
    platform: body.platform,
    serverLocation: body.server_location,
    openRtb: body.open_rtb,
    xml: body.xml,
    ipv6Support: body.ipv6_support,
    dsp: body.dsp.trim(),
    websiteLink: body.website_link.trim(),
  };
  add(errors, 'ad_formats', formatProblem(input.adFormats, sold));
  if (!input.openRtb && !input.xml) add(errors, 'open_rtb', phrase('Turn on OpenRTB, XML or both.'));
  add(errors, 'website_link', webAddressProblem(input.websiteLink));
  if (Object.keys(errors).length) throw invalidData(errors);
  return input;
}

/**
 * The RTB endpoint form after its schema: formats this network sells, an http(s) URL without credentials, a name no
 * other endpoint of the user has (`nameTaken`), the timeout's default. Throws a 422 with every field's problem.
 */
export async function checkRtbEndpoint(body: RtbEndpoint, sold: readonly string[], nameTaken: (name: string) => Promise<boolean>): Promise<RtbEndpointInput> {
  const errors: FieldErrors = {};
  const input: RtbEndpointInput = {
    name: body.name.trim(),
    url: body.url.trim(),
    protocol: body.protocol,
    adFormats: body.ad_formats,
    serverLocation: body.server_location,
    qps: body.qps,
    timeoutMs: body.timeout_ms ?? DEFAULT_TIMEOUT_MS,
  };
  add(errors, 'ad_formats', formatProblem(input.adFormats, sold));
  add(errors, 'url', webAddressProblem(input.url));
  if (await nameTaken(input.name)) add(errors, 'name', ENDPOINT_NAME_TAKEN);
  if (Object.keys(errors).length) throw invalidData(errors);
  return input;
}

export const ENDPOINT_NAME_TAKEN = phrase('You already have an RTB endpoint with this name.');
