import { describe, expect, it } from 'vitest';
import { ServerTexts } from '../i18n/serverTexts';
import { mobileApps } from './mobileApps';
import { sites } from './sites';
import {
  availableCategories,
  isDomainName,
  normalizeDomain,
  premiumSites,
  searchMobileApps,
  searchSites,
  sitesByIds,
  validateDomains,
} from './siteSearch';

const [first, second] = sites();

describe('normalizeDomain and isDomainName', () => {
  it.each([
    [' https://WWW.Example.com/path?q=1#x ', 'example.com'],
    ['http://news.example.org:8080', 'news.example.org'],
    ['//cdn.example.net/a.js', 'cdn.example.net'],
    ['example.com.', 'example.com'],
    ['www.com', 'www.com'],
    ['xn--e1afmkfd.xn--p1ai', 'xn--e1afmkfd.xn--p1ai'],
  ])('%j → %j', (raw, host) => {
    expect(normalizeDomain(raw)).toBe(host);
    expect(isDomainName(host)).toBe(true);
  });

  it.each(['foo..com', 'localhost', '-bad.com', 'bad-.com', '1.2.3.4', 'a_b.com', 'пример.рф', 'user@example.com', '*.example.com', 'example.c', `${'a'.repeat(64)}.com`])(
    '%j is not a domain name',
    (raw) => expect(isDomainName(normalizeDomain(raw))).toBe(false),
  );
});

describe('validateDomains', () => {
  it('splits a list into sites, malformed entries and unknown domains, with line-numbered problems', () => {
    const check = validateDomains([
      `https://www.${first.domain}/some/page`,
      '',
      'foo..com',
      'no-such-site-here.com',
      first.domain.toUpperCase(),
      '  ',
      'пример.рф',
      'NO-SUCH-SITE-HERE.com',
      second.domain,
    ]);
    expect(check.sites.map((s) => s.id)).toEqual([first.id, second.id]);
    expect(check.invalidDomains).toEqual(['foo..com', 'пример.рф']);
    expect(check.unknownDomains).toEqual(['no-such-site-here.com']);
    expect(check.problems.map(String)).toEqual([
      'Line 3: “foo..com” is not a domain name',
      'Line 4: “no-such-site-here.com” is not a site of this network',
      'Line 7: write “пример.рф” in punycode: xn--e1afmkfd.xn--p1ai',
    ]);
  });

  it('has nothing to say about an empty list or a list of known sites', () => {
    expect(validateDomains([])).toEqual({ sites: [], invalidDomains: [], unknownDomains: [], problems: [] });
    expect(validateDomains([first.domain, second.domain]).problems).toEqual([]);
  });

  it('gives problems that translate', () => {
    const texts = new ServerTexts();
    const [problem] = validateDomains(['foo..com']).problems;
    expect(texts.message('de', problem)).toBe('Zeile 1: „foo..com“ ist kein Domainname');
    expect(texts.message('ru', problem)).toBe('Строка 1: «foo..com» — не доменное имя');
  });
});

describe('searchSites', () => {
  it('lists domains that start with the query first, then those that contain it, each alphabetical', () => {
    const { rows, total } = searchSites({ query: 'Recipes', limit: 1000 });
    const domains = rows.map((s) => s.domain);
    const starts = domains.filter((d) => d.startsWith('recipes'));
    expect(starts.length).toBeGreaterThan(0);
    expect(domains.slice(0, starts.length)).toEqual([...starts].sort());
    const rest = domains.slice(starts.length);
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((d) => d.includes('recipes') && !d.startsWith('recipes'))).toBe(true);
    expect(rest).toEqual([...rest].sort());
    expect(total).toBe(sites().filter((s) => s.domain.includes('recipes')).length);
  });

  it('pages, ignores a scheme and www., and keeps marketplace sites when asked', () => {
    const all = searchSites({ query: 'news', limit: 1000 });
    expect(searchSites({ query: 'news', limit: 5, offset: 5 }).rows).toEqual(all.rows.slice(5, 10));
    expect(searchSites({ query: 'https://www.news', limit: 1000 }).rows).toEqual(all.rows);
    const market = searchSites({ query: 'news', marketplace: true, limit: 1000 });
    expect(market.rows.length).toBeGreaterThan(0);
    expect(market.rows.length).toBeLessThan(all.rows.length);
    expect(market.rows.every((s) => s.marketplace)).toBe(true);
  });
});

describe('premiumSites', () => {
  it('keeps premium sites that sell the format and match every filter, best ranked first', () => {
    const banner = premiumSites({ ad_format_id: 'banner' });
    expect(banner.length).toBeGreaterThan(20);
    expect(banner.every((s) => s.premium && s.ad_formats.includes('banner'))).toBe(true);
    const ranks = banner.map((s) => s.site_report.global_rank!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));

    const group = banner[0].category_group_id;
    const inGroup = premiumSites({ ad_format_id: 'banner', category_group_ids: [group] });
    expect(inGroup.length).toBeLessThan(banner.length);
    expect(inGroup.every((s) => s.category_group_id === group)).toBe(true);

    const category = banner[0].category_ids[0];
    expect(premiumSites({ ad_format_id: 'banner', category_ids: [category] }).every((s) => s.category_ids.includes(category))).toBe(true);
    expect(premiumSites({ ad_format_id: 'banner', traffic_type_id: 1 }).every((s) => s.traffic_type_id === 1)).toBe(true);
    const footer = premiumSites({ ad_format_id: 'banner', placement_type_ids: [5] });
    expect(footer.length).toBeLessThan(banner.length);
    expect(footer.every((s) => s.placement_type_ids.includes(5))).toBe(true);
    expect(premiumSites({ ad_format_id: 'banner', category_group_ids: [], category_ids: [], placement_type_ids: [] })).toEqual(banner);
    expect(premiumSites({ ad_format_id: 'no-such-format' })).toEqual([]);
  });
});

describe('availableCategories', () => {
  it('lists the categories of the sites selling a format (and placement types), by name', () => {
    const expected = (format: string, placements: number[] = []) =>
      new Set(
        sites()
          .filter((s) => (s.ad_formats as string[]).includes(format) && (!placements.length || s.placement_type_ids.some((p) => placements.includes(p))))
          .flatMap((s) => s.category_ids),
      );
    const banner = availableCategories('banner');
    expect(new Set(banner.map((c) => c.id))).toEqual(expected('banner'));
    expect(banner.map((c) => c.name)).toEqual([...banner.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')));
    const video = availableCategories('in-stream');
    expect(new Set(video.map((c) => c.id))).toEqual(expected('in-stream'));
    expect(video.length).toBeLessThan(banner.length);
    const fullScreen = availableCategories('in-stream', [6]);
    expect(new Set(fullScreen.map((c) => c.id))).toEqual(expected('in-stream', [6]));
    expect(fullScreen.length).toBeLessThan(video.length);
  });
});

describe('sitesByIds', () => {
  it('answers known ids once, in the order asked; numeric strings count', () => {
    expect(sitesByIds([second.id, String(first.id), 42, second.id]).map((s) => s.id)).toEqual([second.id, first.id]);
  });
});

describe('searchMobileApps', () => {
  it('finds apps by name (prefix first) or bundle id, by ids and platform', () => {
    const { rows, total } = searchMobileApps({ query: 'Live', limit: 1000 });
    expect(total).toBe(rows.length);
    const firstOther = rows.findIndex((a) => !a.name.toLowerCase().startsWith('live'));
    expect(firstOther).toBeGreaterThan(0);
    expect(rows.slice(firstOther).length).toBeGreaterThan(0);
    expect(rows.slice(firstOther).every((a) => !a.name.toLowerCase().startsWith('live'))).toBe(true);
    expect(rows.every((a) => a.name.toLowerCase().includes('live') || a.bundle.toLowerCase().includes('live'))).toBe(true);
    const app = mobileApps()[0];
    expect(searchMobileApps({ query: app.bundle }).rows.map((a) => a.id)).toContain(app.id);
    expect(searchMobileApps({ ids: [3, 1] }).rows.map((a) => a.id).sort()).toEqual([1, 3]);
    expect(searchMobileApps({ platform: 'ios', limit: 1000 }).rows.every((a) => a.platform === 'ios')).toBe(true);
  });
});
