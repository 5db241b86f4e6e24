import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testDatabase } from '../../tests/api/testDatabase';
import { SchemaCatalog } from '../../engine/schema/SchemaCatalog';
import { schemaLoaders } from '../../generated/catalog';
import type { Database } from '../db/connect';
import { users } from '../db/schema';
import { createFeedsRepository } from '../areas/feeds/repository';
import { createRtbRepository } from '../areas/rtb/repository';
import { createTrafficProvidersRepository } from '../areas/providers/repository';
import { sspFormatById } from '../reference/sspFormats';
import { webAddressProblem } from '../services/webAddress';
import { seed } from './seed';
import { seedDemoSupply } from './seedSupply';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
  await database.migrate();
  await seed(database.db, ['adnet']);
});
afterAll(() => database?.close());

describe('demo supply (feeds, RTB networks and endpoints, traffic providers)', () => {
  it('gives a demo advertiser valid rows in each state, once', async () => {
    const [alex] = await database.db.select().from(users).where(eq(users.email, 'advertiser@adnet.test'));
    const owner = { userId: alex.id, networkId: 'adnet' };
    const formats = ['popunder', 'banner', 'native', 'web-push'];
    await seedDemoSupply(database.db, owner, formats);
    await seedDemoSupply(database.db, owner, formats);

    const all = { page: 1, per_page: -1, sort: 'id', order: 'asc' } as const;
    const feeds = (await createFeedsRepository(database.db).page(alex.id, all)).rows;
    const rtb = createRtbRepository(database.db);
    const networks = (await rtb.networkPage(alex.id, all)).rows;
    const endpoints = (await rtb.endpointPage(alex.id, all)).rows;
    const providers = (await createTrafficProvidersRepository(database.db).page(alex.id, all)).rows;

    expect(feeds.map((f) => f.status)).toEqual(['active', 'active', 'paused']);
    expect(networks.map((n) => n.status)).toEqual(['approved', 'pending']);
    expect(endpoints.map((e) => [e.status, e.url])).toEqual([
      ['active', 'https://bidder.example.com/openrtb'],
      ['paused', expect.any(String)],
    ]);
    expect(providers.map((p) => [p.status, p.methodType])).toEqual([
      ['active', 'xml'],
      ['active', 'rtb'],
      ['paused', 'xml'],
    ]);
    expect(providers.every((p) => p.id > 1000)).toBe(true);

    // Every row is what the forms would have saved.
    const catalog = new SchemaCatalog(schemaLoaders);
    await catalog.loadAll();
    const valid = (id: string, data: unknown) => {
      const { validate } = catalog.get(id);
      expect(validate(data), `${id}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    for (const f of feeds) valid('feeds_feed', { name: f.name, endpoint: f.endpoint });
    for (const n of networks) {
      valid('rtb_rtb_network', { ad_formats: n.adFormats, platform: n.platform, server_location: n.serverLocation, open_rtb: n.openRtb, xml: n.xml, ipv6_support: n.ipv6Support, dsp: n.dsp, website_link: n.websiteLink });
      expect(n.adFormats.every((id) => formats.includes(id))).toBe(true);
    }
    for (const e of endpoints) valid('rtb_endpoint', { name: e.name, url: e.url, protocol: e.protocol, ad_formats: e.adFormats, server_location: e.serverLocation, qps: e.qps, timeout_ms: e.timeoutMs });
    for (const p of providers) {
      valid('providers_traffic_provider', { name: p.name, method_type: p.methodType, endpoint_url: p.endpointUrl, pricing_type: p.pricingType, vertical_type: p.verticalType, ssp_formats: p.sspFormats, qps_limit: p.qpsLimit });
      expect(p.sspFormats.every((id) => sspFormatById.get(id)?.method_types.includes(p.methodType))).toBe(true);
    }
    for (const url of [...feeds.map((f) => f.endpoint), ...networks.map((n) => n.websiteLink), ...endpoints.map((e) => e.url), ...providers.map((p) => p.endpointUrl)]) expect(webAddressProblem(url), url).toBeNull();
  }, 60_000);
});
