/**
 * A format added as data only: its folder is copied into a schemas tree, compiled like `npm run generate` does,
 * and the server discovers it, sells it on a network that lists it, and validates ads with its schema.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAdFormats } from '../../server/settings/adFormats';
import { loadNetworkConfigs } from '../../server/config/loadNetworkConfigs';
import { formatTree, type FormatTree } from '../fixtures/adFormatTree';
import { api, build, login, type TestApp } from './helper';

let tree: FormatTree;
let t: TestApp;
let token: string;
beforeAll(async () => {
  tree = await formatTree();
  const formats = new Map([...loadAdFormats(), ...loadAdFormats(join(tree.schemasDir, 'ad-formats'))]);
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
    expect(found.get('carousel')).toMatchObject({ name: 'Carousel', pricing_models: ['cpc', 'cpm'], preview: 'native', schema_id: 'ad_formats_carousel_creative' });
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
    expect(good.json().data).toMatchObject({ format: 'carousel', model: { call_to_action: 'shop_now' }, latest_approval: { status: 'pending' } });
    expect(good.json().data.creatives).toHaveLength(2);

    const bad = await api(t.app, 'POST', 'ads', { token, body: { format: 'carousel', name: 'One card', call_to_action: 'buy', creatives: [{ title: 'A title that is much longer than thirty', url: 'https://a.example' }] } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['call_to_action', 'creatives', 'creatives.0.title']);
  });
});
