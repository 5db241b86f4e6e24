/**
 * The dimensions of `traffic_daily` and what their `value_id`s mean: one place the generator and the estimate
 * share. Each dimension splits the `all` row of a (day, format, country) by one property of the traffic; the ids
 * are the ids a campaign's targets save, except where a note says otherwise. A dimension is named after its
 * target with `_` for `-` (operating-system → operating_system), and a dimension the statistics also group by
 * has the statistics' name (`source.groupBy` of schemas/statistics: traffic_platform), one name per dimension.
 */
import { deviceCatalog } from '../../reference/devices';

/** The totals of a (day, format, country): `value_id` 0. */
export const ALL = 'all';

/** Every split dimension, with the target (schemas/targets/<id>.target.json) whose values it carries. */
export const DIMENSIONS = {
  /** operating-system: ids of `collections/operating-systems`. */
  operating_system: 'operating-system',
  /** browser: ids of `collections/browsers`. */
  browser: 'browser',
  /** device-vendor: a small code per vendor (VENDOR_CODES), see there. Desktops have no vendor row. */
  device_vendor: 'device-vendor',
  /** carrier: ids of `collections/carriers`; only cellular traffic has a carrier. */
  carrier: 'carrier',
  /** connection-type: CONNECTION.wifi (any fixed line, Wi-Fi and desktops) or CONNECTION.cellular. */
  connection_type: 'connection-type',
  /** language: ids of `collections/language` (the browser language). */
  language: 'language',
  /** traffic-type: ids of `collections/traffic-types` (the vertical of the selling site). */
  traffic_type: 'traffic-type',
  /** category-group: IAB tier-1 ids of `collections/category-groups`; the `category` target is derived from it. */
  category_group: 'category-group',
  /** campaign-traffic-platform: ids of `collections/campaign-traffic-platforms` (desktop, mobile, tablet, smart TV). */
  traffic_platform: 'campaign-traffic-platform',
  /** ip2location-type: ids of `collections/ip2-location-types`. */
  ip2location_type: 'ip2location-type',
  /** placement-type: the ids of the target's own list (1 above the fold … 6 full screen). */
  placement_type: 'placement-type',
  /** ipv6: IP_VERSION.v4 or IP_VERSION.v6. */
  ipv6: 'ipv6',
} as const;

export type Dimension = keyof typeof DIMENSIONS;

export const CONNECTION = { wifi: 1, cellular: 2 } as const;
export const IP_VERSION = { v4: 1, v6: 2 } as const;

/**
 * Device vendors by name, coded 1, 2, 3… in this order. Vendor ids of `collections/device-vendors` are 48-bit
 * stable ids (server/reference/stableId.ts) and `traffic_daily.value_id` is a 32-bit integer, so the table
 * stores these codes and the estimate maps a target's vendor ids to them (vendorCode). Append only.
 */
export const VENDOR_NAMES = [
  'Apple', 'Samsung', 'Xiaomi', 'OPPO', 'Vivo', 'Huawei', 'Realme', 'Tecno Mobile', 'Infinix', 'iTel', 'Motorola',
  'Google', 'OnePlus', 'Sony', 'Nokia', 'LG', 'ZTE', 'Alcatel', 'POCO', 'Amazon', 'Lenovo', 'Asus', 'Sharp', 'TCL',
] as const;

export type VendorName = (typeof VENDOR_NAMES)[number];

/** The code a vendor has in `traffic_daily` (its place in VENDOR_NAMES, from 1). */
export const vendorCodeOf = (name: VendorName) => VENDOR_NAMES.indexOf(name) + 1;

let byCatalogId: Map<number, number> | undefined;
let modelVendor: Map<number, number> | undefined;

/** Catalog vendor id → its traffic code; vendors without traffic data have none. */
export function vendorCode(vendorId: number): number | undefined {
  if (!byCatalogId) {
    const ids = new Map(deviceCatalog().vendors.map((v) => [v.name, v.id]));
    byCatalogId = new Map();
    for (const name of VENDOR_NAMES) {
      const id = ids.get(name);
      if (id === undefined) throw new Error(`traffic dimensions: device vendor "${name}" is not in the device catalog`);
      byCatalogId.set(id, vendorCodeOf(name));
    }
  }
  return byCatalogId.get(vendorId);
}

/** Device model id → its vendor's catalog id (for the device-model heuristic). */
export function vendorOfModel(modelId: number): number | undefined {
  modelVendor ??= new Map(deviceCatalog().models.map((m) => [m.id, m.vendor_id]));
  return modelVendor.get(modelId);
}
