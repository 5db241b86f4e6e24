/**
 * Every number a request may carry has the range of its column (probe finding F16): ids beyond the 32-bit range
 * answered 500 (PostgreSQL refused the comparison) or were stored rounded (a spot id of 1e20). This walks every
 * schema the server validates requests with (forms, API bodies and query strings, the campaign form with its
 * targets, the ad formats' creative forms: every `*.schema.json` under schemas/ but the meta-schemas of the data
 * itself) and every target part, so a new schema cannot leave an integer open.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSchemas } from '../../scripts/validators/readSchemas';
import { INT32_MAX, rangeProblems, STABLE_ID_MAX } from './integerRanges';

const root = join(import.meta.dirname, '..', '..');
/** Schemas of data files (network configs, menus, column sets) and of answers, not of requests. */
const notRequests = (path: string) => path.startsWith('meta/') || path.endsWith('.answer.schema.json');

describe('request schemas: every integer has the range of its column', () => {
  const sources = readSchemas(join(root, 'schemas')).filter((s) => !notRequests(s.path));
  const targets = readdirSync(join(root, 'schemas', 'targets')).filter((f) => f.endsWith('.target.json'));

  it('covers the request schemas (forms, api, campaign, ad formats) and the target parts', () => {
    const paths = sources.map((s) => s.path);
    for (const expected of ['profile/profile.schema.json', 'campaigns/campaign-blacklist.schema.json', 'campaigns/campaign.schema.json', 'ad-formats/banner/creative.schema.json']) {
      expect(paths).toContain(expected);
    }
    expect(targets.length).toBeGreaterThan(20);
  });

  it.each(sources.map((s) => [s.path, s.schema] as const))('schemas/%s', (_path, schema) => {
    expect(rangeProblems(schema)).toEqual([]);
  });

  it.each(targets)('schemas/targets/%s', (file) => {
    const target = JSON.parse(readFileSync(join(root, 'schemas', 'targets', file), 'utf8')) as { schema: unknown };
    expect(rangeProblems(target.schema, '/schema')).toEqual([]);
  });
});

describe('the range rule itself', () => {
  it('reports an integer without a maximum or minimum, in items and nested properties too', () => {
    const schema = {
      type: 'object',
      properties: {
        ids: { type: 'array', items: { type: 'integer', minimum: 1 } },
        nested: { type: 'object', properties: { count: { type: ['integer', 'null'], maximum: 10 } } },
        price: { type: 'number', minimum: 0 },
        default: { type: 'integer' },
      },
    };
    expect(rangeProblems(schema)).toEqual([
      '/properties/default: no maximum',
      '/properties/default: no minimum',
      '/properties/ids/items: no maximum',
      '/properties/nested/properties/count: no minimum',
      '/properties/price: no maximum',
    ]);
  });

  it('accepts listed values, the integer column range and the stable id range; refuses any other big maximum', () => {
    const ok = {
      type: 'object',
      properties: {
        per_page: { type: 'integer', enum: [15, 25, -1] },
        period: { type: 'integer', oneOf: [{ const: 1 }, { const: 7 }] },
        id: { type: 'integer', minimum: 1, maximum: INT32_MAX },
        city: { type: 'integer', minimum: 1, maximum: STABLE_ID_MAX },
        text: { type: 'string' },
      },
    };
    expect(rangeProblems(ok)).toEqual([]);
    expect(rangeProblems({ type: 'integer', minimum: 1, maximum: 1e15 })).toEqual([
      `: maximum 1000000000000000 is beyond the integer column (${INT32_MAX}) and is not the stable id range (${STABLE_ID_MAX})`,
    ]);
  });
});
