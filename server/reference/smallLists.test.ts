import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { conversionTypes } from './conversionTypes';
import { MAIN_TRAFFIC_PROVIDER_ID, trafficProviders } from './trafficProviders';

describe('small lists', () => {
  it('conversion types have unique string ids', () => {
    expect(conversionTypes.map((c) => c.id)).toEqual(expect.arrayContaining(['lead', 'sale', 'registration', 'install', 'deposit', 'subscription', 'first_open']));
    expect(new Set(conversionTypes.map((c) => c.id)).size).toBe(conversionTypes.length);
  });

  it('conversion types are named in English as the panel names them (conversionType.<id>, which every locale translates)', () => {
    const en = JSON.parse(readFileSync('src/locales/en/campaigns.json', 'utf8')) as Record<string, string>;
    expect(Object.fromEntries(conversionTypes.map((c) => [c.id, en[`conversionType.${c.id}`]]))).toEqual(Object.fromEntries(conversionTypes.map((c) => [c.id, c.name])));
  });

  it('traffic providers start with the main provider and have unique ids', () => {
    expect(trafficProviders[0]).toEqual({ id: MAIN_TRAFFIC_PROVIDER_ID, name: 'Main provider', method_type: 'rtb' });
    expect(trafficProviders.length).toBeGreaterThanOrEqual(20);
    expect(new Set(trafficProviders.map((p) => p.id)).size).toBe(trafficProviders.length);
    expect(new Set(trafficProviders.map((p) => p.method_type))).toEqual(new Set(['xml', 'rtb']));
  });
});
