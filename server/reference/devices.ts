import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { withStableIds } from './stableId';

const require = createRequire(import.meta.url);

/** device-detector-js regex files per device family: brand → { device, model | models[] }. */
const FAMILIES = ['mobiles', 'televisions', 'consoles', 'notebooks', 'portable_media_player', 'car_browsers', 'cameras'];

interface BrandEntry {
  device?: string;
  model?: string;
  models?: { model?: string; device?: string }[];
}

export interface DeviceVendor {
  id: number;
  name: string;
}

export interface DeviceModel {
  id: number;
  name: string;
  vendor_id: number;
  vendor_name: string;
  device_type: string;
}

let cache: { vendors: DeviceVendor[]; models: DeviceModel[] } | undefined;

// Models like "Galaxy $1" are templates filled from the user agent, not names: they are skipped.
const isConcreteModel = (model: string | undefined): model is string => !!model && !model.includes('$') && model.trim() !== '';

/** Device vendors and models named in device-detector-js's detection rules (thousands of real models). */
export function deviceCatalog() {
  if (cache) return cache;
  const vendorNames = new Set<string>();
  const modelRows: { name: string; vendor: string; type: string }[] = [];
  const seenModels = new Set<string>();
  for (const family of FAMILIES) {
    const file = require.resolve(`device-detector-js/dist/fixtures/regexes/device/${family}.json`);
    const brands = JSON.parse(readFileSync(file, 'utf8')) as Record<string, BrandEntry>;
    for (const [vendor, entry] of Object.entries(brands)) {
      if (vendor === 'Unknown') continue;
      vendorNames.add(vendor);
      const models = entry.models ?? (entry.model ? [{ model: entry.model }] : []);
      for (const m of models) {
        const name = m.model?.trim();
        if (!isConcreteModel(name)) continue;
        const key = `${vendor}\u0000${name}`;
        if (seenModels.has(key)) continue;
        seenModels.add(key);
        modelRows.push({ name, vendor, type: m.device ?? entry.device ?? 'smartphone' });
      }
    }
  }
  const vendors = withStableIds(
    'device-vendors',
    [...vendorNames].sort((a, b) => a.localeCompare(b, 'en')).map((name) => ({ name })),
    (v) => `vendor:${v.name}`,
  ).map(({ id, name }) => ({ id, name }));
  const vendorId = new Map(vendors.map((v) => [v.name, v.id]));
  const models = withStableIds('device-models', modelRows, (m) => `model:${m.vendor}:${m.name}`)
    .map((m) => ({ id: m.id, name: m.name, vendor_id: vendorId.get(m.vendor)!, vendor_name: m.vendor, device_type: m.type }))
    .sort((a, b) => a.vendor_name.localeCompare(b.vendor_name, 'en') || a.name.localeCompare(b.name, 'en'));
  cache = { vendors, models };
  return cache;
}
