import { describe, expect, it } from 'vitest';
import { stillBought, withBlacklisted } from './blacklist';

describe('blacklisting from statistics', () => {
  it('adds to a blacklist and takes off a whitelist, leaving the model given as it was', () => {
    const model = { targets: { site: { accept: false, sites: [1] }, spot: { accept: true, spots: '7,8' } } };
    expect(withBlacklisted(model, { sites: [2, 1], spots: [7] })).toEqual({ targets: { site: { accept: false, sites: [1, 2] }, spot: { accept: true, spots: '8' } } });
    expect(model.targets.site.sites).toEqual([1]);
    expect(withBlacklisted({}, { spots: [5] })).toEqual({ targets: { spot: { accept: false, spots: '5' } } });
  });

  it('turns an include list with nothing in it (every site, as the form saves it) into an exclude list', () => {
    const fromForm = { targets: { site: { accept: true, sites: [], premium: false }, spot: { accept: true } } };
    expect(withBlacklisted(fromForm, { sites: [4], spots: [41] })).toEqual({ targets: { site: { accept: false, sites: [4], premium: false }, spot: { accept: false, spots: '41' } } });
  });

  it('knows which sites and spots a blacklist would still take away', () => {
    const model = { targets: { site: { accept: false, sites: [1] }, spot: { accept: true, spots: '7,8' } } };
    expect(stillBought(model, 'site', 1)).toBe(false);
    expect(stillBought(model, 'site', 2)).toBe(true);
    expect(stillBought(model, 'spot', 7)).toBe(true);
    expect(stillBought(model, 'spot', 9)).toBe(false);
    expect(stillBought({}, 'spot', 9)).toBe(true);
  });
});
