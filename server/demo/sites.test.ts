import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../paths';
import { isDomainName } from '../reference/siteSearch';
import { loadAdFormats } from '../settings/adFormats';
import { globalSettings } from '../settings/globalSettings';
import { countries } from '../reference/countries';
import { categories, categoryGroups } from '../reference/curated/categories';
import { trafficTypes } from '../reference/curated/lists';
import { mobileApps, mobileAppById } from '../reference/mobileApps';
import { siteByDomain, siteById, sites } from '../reference/sites';
import { APP_COUNT } from './mobileApps';
import { SeededRandom } from './seededRandom';
import { FIRST_SITE_ID, PLACEMENT_TYPE_IDS, SITE_COUNT } from './sites';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const share = (count: number) => count / SITE_COUNT;

describe('SeededRandom', () => {
  it('gives the same numbers for the same seed, and others for another seed', () => {
    const draw = (seed: string) => Array.from({ length: 5 }, ((rng) => () => rng.next())(new SeededRandom(seed)));
    expect(draw('a')).toEqual(draw('a'));
    expect(draw('a')).not.toEqual(draw('b'));
    expect(draw('a').every((x) => x >= 0 && x < 1)).toBe(true);
  });
});

describe('sites', () => {
  const list = sites();

  it('are the same on every run: ids and domains are pinned by a fingerprint', () => {
    // A changed fingerprint means saved site targets would point at other sites: never renumber or redraw
    // existing sites (append by raising SITE_COUNT, which changes this value only by the new lines).
    expect(list.slice(0, 4).map((s) => `${s.id} ${s.domain}`)).toEqual(['10001 gossipseries.ca', '10002 hotcams.tv', '10003 fitcare.com', '10004 true-weather.com']);
    expect(sha256(list.map((s) => `${s.id}:${s.domain}`).join('\n'))).toBe('661bc0e630a7729e7b2a7af6277a3758d66775fd1f1e1bf4c87205ecdf4cbc10');
  });

  it('are rebuilt identically by a fresh module (no state or clock involved)', async () => {
    vi.resetModules();
    const fresh = await import('../reference/sites');
    expect(fresh.sites()).not.toBe(list);
    expect(JSON.stringify(fresh.sites())).toBe(JSON.stringify(list));
  });

  it('have unique ids from FIRST_SITE_ID and unique, well-formed domains', () => {
    expect(list).toHaveLength(SITE_COUNT);
    expect(list.map((s) => s.id)).toEqual(Array.from({ length: SITE_COUNT }, (_, i) => FIRST_SITE_ID + i));
    expect(new Set(list.map((s) => s.domain)).size).toBe(SITE_COUNT);
    expect(list.filter((s) => !isDomainName(s.domain) || s.domain.startsWith('www.')).map((s) => s.domain)).toEqual([]);
    expect(siteById(10002)?.domain).toBe('hotcams.tv');
    expect(siteByDomain('hotcams.tv')?.id).toBe(10002);
    expect(siteById(1)).toBeUndefined();
  });

  it('have realistic shares of new, premium, video and marketplace sites', () => {
    expect(share(list.filter((s) => s.is_new).length)).toBeGreaterThan(0.07);
    expect(share(list.filter((s) => s.is_new).length)).toBeLessThan(0.13);
    expect(share(list.filter((s) => s.premium).length)).toBeGreaterThan(0.035);
    expect(share(list.filter((s) => s.premium).length)).toBeLessThan(0.065);
    expect(share(list.filter((s) => s.tubecorp).length)).toBeGreaterThan(0.02);
    expect(share(list.filter((s) => s.tubecorp).length)).toBeLessThan(0.045);
    expect(share(list.filter((s) => s.marketplace).length)).toBeGreaterThan(0.15);
    expect(share(list.filter((s) => s.marketplace).length)).toBeLessThan(0.25);
    expect(list.some((s) => s.is_new && s.premium)).toBe(false);
  });

  it('reference real categories, formats, placement types, traffic types and countries', () => {
    const groups = new Set(categoryGroups.map((g) => g.id));
    const groupOf = new Map(categories.map((c) => [c.id, c.category_group_id]));
    const formatFolders = readdirSync(join(paths.schemas, 'ad-formats'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect([...new Set(list.flatMap((s) => s.ad_formats))].sort()).toEqual(formatFolders.sort());
    const settings = globalSettings({ adFormats: [], settings: {} } as never, new Map());
    expect(settings.placement_types.map((p: { id: number }) => p.id)).toEqual([...PLACEMENT_TYPE_IDS]);
    const trafficIds = new Set(trafficTypes.map((t) => t.id));
    const countryIds = new Set(countries().map((c) => c.id));
    for (const s of list) {
      expect(groups.has(s.category_group_id), s.domain).toBe(true);
      expect(s.category_ids.length, s.domain).toBeGreaterThanOrEqual(1);
      expect(s.category_ids.length, s.domain).toBeLessThanOrEqual(3);
      expect(new Set(s.category_ids).size).toBe(s.category_ids.length);
      expect(s.category_ids.every((c) => groupOf.get(c) === s.category_group_id), s.domain).toBe(true);
      expect(s.ad_formats.length).toBeGreaterThan(0);
      expect(s.ad_formats.every((f) => formatFolders.includes(f))).toBe(true);
      expect(s.placement_type_ids.length).toBeGreaterThan(0);
      expect(s.placement_type_ids.every((p) => (PLACEMENT_TYPE_IDS as readonly number[]).includes(p))).toBe(true);
      expect(trafficIds.has(s.traffic_type_id)).toBe(true);
      expect(s.site_report.top_countries.length).toBeGreaterThanOrEqual(3);
      expect(s.site_report.top_countries.every((c) => countryIds.has(c))).toBe(true);
      expect(s.logo).toBeNull();
    }
  });

  it('sell formats the way such sites do: video sites in-stream, most sites banner and popunder', () => {
    const sells = (f: string) => share(list.filter((s) => (s.ad_formats as string[]).includes(f)).length);
    expect(list.filter((s) => s.tubecorp).every((s) => s.ad_formats.includes('in-stream'))).toBe(true);
    expect(sells('banner')).toBeGreaterThan(0.6);
    expect(sells('popunder')).toBeGreaterThan(0.6);
    expect(sells('in-stream')).toBeLessThan(0.2);
    expect(sells('ios-calendar')).toBeLessThan(0.15);
    for (const f of loadAdFormats().keys()) expect(sells(f), f).toBeGreaterThan(0.02);
  });

  it('have reports with consistent values; premium reports are complete, others sometimes unknown', () => {
    for (const s of list) {
      const r = s.site_report;
      if (r.female !== null) {
        expect(r.female).toMatch(/^\d{1,2}\.\d$/);
        expect(Number(r.female) + Number(r.male)).toBeCloseTo(100, 5);
      } else expect(r.male).toBeNull();
      if (r.global_rank === null) expect(r.category_rank).toBeNull();
      else expect(r.category_rank).toBeLessThanOrEqual(r.global_rank);
      if (s.premium) expect(Object.entries(r).filter(([k, v]) => v === null && k !== 'favicon_url').map(([k]) => k), s.domain).toEqual([]);
    }
    expect(list.some((s) => s.site_report.global_rank === null)).toBe(true);
    expect(list.some((s) => s.site_report.female === null)).toBe(true);
    const premiumRank = list.filter((s) => s.premium).map((s) => s.site_report.global_rank!);
    expect(Math.max(...premiumRank)).toBeLessThan(50_000);
  });

  it('chart their audience: age brackets summing to 100 with audience_age the largest, country shares biggest first', () => {
    for (const s of list) {
      const r = s.site_report;
      if (r.audience_age === null) expect(r.audience_ages).toEqual([]);
      else {
        const shares = r.audience_ages.map((a) => Number(a.percent));
        expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
        expect(r.audience_ages[shares.indexOf(Math.max(...shares))]!.age).toBe(r.audience_age);
      }
      expect(r.country_shares.map((c) => c.country_id)).toEqual(r.top_countries);
      const countries = r.country_shares.map((c) => Number(c.percent));
      expect([...countries].sort((a, b) => b - a)).toEqual(countries);
      expect(countries.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100);
    }
  });
});

describe('mobile apps', () => {
  const apps = mobileApps();

  it('are the same on every run, with unique ids and bundle ids on both platforms', () => {
    expect(apps).toHaveLength(APP_COUNT);
    expect(apps.map((a) => a.id)).toEqual(Array.from({ length: APP_COUNT }, (_, i) => i + 1));
    expect(new Set(apps.map((a) => a.bundle)).size).toBe(APP_COUNT);
    expect(sha256(apps.map((a) => `${a.id}:${a.bundle}`).join('\n'))).toBe('dcb79a79de6495d0facb47d7c07fd04205907203b24aa859049a906079c4f827');
    expect(mobileAppById(1)).toMatchObject({ name: 'Extreme Cars Pro', bundle: 'com.greenleaf.extremecarspro', platform: 'android', category: 'Racing' });
    expect(apps.filter((a) => a.platform === 'ios').length).toBeGreaterThan(100);
    expect(apps.filter((a) => a.platform === 'android').length).toBeGreaterThan(200);
    expect(apps.every((a) => /^com\.[a-z]+\.[A-Za-z0-9]+$/.test(a.bundle))).toBe(true);
  });
});
