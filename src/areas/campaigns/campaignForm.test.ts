import { describe, expect, it } from 'vitest';
import { campaignFormValues, campaignUiPatch, flatDealCampaign, newCampaign, offeredTargets, onlyOfferedTargets, targetIsSet } from './campaignForm';
import type { AdFormatInfo } from '../../common/adFormats';

const format = { id: 'web-push', name: 'Web Push', pricing_models: ['cpc', 'cpa'], targets: ['country', 'uniques', 'web-push-subscription-time', 'browser'], preview: 'push', text_limits: {}, schema_id: 'x', order: 10, type: 'push', source_type: 'web', icon: null, size: null } satisfies AdFormatInfo;
const settings = {
  limit_types_by_pricing_model: { cpc: ['money', 'clicks'], cpa: ['money'] },
  minimum_limits: { money: { hourly: '1.00', daily: '10.00', total: '20.00' }, clicks: { hourly: 10, daily: 50, total: 100 } },
  minimum_prices: { cpc: '0.0050' },
  smart_bidding: { 'web-push': { cpc: true, cpa: false } },
  default_uniques: { cap: 1, ttl: 24, ttl_unit: 'hours' },
};
const texts = { minimum: (v: string) => `min ${v}` };

describe('campaign form', () => {
  it('offers the targets both the network and the format name, in the network order', () => {
    expect(offeredTargets(['browser', 'country', 'city', 'uniques'], format)).toEqual(['browser', 'country', 'uniques']);
  });

  it('starts a new campaign with the first pricing model and the settings’ uniques', () => {
    expect(newCampaign(format, ['country', 'uniques'], settings)).toEqual({ ad_format: 'web-push', pricing_model: 'cpc', limits: { type: 'money' }, activate_on_approve: true, targets: { uniques: { accept: true, cap: 1, ttl: 24 } } });
    expect(newCampaign(format, ['country'], settings).targets).toEqual({});
  });

  it('knows when a target narrows anything', () => {
    expect(targetIsSet(undefined)).toBe(false);
    expect(targetIsSet({ accept: true, countries: [] })).toBe(false);
    expect(targetIsSet({ accept: false, countries: [1] })).toBe(true);
    expect(targetIsSet({ type: 'all' })).toBe(false);
    expect(targetIsSet({ type: 'wifi' })).toBe(true);
    expect(targetIsSet({ min_days: 0 })).toBe(true);
  });

  it('follows the pricing model and limit type, shows offered targets only, opens the set ones', () => {
    const patch = campaignUiPatch(format, ['country', 'browser'], ['country', 'browser', 'city'], settings, { pricing_model: 'cpa', limits: { type: 'clicks' }, targets: { browser: { browsers: [1] } } }, texts);
    expect(patch.pricing_model).toEqual({ 'ui:options': { only: ['cpc', 'cpa'] } });
    expect(patch.smart_bidding).toEqual({ 'ui:widget': 'hidden' });
    expect(patch.price).toEqual({});
    expect(patch.limits).toMatchObject({ type: { 'ui:options': { only: ['money'] } }, daily: { 'ui:options': { decimals: 0 }, 'ui:help': 'min 50' } });
    expect(patch.targets).toEqual({
      'ui:order': ['country', 'browser', '*'],
      country: { 'ui:options': { collapsible: true, collapsed: true } },
      browser: { 'ui:options': { collapsible: true, collapsed: false } },
      city: { 'ui:widget': 'hidden' },
    });
    const cpc = campaignUiPatch(format, [], [], settings, { pricing_model: 'cpc' }, texts);
    expect(cpc.smart_bidding).toEqual({});
    expect(cpc.price).toEqual({ 'ui:help': 'min 0.0050' });
  });

  it('edits and copies saved campaigns, and sends only offered targets', () => {
    expect(campaignFormValues({ name: 'A', group: null, price: '1' }, 'A (copy)')).toEqual({ name: 'A (copy)', price: '1' });
    expect(onlyOfferedTargets({ name: 'A', targets: { country: {}, city: {} } }, ['country'])).toEqual({ name: 'A', targets: { country: {} } });
  });
});

describe('flatDealCampaign', () => {
  const application = { number: 'FD-1001', deal_name: 'sportzone24.com', starts_on: '2026-12-01', ends_on: '2026-12-14' };
  const site = { id: 10044 } as never;

  it('names the campaign after the application, runs it over its period, on the deal\'s site and countries', () => {
    const values = flatDealCampaign({ ...format, targets: ['country', 'site', 'uniques'] }, ['country', 'site', 'uniques'], settings, application, { country_ids: [840, 124], site });
    expect(values).toMatchObject({ name: 'FD-1001 sportzone24.com', active_from: '2026-12-01', active_to: '2026-12-14', ad_format: 'web-push' });
    expect(values.targets).toEqual({ uniques: expect.any(Object), country: { accept: true, countries: [840, 124] }, site: { accept: true, sites: [10044] } });
  });

  it('leaves out what the format or the deal does not have: every country, no site, targets not offered', () => {
    expect(flatDealCampaign(format, ['uniques'], settings, application, { country_ids: [840], site }).targets).toEqual({ uniques: expect.any(Object) });
    expect(flatDealCampaign(format, ['country', 'site'], settings, application, { country_ids: [], site: null }).targets).toEqual({});
  });
});
