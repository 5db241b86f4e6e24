import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../paths';

/** What the server tells the panel about one ad format. */
export interface AdFormatInfo {
  id: string;
  name: string;
  pricing_models: string[];
  [key: string]: unknown;
}

/**
 * The eleven formats of the product with the pricing models each sells; used while schemas/ad-formats/ has no
 * manifest for a format (the manifest, `format.json`, wins as soon as it exists).
 */
const BUILT_IN: AdFormatInfo[] = [
  { id: 'popunder', name: 'Popunder', pricing_models: ['cpm', 'cpa', 'cpm_goal'] },
  { id: 'banner', name: 'Banner', pricing_models: ['cpm', 'cpc', 'cpa', 'cpm_goal', 'cpc_goal'] },
  { id: 'in-stream', name: 'In-Stream Video', pricing_models: ['cpm', 'cpc', 'cpm_goal'] },
  { id: 'native', name: 'Native Ad', pricing_models: ['cpc', 'cpm', 'cpa', 'cpc_goal'] },
  { id: 'web-push', name: 'Web Push', pricing_models: ['cpc', 'cpa', 'cpc_goal'] },
  { id: 'notification-widget', name: 'Notification Widget', pricing_models: ['cpc', 'cpm'] },
  { id: 'gallery', name: 'Gallery', pricing_models: ['cpc'] },
  { id: 'direct-link', name: 'Direct Link', pricing_models: ['cpc', 'cpa'] },
  { id: 'interstitial', name: 'Interstitial', pricing_models: ['cpm', 'cpc', 'cpa'] },
  { id: 'in-page', name: 'In-Page Push', pricing_models: ['cpc', 'cpm', 'cpa', 'cpc_goal'] },
  { id: 'ios-calendar', name: 'iOS Calendar', pricing_models: ['cpc'] },
];

/** Manifests found under schemas/ad-formats/<id>/format.json, by id. */
function manifests(dir: string): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name, 'format.json');
    if (entry.isDirectory() && existsSync(file)) out.set(entry.name, JSON.parse(readFileSync(file, 'utf8')));
  }
  return out;
}

/** Every ad format the server knows, manifests first, in the product's order. */
export function loadAdFormats(dir = join(paths.schemas, 'ad-formats')): Map<string, AdFormatInfo> {
  const found = manifests(dir);
  const out = new Map<string, AdFormatInfo>();
  for (const builtIn of BUILT_IN) out.set(builtIn.id, builtIn);
  for (const [id, m] of found) {
    const pricing = m.pricingModels ?? m.pricing_models;
    out.set(id, {
      ...(out.get(id) ?? {}),
      ...m,
      id,
      name: typeof m.name === 'string' ? m.name : id,
      pricing_models: Array.isArray(pricing) ? (pricing as string[]) : (out.get(id)?.pricing_models ?? []),
    });
  }
  return out;
}
