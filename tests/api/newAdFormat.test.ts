/**
 * A format added as data only: its folder is copied into a schemas tree, compiled like `npm run generate` does,
 * and the server discovers it, sells it on a network that lists it, validates ads with its schema, offers it as
 * a flat deal the way its manifest says, and the demo network has sites that sell it and traffic for it.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTraffic } from '../../server/demo/generateTraffic';
import { generateSites } from '../../server/demo/sites';
import { loadAdFormats } from '../../server/settings/adFormats';
import type { AdFormatInfo } from '../../generated/types';
import { loadNetworkConfigs } from '../../server/config/loadNetworkConfigs';
import { formatTree, type FormatTree } from '../fixtures/adFormatTree';
import { api, build, login, type TestApp } from './helper';

let tree: FormatTree;
let t: TestApp;
let token: string;
let formats: Map<string, AdFormatInfo>;
beforeAll(async () => {
  tree = await formatTree();
  formats = new Map([...loadAdFormats(), ...loadAdFormats(join(tree.schemasDir, 'ad-formats'))]);
  const configs = loadNetworkConfigs().map((c) => (c.id === 'adnet' ? { ...c, adFormats: [...c.adFormats, 'carousel'] } : c));
  t = await build({ catalog: tree.catalog, adFormats: formats, configs });
  token = await login(t.app, 'advertiser@adnet.test');
});
afterAll(async () => {
  await t?.close();
  tree?.remove();
});

describe('an ad format added as data', () => {
  it('is discovered from its folder', () => {
    const found = loadAdFormats(join(tree.schemasDir, 'ad-formats'));
    expect([...found.keys()]).toEqual(['carousel']);
    expect(found.get('carousel')).toMatchObject({ name: 'Carousel', pricing_models: ['cpc', 'cpm'], preview: 'native', schema_id: 'ad_formats_carousel_creative', flat_deal: ['site', 'country-group'] });
  });

  it('is offered by the network that lists it, and only there', async () => {
    const adnet = (await api(t.app, 'GET', 'settings')).json().data.client_ad_formats.map((f: { id: string }) => f.id);
    expect(adnet).toContain('carousel');
    const pushhub = (await api(t.app, 'GET', 'settings', { host: 'pushhub.localhost' })).json().data.client_ad_formats.map((f: { id: string }) => f.id);
    expect(pushhub).not.toContain('carousel');
  });

  it('validates ads with its own schema on the server', async () => {
    const good = await api(t.app, 'POST', 'ads', {
      token,
      body: { format: 'carousel', name: 'Spring cards', call_to_action: 'shop_now', creatives: [{ title: 'Shoes', url: 'https://a.example/shoes' }, { title: 'Bags', url: 'https://a.example/bags' }] },
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().data).toMatchObject({ format: 'carousel', model: { call_to_action: 'shop_now' }, latest_approval: null });
    expect(good.json().data.creatives).toHaveLength(2);

    const bad = await api(t.app, 'POST', 'ads', { token, body: { format: 'carousel', name: 'One card', call_to_action: 'buy', creatives: [{ title: 'A title that is much longer than thirty', url: 'https://a.example' }] } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['call_to_action', 'creatives', 'creatives.0.title']);
  });

  it('is a flat deal, by site and by country tier, because its manifest says so', async () => {
    const settings = (await api(t.app, 'GET', 'settings')).json().data;
    expect(settings.flat_deal.ad_format_ids.at(-1)).toBe('carousel');
    const groups = settings.flat_deal.country_groups.filter((g: { ad_format_id: string }) => g.ad_format_id === 'carousel');
    expect(groups.map((g: { id: string; name: string }) => [g.id, g.name])).toEqual([['carousel-1', 'Carousel Tier 1'], ['carousel-2', 'Carousel Tier 2'], ['carousel-3', 'Carousel Tier 3']]);
    expect(groups[0].country_ids).toEqual(settings.flat_deal.tiers[0].country_ids);
    const pushhub = (await api(t.app, 'GET', 'settings', { host: 'pushhub.localhost' })).json().data.flat_deal;
    expect(pushhub.ad_format_ids).not.toContain('carousel');
  });

  it('is sold by demo sites, marketplace ones among them, with no code or demo data written for it', () => {
    const sellers = generateSites([...formats.keys()]).filter((s) => s.ad_formats.includes('carousel'));
    expect(sellers.length).toBeGreaterThan(100);
    expect(sellers.filter((s) => s.marketplace).length).toBeGreaterThan(10);
  });

  it('has demo traffic that the campaign form estimate narrows by its targets', async () => {
    const carousel = formats.get('carousel')!;
    await seedTraffic(t.database.db, { days: 7, formats: [{ id: carousel.id, targets: carousel.targets }] });
    const all = (await api(t.app, 'POST', 'available-traffic', { token, body: { ad_format_id: 'carousel', pricing_model: 'cpm' } })).json().data;
    expect(all).toMatchObject({ ad_format_id: 'carousel', days: 7, unnarrowed_targets: [] });
    expect(all.impressions).toBeGreaterThan(0);
    const ios = (await api(t.app, 'POST', 'available-traffic', { token, body: { ad_format_id: 'carousel', pricing_model: 'cpm', targets: { 'operating-system': { accept: true, operating_systems: [2] } } } })).json().data;
    expect(ios.unnarrowed_targets).toEqual([]);
    expect(ios.available_impressions).toBeGreaterThan(0);
    expect(ios.available_impressions).toBeLessThan(all.available_impressions / 2);
  });
});
