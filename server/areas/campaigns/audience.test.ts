import { describe, expect, it } from 'vitest';
import { audienceOf, inAudience, type Visitor } from './audience';

const visitor: Visitor = { countryId: 840, trafficPlatformId: 2, operatingSystemId: 1, browserId: 10, carrierId: 7, providerId: 1, siteId: 55, spotId: 552 };

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
    const from = (providerId: number) => ({ ...visitor, providerId });
    expect(inAudience(audienceOf({ 'traffic-provider': { enable_main_provider: true, selected: [] } }), from(9))).toBe(true);
    expect(inAudience(audienceOf({ 'traffic-provider': { enable_main_provider: false, selected: [] } }), from(1))).toBe(false);
    expect(inAudience(audienceOf({ 'traffic-provider': { enable_main_provider: false, selected: [] } }), from(9))).toBe(true);
    expect(inAudience(audienceOf({ 'traffic-provider': { enable_main_provider: true, selected: [4] } }), from(9))).toBe(false);
    expect(inAudience(audienceOf({ 'traffic-provider': { enable_main_provider: true, selected: [4] } }), from(1))).toBe(true);
  });

  it('reads the connection type: Wi-Fi is no mobile carrier, mobile carriers only is one', () => {
    const wifi = { ...visitor, carrierId: 0 };
    expect(inAudience(audienceOf({ 'connection-type': { type: 'wifi' } }), wifi)).toBe(true);
    expect(inAudience(audienceOf({ 'connection-type': { type: 'wifi' } }), visitor)).toBe(false);
    expect(inAudience(audienceOf({ 'connection-type': { type: 'accept' } }), visitor)).toBe(true);
    expect(inAudience(audienceOf({ 'connection-type': { type: 'accept' } }), wifi)).toBe(false);
    expect(inAudience(audienceOf({ 'connection-type': { type: 'all' } }), wifi)).toBe(true);
  });
});
