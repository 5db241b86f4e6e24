import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isPriced, priceOf } from '../areas/marketplace/pricing';
import { sites } from '../reference/sites';
import { loadAdFormats } from '../settings/adFormats';
import { flatDealCountryGroups } from '../settings/globalSettings';
import { generateFlatDeals, roundSize } from './flatDeals';

const formats = [...loadAdFormats().values()];
const deals = generateFlatDeals(sites(), formats);

describe('generateFlatDeals', () => {
  it('makes a deal per marketplace site and site-sold format, and per country group and traffic type', () => {
    const siteWays = formats.filter((f) => f.flat_deal?.includes('site'));
    const expectedSiteDeals = sites().filter((s) => s.marketplace).reduce((n, s) => n + siteWays.filter((f) => s.ad_formats.includes(f.id)).length, 0);
    expect(deals.filter((d) => d.kind === 'site')).toHaveLength(expectedSiteDeals);
    expect(expectedSiteDeals).toBeGreaterThan(300);
    const groups = flatDealCountryGroups(formats);
    expect(new Set(deals.filter((d) => d.kind === 'country-group').map((d) => d.countryGroupId))).toEqual(new Set(groups.map((g) => g.id)));
    expect(new Set(deals.map((d) => d.key)).size).toBe(deals.length);
  });

  it('lists each deal at the price its own rules give its listed package', () => {
    for (const d of deals) {
      const quote = priceOf(d, d.limitType, d.limitValue);
      expect(isPriced(quote) && quote.price).toBe(d.price);
      for (const limit of d.limits) expect(limit.min_value).toBeLessThan(limit.max_value);
    }
  });

  it('draws the same deals on every run (a changed generator changes this fingerprint: never re-price saved deals by accident)', () => {
    const again = generateFlatDeals(sites(), formats);
    expect(again).toEqual(deals);
    const fingerprint = createHash('sha256').update(JSON.stringify(deals.slice(0, 50))).digest('hex').slice(0, 16);
    expect(fingerprint).toMatchInlineSnapshot(`"044bd8833d18f035"`);
  });

  it('sells packages in round sizes', () => {
    expect([roundSize(7), roundSize(123_456), roundSize(9_960), roundSize(1_049)]).toEqual([7, 120_000, 10_000, 1_000]);
  });
});
