import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaignTransport } from '../../stories/campaigns/campaignTransport';
import { createDashboardTransport } from '../../stories/dashboard/dashboardTransport';
import { createFixtureTransport } from '../../stories/fixtures/lookupTransport';
import { createStoryMediaTransport } from '../../stories/fixtures/mediaTransport';
import { createMarketplaceTransport, STORY_MARKETPLACE } from '../../stories/marketplace/marketplaceTransport';
import { STORY_SETTINGS } from '../../stories/campaigns/campaignFixtures';
import { addDays } from '../../server/areas/marketplace/checkApplication';
import { createStatisticsServer } from '../../stories/statistics/statisticsFixtures';
import { collections } from '../../server/reference/collections';
import { build, type TestApp } from './helper';

/**
 * The stories' fake servers answer on the real contract: every operation of the served OpenAPI document is asked of
 * each fake (path parameters filled in, no query or body), and whatever a fake answers is validated against that
 * operation's success (200 or 201) schema. A fake that drifts from the server (a renamed field, a missing one, a wrong type) fails
 * here, and so does a fake that stops answering a call the stories need (the list of answered calls is pinned).
 */

type Json = Record<string, unknown>;
type Operation = { method: 'GET' | 'POST'; path: string; docPath: string; key: string };
/** A fake's answer to one call: the body, or undefined when it does not serve the call. */
type Fake = (operation: Operation, url: string) => Promise<unknown>;

const DOC_ID = 'https://adpanel.test/api.json';

let t: TestApp;
let doc: Json;
let ajv: Ajv2020;
let operations: Operation[];

beforeAll(async () => {
  t = await build();
  doc = (await t.app.inject({ method: 'GET', url: '/api/private/v1/docs/api.json', headers: { host: 'adnet.localhost:8080' } })).json();
  ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: DOC_ID, components: doc.components });
  const paths = doc.paths as Record<string, Record<string, Json>>;
  operations = Object.entries(paths).flatMap(([path, item]) =>
    (['get', 'post'] as const)
      .filter((method) => item[method])
      .map((method) => ({ method: method.toUpperCase() as 'GET' | 'POST', path: path.replace(/^\/api\/private\/v1\//, '').replace(/^\//, ''), docPath: path, key: `${method.toUpperCase()} ${path}` })),
  );
});
afterAll(() => t?.close());

const validators = new Map<string, ValidateFunction | null>();

/** The operation's success answer schema (200, or 201 for a call that creates), compiled once against the document's components. */
function answerValidator(operation: Operation): ValidateFunction | null {
  if (validators.has(operation.key)) return validators.get(operation.key)!;
  const responses = (doc.paths as Record<string, Record<string, Json>>)[operation.docPath][operation.method.toLowerCase()].responses as Record<string, Json>;
  const success = responses['200'] ?? responses['201'];
  const content = (success?.content as Record<string, { schema: Json }> | undefined)?.['application/json']?.schema;
  // Refs in the operation point at the document root (#/components/...): compile it as a schema of the document.
  const validate = content ? ajv.compile(JSON.parse(JSON.stringify(content).replaceAll('"#/components/', `"${DOC_ID}#/components/`)) as Json) : null;
  validators.set(operation.key, validate);
  return validate;
}

/** Asks every operation of a fake; returns the keys it answered, failing on any answer off its schema. */
async function answeredBy(fake: Fake): Promise<string[]> {
  const answered: string[] = [];
  const problems: string[] = [];
  for (const operation of operations) {
    // Every list of GET collections/{name}, and 1 for the other path parameters.
    const urls = operation.path === 'collections/{name}' ? collections.ids().map((name) => `collections/${name}`) : [operation.path.replace(/\{[^}]+\}/g, '1')];
    for (const url of urls) {
      const body = await fake(operation, url).catch(() => undefined);
      if (body === undefined) continue;
      const key = operation.path === 'collections/{name}' ? `GET ${url}` : operation.key;
      answered.push(key);
      const validate = answerValidator(operation);
      if (validate && !validate(body)) problems.push(`${key}: ${ajv.errorsText(validate.errors?.slice(0, 4), { separator: '; ' })}`);
    }
  }
  expect(problems, 'fake answers that leave the contract').toEqual([]);
  return answered;
}

const signal = () => new AbortController().signal;
const lookupFake =
  (transport: ReturnType<typeof createFixtureTransport>): Fake =>
  (operation, url) =>
    transport({ method: operation.method, url, params: {}, data: operation.method === 'POST' ? {} : undefined, signal: signal() });

describe('the stories fake servers follow the OpenAPI document', () => {
  it('the campaign form stories (createCampaignTransport)', async () => {
    expect(await answeredBy(lookupFake(createCampaignTransport({ latencyMs: 0 })))).toMatchInlineSnapshot(`
      [
        "GET /api/private/v1/ads",
        "GET /api/private/v1/in-page-skin-groups",
        "POST /api/private/v1/campaigns",
        "GET /api/private/v1/campaign-groups",
        "GET collections/browsers",
        "GET collections/carriers",
        "GET collections/categories",
        "GET collections/category-groups",
        "GET collections/countries",
        "GET collections/device-models",
        "GET collections/device-vendors",
        "GET collections/ip2-location-types",
        "GET collections/language",
        "GET collections/campaign-traffic-platforms",
        "GET collections/operating-systems",
        "GET collections/traffic-types",
        "GET collections/interests",
        "POST /api/private/v1/regions",
        "POST /api/private/v1/cities",
        "GET /api/private/v1/mobile-apps",
        "GET /api/private/v1/available-categories",
        "GET /api/private/v1/conversion-types",
        "GET /api/private/v1/traffic-providers/collection",
        "GET /api/private/v1/network",
        "GET /api/private/v1/settings",
        "GET /api/private/v1/sites/premium",
        "POST /api/private/v1/sites/search/domains",
        "POST /api/private/v1/available-traffic",
        "POST /api/private/v1/available-traffic-by-country",
      ]
    `);
  });

  it('the lookup fixture of the ad stories (createFixtureTransport)', async () => {
    expect(await answeredBy(lookupFake(createFixtureTransport({ latencyMs: 0 })))).toMatchInlineSnapshot(`
      [
        "GET /api/private/v1/in-page-skin-groups",
        "GET collections/countries",
        "GET collections/device-vendors",
        "GET collections/operating-systems",
        "POST /api/private/v1/regions",
        "POST /api/private/v1/cities",
      ]
    `);
  });

  it('the dashboard stories (createDashboardTransport)', async () => {
    expect(await answeredBy(lookupFake(createDashboardTransport({ latencyMs: 0 })))).toMatchInlineSnapshot(`
      [
        "GET /api/private/v1/ads",
        "GET /api/private/v1/in-page-skin-groups",
        "GET /api/private/v1/campaigns",
        "POST /api/private/v1/campaigns",
        "GET /api/private/v1/campaign-groups",
        "GET /api/private/v1/campaign-tooltips",
        "GET /api/private/v1/home",
        "GET /api/private/v1/week-spent",
        "GET collections/browsers",
        "GET collections/carriers",
        "GET collections/categories",
        "GET collections/category-groups",
        "GET collections/countries",
        "GET collections/device-models",
        "GET collections/device-vendors",
        "GET collections/ip2-location-types",
        "GET collections/language",
        "GET collections/campaign-traffic-platforms",
        "GET collections/operating-systems",
        "GET collections/traffic-types",
        "GET collections/interests",
        "POST /api/private/v1/regions",
        "POST /api/private/v1/cities",
        "GET /api/private/v1/mobile-apps",
        "GET /api/private/v1/available-categories",
        "GET /api/private/v1/conversion-types",
        "GET /api/private/v1/traffic-providers/collection",
        "GET /api/private/v1/network",
        "GET /api/private/v1/settings",
        "GET /api/private/v1/posts",
        "GET /api/private/v1/sites/premium",
        "POST /api/private/v1/sites/search/domains",
        "GET /api/private/v1/campaign-statistics",
        "POST /api/private/v1/available-traffic",
        "POST /api/private/v1/available-traffic-by-country",
      ]
    `);
  });

  it('the marketplace stories (createMarketplaceTransport)', async () => {
    const answered = await answeredBy(lookupFake(createMarketplaceTransport({ latencyMs: 0 })));
    expect(answered.filter((key) => /flat-deal|marketplace/.test(key))).toMatchInlineSnapshot(`
      [
        "GET /api/private/v1/flat-deals",
        "GET /api/private/v1/flat-deals/{id}",
        "GET /api/private/v1/flat-deals/{id}/similar",
        "GET /api/private/v1/flat-deal-applications",
        "GET /api/private/v1/sites/marketplace",
      ]
    `);
    // Pricing and applying need a body the server takes: the first deal's listed package, from its lead time on.
    const fake = createMarketplaceTransport({ latencyMs: 0 });
    const deal = STORY_MARKETPLACE.deals.find((d) => d.creative_formats.length && d.status === 'available')!;
    const days = deal.limit_type === 'days' ? deal.limit_value : 14;
    const starts = addDays(STORY_SETTINGS.server_time.slice(0, 10), deal.lead_days);
    const asked = async (path: string, data: object) => {
      const operation = operations.find((o) => o.key === `POST /api/private/v1/${path}`)!;
      const body = await fake({ method: 'POST', url: path.replace('{id}', String(deal.id)), data, signal: signal() });
      const validate = answerValidator(operation)!;
      expect(validate(body), ajv.errorsText(validate.errors)).toBe(true);
    };
    await asked('flat-deals/{id}/price', { limit_type: deal.limit_type, limit_value: deal.limit_value });
    const application = { flat_deal_id: deal.id, limit_type: deal.limit_type, limit_value: deal.limit_value, starts_on: starts, ends_on: addDays(starts, days - 1), creative_format: deal.creative_formats[0] };
    await asked('flat-deal-applications', application);
  });

  it('the statistics stories (createStatisticsServer)', async () => {
    const server = createStatisticsServer('normal', 0);
    const fake: Fake = async (operation, url) => {
      if (operation.method !== 'GET') return undefined;
      const answer = await server({ method: operation.method, url, params: { start_date: '2026-11-01', end_date: '2026-11-07', start: '2026-11-01', end: '2026-11-07', group: 'date', groupBy: 'date' }, signal: signal() });
      return answer.status === 200 ? answer.body : undefined;
    };
    expect(await answeredBy(fake)).toMatchInlineSnapshot(`
      [
        "GET /api/private/v1/campaigns",
        "GET /api/private/v1/network",
        "GET /api/private/v1/settings",
        "GET /api/private/v1/user",
        "GET /api/private/v1/campaign-statistics",
        "GET /api/private/v1/supply-side-platforms/statistics",
        "GET /api/private/v1/rtb-statistics",
        "GET /api/private/v1/supply-side-platforms/all",
      ]
    `);
  });

  it('the media stories (createStoryMediaTransport)', async () => {
    const transport = createStoryMediaTransport({ latencyMs: 0 });
    const fake: Fake = (operation, url) => {
      // The panel asks this transport only for media files.
      if (operation.method !== 'GET' || !operation.path.startsWith('media/')) return Promise.resolve(undefined);
      // The preview fixtures' files are 101 and up.
      return transport({ method: 'GET', url: url.replace(/\/1$/, '/101'), signal: signal() });
    };
    expect(await answeredBy(fake)).toMatchInlineSnapshot(`
      [
        "GET /api/private/v1/media/{id}",
      ]
    `);
  });
});
