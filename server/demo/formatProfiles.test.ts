import { describe, expect, it } from 'vitest';
import { loadAdFormats } from '../settings/adFormats';
import data from './formatProfiles.json';
import { DemoDataError, formatProfile, listedFormats, profilesFile } from './formatProfiles';
import { generateSites } from './sites';

describe('the demo numbers per ad format (formatProfiles.json)', () => {
  it('pass their schema and list only formats that have a folder', () => {
    expect(() => profilesFile()).not.toThrow();
    const known = [...loadAdFormats().keys()];
    expect(listedFormats().filter((id) => !known.includes(id))).toEqual([]);
  });

  it('give a format the file does not list the default profile, and a listed one its own', () => {
    expect(formatProfile('carousel')).toEqual(data.default);
    expect(formatProfile('in-stream')).toMatchObject({ tv: true, videoViews: 0.62, sell: { chance: 0.03, tube: 1, slot: 'page' } });
    expect(formatProfile('web-push').sell.slot).toBeUndefined();
  });

  it('name the file, the JSON path and the problem when an operator gets it wrong', () => {
    const broken = structuredClone(data) as Record<string, unknown> & { formats: Record<string, Record<string, unknown>> };
    broken.formats.banner.ctr = 2;
    broken.formats.popunder.sell = { chance: 0.5, slot: 'sidebar' };
    expect(() => profilesFile(broken)).toThrow(DemoDataError);
    expect(() => profilesFile(broken)).toThrow('server/demo/formatProfiles.json: /formats/banner/ctr must be <= 1');
    expect(() => profilesFile(broken)).toThrow('server/demo/formatProfiles.json: /formats/popunder/sell/slot must be one of: "page", "full-screen"');
  });
});

describe('demo sites and a format added as a folder', () => {
  const formats = [...loadAdFormats().keys()];
  const before = generateSites(formats);
  const after = generateSites([...formats, 'carousel']);

  it('sell it on some sites, with the default chance', () => {
    const sellers = after.filter((s) => s.ad_formats.includes('carousel'));
    expect(sellers.length / after.length).toBeGreaterThan(0.1);
    expect(sellers.length / after.length).toBeLessThan(0.3);
    expect(sellers.some((s) => s.marketplace)).toBe(true);
  });

  it('leave everything else about every site as it was', () => {
    const without = after.map((s) => ({ ...s, ad_formats: s.ad_formats.filter((f) => f !== 'carousel') }));
    expect(without).toEqual(before);
  });
});
