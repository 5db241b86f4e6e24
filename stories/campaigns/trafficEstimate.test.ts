import { describe, expect, it } from 'vitest';
import { SchemaCatalog } from '../../engine/schema/SchemaCatalog';
import { schemaLoaders } from '../../generated/catalog';
import { estimate } from './trafficEstimate';

const catalog = new SchemaCatalog(schemaLoaders);

/** The stories' estimate answers what the server answers: schemas/traffic/*.answer.schema.json. */
describe('the stories traffic estimate', () => {
  const requests = [
    { ad_format_id: 'popunder', pricing_model: 'cpm', targets: {} },
    { ad_format_id: 'banner', pricing_model: 'cpc', price: '0.5', targets: { country: { accept: true, countries: [1, 2] }, 'operating-system': { accept: true, operating_systems: [1] } } },
    { ad_format_id: 'native', pricing_model: 'cpa', targets: { country: { accept: false, countries: [1] }, region: { accept: true, regions: [3] } } },
    { ad_format_id: 'popunder', pricing_model: 'cpm', targets: { country: { accept: true, countries: [-1] } } },
  ];

  it.each(requests)('answers $ad_format_id $pricing_model in the answer schemas', async (request) => {
    const validateEstimate = (await catalog.load('traffic_traffic_estimate_answer')).validate;
    const validateCountry = (await catalog.load('traffic_country_traffic_answer')).validate;
    const { total, byCountry } = estimate(request);
    expect(validateEstimate(total), JSON.stringify(validateEstimate.errors)).toBe(true);
    for (const row of byCountry) expect(validateCountry(row), JSON.stringify(validateCountry.errors)).toBe(true);
  });
});
