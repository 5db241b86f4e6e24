import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audienceOf, brokenRule, inAudience, needs, RULE_TARGETS, type Visitor } from './audience';
import { paths } from '../../paths';
import { targetMatches } from '../../settings/targetMatches';
import { sites } from '../../reference/sites';
import { ipValue } from '../../reference/ipRanges';

const visitor: Visitor = { country: 840, traffic_platform: 2, operating_system: 1, browser: 10, carrier: 7, provider: 1, site: 55, spot: 552 };

describe('the audience of a campaign', () => {
  it('keeps everyone without targets, and with empty lists', () => {
    expect(inAudience(audienceOf(undefined), visitor)).toBe(true);
    expect(inAudience(audienceOf({ country: { accept: true, countries: [] }, browser: { accept: false, browsers: [] } }), visitor)).toBe(true);
  });

  it('reads include lists (accept on, the default) and exclude lists', () => {
    expect(inAudience(audienceOf({ country: { countries: [840] } }), visitor)).toBe(true);
    expect(inAudience(audienceOf({ country: { countries: [276] } }), visitor)).toBe(false);
    expect(inAudience(audienceOf({ browser: { accept: false, browsers: [10] } }), visitor)).toBe(false);
    expect(inAudience(audienceOf({ 'operating-system': { accept: false, operating_systems: [2, 3] } }), visitor)).toBe(true);
    expect(inAudience(audienceOf({ 'campaign-traffic-platform': { platforms: [1] } }), visitor)).toBe(false);
    expect(inAudience(audienceOf({ carrier: { accept: true, carriers: [7] }, site: { accept: true, sites: [55] } }), visitor)).toBe(true);
  });

  it('reads spots as the comma-separated ids the form saves', () => {
    expect(inAudience(audienceOf({ spot: { accept: true, spots: '551,552' } }), visitor)).toBe(true);
    expect(inAudience(audienceOf({ spot: { accept: false, spots: '552' } }), visitor)).toBe(false);
  });

  it('buys from the main provider unless it is turned off, and from the selected others (all of them when none is selected)', () => {
    const from = (provider: number) => ({ ...visitor, provider });
    expect(inAudience(audienceOf({ 'traffic-provider': { enable_main_provider: true, selected: [] } }), from(9))).toBe(true);
    expect(inAudience(audienceOf({ 'traffic-provider': { enable_main_provider: false, selected: [] } }), from(1))).toBe(false);
    expect(inAudience(audienceOf({ 'traffic-provider': { enable_main_provider: false, selected: [] } }), from(9))).toBe(true);
    expect(inAudience(audienceOf({ 'traffic-provider': { enable_main_provider: true, selected: [4] } }), from(9))).toBe(false);
    expect(inAudience(audienceOf({ 'traffic-provider': { enable_main_provider: true, selected: [4] } }), from(1))).toBe(true);
  });

  it('reads the connection type: Wi-Fi is no mobile carrier, mobile carriers only is one', () => {
    const wifi = { ...visitor, carrier: 0 };
    expect(inAudience(audienceOf({ 'connection-type': { type: 'wifi' } }), wifi)).toBe(true);
    expect(inAudience(audienceOf({ 'connection-type': { type: 'wifi' } }), visitor)).toBe(false);
    expect(inAudience(audienceOf({ 'connection-type': { type: 'accept' } }), visitor)).toBe(true);
    expect(inAudience(audienceOf({ 'connection-type': { type: 'accept' } }), wifi)).toBe(false);
    expect(inAudience(audienceOf({ 'connection-type': { type: 'all' } }), wifi)).toBe(true);
  });
});

describe('every target is a rule', () => {
  it('each file of schemas/targets/ declares the trait its list matches, or has its rule in audience.ts', () => {
    const files = readdirSync(join(paths.schemas, 'targets')).filter((name) => name.endsWith('.target.json')).map((name) => name.slice(0, -'.target.json'.length));
    const listed = new Set(targetMatches().map((m) => m.target));
    expect(files.filter((id) => !listed.has(id) && !RULE_TARGETS.includes(id))).toEqual([]);
  });

  it('matches each list target against its trait, as an include and as an exclude list', () => {
    const traits: Visitor = { ...visitor, region: 11, city: 12, language: 13, device_vendor: 14, device_model: 15, ip2location_type: 16, traffic_type: 17, traffic_quality: 'high', category_group: 18, category: [19, 20], mobile_app: 21, interest: [22], placement_type: 23 };
    for (const { target, trait, field } of targetMatches()) {
      const own = traits[trait];
      const value = Array.isArray(own) ? own[0] : own;
      const list = field === 'spots' ? String(value) : [value];
      expect(inAudience(audienceOf({ [target]: { accept: true, [field]: list } }), traits), `${target} includes its own value`).toBe(true);
      expect(inAudience(audienceOf({ [target]: { accept: false, [field]: list } }), traits), `${target} excludes its own value`).toBe(false);
      expect(brokenRule(audienceOf({ [target]: { [field]: field === 'spots' ? '999' : [trait === 'traffic_quality' ? 'medium' : 999] } }), traits), `${target} with another value`).toBe(target);
    }
  });

  it('matches a trait with several values when any is listed, and an impression without the trait only by exclude lists', () => {
    const v: Visitor = { ...visitor, category: [19, 20], mobile_app: 0 };
    expect(inAudience(audienceOf({ category: { categories: [20, 30] } }), v)).toBe(true);
    expect(inAudience(audienceOf({ category: { accept: false, categories: [20] } }), v)).toBe(false);
    expect(inAudience(audienceOf({ 'mobile-app': { apps: [5] } }), v)).toBe(false);
    expect(inAudience(audienceOf({ 'mobile-app': { accept: false, apps: [5] } }), v)).toBe(true);
  });

  it('adds the typed domains to the site list, and reads its flags', () => {
    const site = sites()[0];
    const on = { ...visitor, site: site.id, site_flags: { premium: true, marketplace: false, tubecorp: false, isNew: true } };
    expect(inAudience(audienceOf({ site: { accept: true, domains: `nowhere.example,${site.domain}` } }), on)).toBe(true);
    expect(inAudience(audienceOf({ site: { accept: false, domains: site.domain } }), on)).toBe(false);
    expect(inAudience(audienceOf({ site: { premium: true } }), on)).toBe(true);
    expect(inAudience(audienceOf({ site: { premium: true, premium_sites: [site.id + 1] } }), on)).toBe(false);
    expect(inAudience(audienceOf({ site: { marketplace: true } }), on)).toBe(false);
    expect(inAudience(audienceOf({ site: { tubecorp: true } }), on)).toBe(false);
    expect(inAudience(audienceOf({ site: { is_new: false } }), on)).toBe(false);
    expect(inAudience(audienceOf({ site: { premium: true } }), { ...visitor, site: 0 }), 'traffic without a site').toBe(false);
  });

  it('reads the browser version, IPv6, IP ranges, in-page placements and the push subscription age', () => {
    const v: Visitor = { ...visitor, browser_version: 120, ip: { version: 4, value: ipValue('81.2.3.4', 4) }, in_page: true, subscription_days: 10 };
    expect(brokenRule(audienceOf({ browser: { min_version: 121 } }), v)).toBe('browser');
    expect(inAudience(audienceOf({ browser: { min_version: 120 } }), v)).toBe(true);
    expect(brokenRule(audienceOf({ ipv6: { type: 'only' } }), v)).toBe('ipv6');
    expect(inAudience(audienceOf({ ipv6: { type: 'exclude' } }), v)).toBe(true);
    expect(inAudience(audienceOf({ 'ip-range': { ip_ranges: '10.0.0.1,81.2.0.0/16' } }), v)).toBe(true);
    expect(inAudience(audienceOf({ 'ip-range': { ip_ranges: '81.2.3.0-81.2.3.3' } }), v)).toBe(false);
    expect(inAudience(audienceOf({ 'ip-range': { accept: false, ip_ranges: '81.0.0.0/8' } }), v)).toBe(false);
    expect(inAudience(audienceOf({ 'ip-range': { ip_ranges: '2001:db8::/32' } }), v), 'an IPv6 range never holds an IPv4 visitor').toBe(false);
    expect(brokenRule(audienceOf({ 'in-page-traffic': { accept: false } }), v)).toBe('in-page-traffic');
    expect(inAudience(audienceOf({ 'in-page-traffic': { accept: true } }), v)).toBe(true);
    expect(inAudience(audienceOf({ 'web-push-subscription-time': { min_days: 7 } }), v)).toBe(true);
    expect(inAudience(audienceOf({ 'web-push-subscription-time': { min_days: 0, max_days: 9 } }), v)).toBe(false);
  });

  it('gives the uniques cap to the ad server, which keeps the count, and nothing when it is off', () => {
    expect(audienceOf({ uniques: { accept: true, cap: 3, ttl: 12 } }).frequency).toEqual({ cap: 3, ttlHours: 12 });
    expect(audienceOf({ uniques: { accept: false, cap: 3, ttl: 12 } }).frequency).toBeUndefined();
  });

  it('asks the ad server to draw only the traits the targets read', () => {
    expect([...needs(audienceOf({ country: { countries: [840] }, browser: { browsers: [1] } }))]).toEqual([]);
    expect([...needs(audienceOf({ city: { cities: [1] }, ipv6: { type: 'only' }, site: { is_new: false } }))].sort()).toEqual(['city', 'ip', 'site_flags']);
  });
});
