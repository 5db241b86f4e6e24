/**
 * The demo ad server honours the targets whose traits the event log does not store (region, city, language,
 * device, IP, site properties, app, interests, placement, push subscription age, in-page, frequency cap). The log
 * cannot show them, so the tests watch each impression bought (`onImpression`): with a target's include list every
 * impression has the trait, with the same list as an exclude list none has it, and both still buy.
 */
import { describe, expect, it } from 'vitest';
import { EVENT_KIND, type EventRow } from '../areas/statistics/events';
import type { Visitor } from '../areas/campaigns/audience';
import { geo } from '../reference/geo';
import { languages } from '../reference/languages';
import { deviceCatalog } from '../reference/devices';
import { mobileApps } from '../reference/mobileApps';
import { sites } from '../reference/sites';
import { ipValue } from '../reference/ipRanges';
import { generateEvents, type EventCampaign } from './generateEvents';
import { IN_APP_SHARE } from './visitorTraits';

const NOW = new Date('2026-11-26T18:00:00Z');

async function bought(adFormat: string, targets: Record<string, unknown>, lines = 8_000) {
  const campaign: EventCampaign = { id: 1, userId: 1, adFormat, pricingModel: 'cpm', price: '2.0000', creativeIds: [0], targets };
  const visitors: Visitor[] = [];
  const rows: EventRow[] = [];
  await generateEvents([campaign], { events: lines, days: 6, now: NOW, onImpression: (_, v) => void visitors.push({ ...v }) }, async (batch) => void rows.push(...batch));
  return { visitors, impressions: rows.filter((r) => r.kind === EVENT_KIND.impression) };
}

const byId = <T extends { id: number }>(items: readonly T[]) => [...items].sort((a, b) => a.id - b.id);
const usRegions = byId(geo().regions.items.filter((r) => r.country_id === 840));
const bigRegion = usRegions[0].id;
const regionCities = byId(geo().cities.items.filter((c) => c.region_id === bigRegion)).slice(0, 5).map((c) => c.id);
const english = languages().find((l) => l.code === 'en')!.id;
const samsung = deviceCatalog().vendors.find((v) => v.name === 'Samsung')!.id;
const samsungPhones = byId(deviceCatalog().models.filter((m) => m.vendor_id === samsung && m.device_type !== 'tablet')).slice(0, 60).map((m) => m.id);
const androidApps = byId(mobileApps().filter((a) => a.platform === 'android')).slice(0, 5).map((a) => a.id);
const popunderSites = sites().filter((s) => (s.ad_formats as readonly string[]).includes('popunder'));
const commonGroup = (() => {
  const counts = new Map<number, number>();
  for (const s of popunderSites) if (s.category_group_id) counts.set(s.category_group_id, (counts.get(s.category_group_id) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
})();
const someCategories = [...new Set(popunderSites.slice(0, 40).flatMap((s) => s.category_ids))].slice(0, 6);
const lowHalf = (v: Visitor) => v.ip?.version === 4 && v.ip.value < ipValue('128.0.0.0', 4);

/** A target, the format it is offered on, and what an impression bought under its include list has. */
const RULES: { target: string; label?: string; format?: string; include: Record<string, unknown>; exclude?: Record<string, unknown>; has: (v: Visitor) => boolean }[] = [
  { target: 'region', include: { country: { countries: [840] }, region: { regions: [bigRegion] } }, exclude: { country: { countries: [840] }, region: { accept: false, regions: [bigRegion] } }, has: (v) => v.region === bigRegion },
  { target: 'city', include: { country: { countries: [840] }, city: { cities: regionCities } }, exclude: { country: { countries: [840] }, city: { accept: false, cities: regionCities } }, has: (v) => regionCities.includes(v.city ?? 0) },
  { target: 'language', include: { language: { languages: [english] } }, exclude: { language: { accept: false, languages: [english] } }, has: (v) => v.language === english },
  { target: 'device-vendor', include: { 'device-vendor': { vendors: [samsung] } }, exclude: { 'device-vendor': { accept: false, vendors: [samsung] } }, has: (v) => v.device_vendor === samsung },
  { target: 'device-model', include: { 'device-model': { models: samsungPhones } }, exclude: { 'device-model': { accept: false, models: samsungPhones } }, has: (v) => samsungPhones.includes(v.device_model ?? 0) },
  { target: 'ip2location-type', include: { 'ip2location-type': { types: [9] } }, exclude: { 'ip2location-type': { accept: false, types: [9] } }, has: (v) => v.ip2location_type === 9 },
  { target: 'traffic-type', include: { 'traffic-type': { traffic_types: [1, 2] } }, exclude: { 'traffic-type': { traffic_types: [3, 4, 5, 6, 7, 8] } }, has: (v) => [1, 2].includes(v.traffic_type ?? 0) },
  { target: 'traffic-quality', include: { 'traffic-quality': { qualities: ['high'] } }, exclude: { 'traffic-quality': { qualities: ['medium'] } }, has: (v) => v.traffic_quality === 'high' },
  { target: 'category-group', include: { 'category-group': { category_groups: [commonGroup] } }, exclude: { 'category-group': { accept: false, category_groups: [commonGroup] } }, has: (v) => v.category_group === commonGroup },
  { target: 'category', include: { category: { categories: someCategories } }, exclude: { category: { accept: false, categories: someCategories } }, has: (v) => (v.category ?? []).some((c) => someCategories.includes(c)) },
  { target: 'interest', include: { interest: { interests: [1, 2] } }, has: (v) => (v.interest ?? []).some((i) => i <= 2) },
  { target: 'mobile-app', format: 'banner', include: { 'mobile-app': { apps: androidApps } }, exclude: { 'mobile-app': { accept: false, apps: androidApps } }, has: (v) => androidApps.includes(v.mobile_app ?? 0) },
  { target: 'placement-type', format: 'banner', include: { 'placement-type': { placement_types: [1, 3] } }, exclude: { 'placement-type': { placement_types: [2, 4, 5, 6] } }, has: (v) => [1, 3].includes(v.placement_type ?? 0) },
  { target: 'ip-range', include: { 'ip-range': { ip_ranges: '0.0.0.0/1' } }, exclude: { 'ip-range': { accept: false, ip_ranges: '0.0.0.0/1' } }, has: lowHalf },
  { target: 'ipv6', include: { ipv6: { type: 'only' } }, exclude: { ipv6: { type: 'exclude' } }, has: (v) => v.ip?.version === 6 },
  // Switches and thresholds: one side only.
  { target: 'browser', label: 'browser version', include: { browser: { browsers: [1, 10], min_version: 141 } }, has: (v) => (v.browser_version ?? 0) >= 141 },
  { target: 'site', label: 'site premium', include: { site: { premium: true } }, has: (v) => v.site_flags?.premium === true },
  { target: 'site', label: 'site marketplace', include: { site: { marketplace: true } }, has: (v) => v.site_flags?.marketplace === true },
  { target: 'site', label: 'site without new ones', include: { site: { is_new: false } }, has: (v) => v.site_flags?.isNew === false },
  { target: 'in-page-traffic', format: 'in-page', include: { 'in-page-traffic': { accept: false } }, has: (v) => v.in_page === false },
  { target: 'web-push-subscription-time', format: 'web-push', include: { 'web-push-subscription-time': { min_days: 30, max_days: 90 } }, exclude: { 'web-push-subscription-time': { max_days: 29 } }, has: (v) => (v.subscription_days ?? -1) >= 30 && (v.subscription_days ?? -1) <= 90 },
];

describe('the demo ad server honours the targets the event log does not store', () => {
  it.each(RULES.map((rule) => [rule.label ?? rule.target, rule] as const))('%s: an include list buys only impressions that match it, an exclude list none', async (_, { format = 'popunder', include, exclude, has, target }) => {
    const kept = await bought(format, include);
    expect(kept.visitors.length, `${target}: bought under the include list`).toBeGreaterThan(20);
    expect(kept.visitors.filter((v) => !has(v)), `${target}: outside the include list`).toEqual([]);
    if (!exclude) return;
    const left = await bought(format, exclude);
    expect(left.visitors.length, `${target}: bought under the exclude list`).toBeGreaterThan(20);
    expect(left.visitors.filter(has), `${target}: inside the exclude list`).toEqual([]);
  });

  it('in-app impressions come from the listed apps and carry no site in the statistics', async () => {
    const { visitors, impressions } = await bought('banner', { 'mobile-app': { apps: androidApps } });
    expect(impressions.length).toBe(visitors.length);
    expect(impressions.every((r) => r.siteId === 0 && r.spotId === 0 && r.operatingSystemId === 1)).toBe(true);
    // Apps are a share of phone traffic: leaving them out still buys the web.
    const web = await bought('banner', { 'mobile-app': { accept: false, apps: androidApps } });
    expect(web.visitors.filter((v) => v.mobile_app).length / web.visitors.length).toBeLessThan(IN_APP_SHARE);
  });

  it('a frequency cap keeps each person under it in every window, and buys less than no cap', async () => {
    const capped = await bought('popunder', { uniques: { accept: true, cap: 1, ttl: 24 } }, 20_000);
    const open = await bought('popunder', { uniques: { accept: false } }, 20_000);
    expect(capped.visitors.every((v) => v.person !== undefined)).toBe(true);
    const hours = new Map<number, number[]>();
    capped.visitors.forEach((v, i) => hours.set(v.person!, [...(hours.get(v.person!) ?? []), Math.floor(capped.impressions[i].occurredAt / 3_600_000)]));
    for (const seen of hours.values()) for (let i = 1; i < seen.length; i++) expect(seen[i] - seen[i - 1]).toBeGreaterThanOrEqual(24);
    expect(capped.impressions.length).toBeLessThan(open.impressions.length * 0.9);
    expect(capped.impressions.length).toBeGreaterThan(open.impressions.length * 0.3);
  });
});
