import { describe, expect, it } from 'vitest';
import { isPlainLeaf, namesConditionsRead, plainLeafCheck, withLeaf } from './plainLeaf';
import { schema as campaign } from '../../generated/schemas/campaigns_campaign';

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });
const text = { type: 'string' };

describe('namesConditionsRead', () => {
  it('finds the campaign form reads only its pricing model and its price adjustment switch', () => {
    expect(namesConditionsRead(campaign)).toEqual(new Set(['pricing_model', 'enable_price_auto_adjust']));
  });

  it('reads what a nested if, a choice between objects and dependencies name', () => {
    const schema = object({
      nested: object({ mode: text, detail: text }, { if: { properties: { mode: { const: 'x' } } }, then: { required: ['detail'] } }),
      shape: { oneOf: [object({ radius: { type: 'number' } }, { required: ['radius'] }), object({ side: { type: 'number' } })] },
      email: text,
    }, { dependencies: { email: ['phone'] }, dependentSchemas: { coupon: object({ code: text }) } });
    expect(namesConditionsRead(schema)).toEqual(new Set(['mode', 'radius', 'side', 'email', 'phone', 'coupon']));
  });

  it('follows a $ref into a condition, and gives up (null) on one it cannot follow or a condition over every name', () => {
    const viaRef = object({ kind: text }, { if: { $ref: '#/definitions/isA' }, definitions: { isA: object({ kind: { const: 'a' } }) } });
    expect(namesConditionsRead(viaRef)).toEqual(new Set(['kind']));
    expect(namesConditionsRead(object({ a: { $ref: 'other.json#/a' } }))).toBeNull();
    expect(namesConditionsRead(object({ a: text }, { if: { additionalProperties: false }, then: { required: ['a'] } }))).toBeNull();
  });
});

describe('isPlainLeaf', () => {
  it('is true for the campaign fields typed most, false for those a condition reads, choices and lists', () => {
    const check = plainLeafCheck(campaign);
    expect(check(['name'])).toBe(true);
    expect(check(['targets', 'site', 'domains'])).toBe(true);
    expect(check(['price'])).toBe(true); // a $ref to the money string
    expect(check(['pricing_model'])).toBe(false); // read by the conditions, and a choice
    expect(check(['enable_price_auto_adjust'])).toBe(false);
    expect(check(['limits', 'type'])).toBe(false); // a choice of its own
    expect(check(['targets', 'site', 'sites'])).toBe(false); // a list
    expect(check(['targets', 'site'])).toBe(false); // an object
    expect(check(['targets', 'site', 'nope'])).toBe(false);
    expect(check([])).toBe(false);
  });

  it('is false below a list item, under a name any condition reads, and for a leaf defined only in a branch', () => {
    const schema = object(
      { rows: { type: 'array', items: object({ title: text }) }, kind: text, note: text },
      { if: object({ kind: { const: 'a' } }), then: object({ extra: text }) },
    );
    expect(isPlainLeaf(schema, ['rows', 0, 'title'])).toBe(false);
    expect(isPlainLeaf(schema, ['kind'])).toBe(false);
    expect(isPlainLeaf(schema, ['extra'])).toBe(false);
    expect(isPlainLeaf(schema, ['note'])).toBe(true);
    expect(isPlainLeaf(object({ n: { type: ['integer', 'null'] }, c: { const: 1 }, o: { type: 'object' } }), ['n'])).toBe(true);
    expect(isPlainLeaf(object({ c: { type: 'string', const: 'x' } }), ['c'])).toBe(false);
  });
});

describe('withLeaf', () => {
  it('sets the leaf on copies along the path and shares every other branch', () => {
    const ids = Array.from({ length: 3200 }, (_, i) => i + 1);
    const data = { name: 'a', targets: { site: { domains: 'x', sites: ids }, city: { cities: ids } } };
    const next = withLeaf(data, ['targets', 'site', 'domains'], 'x\ny')!;
    expect(next.targets).toEqual({ site: { domains: 'x\ny', sites: ids }, city: { cities: ids } });
    expect(data.targets.site.domains).toBe('x');
    const targets = next.targets as typeof data.targets;
    expect(targets.site.sites).toBe(ids);
    expect(targets.city).toBe(data.targets.city);
  });

  it('is undefined when a container on the path is missing or not an object', () => {
    expect(withLeaf({}, ['targets', 'site', 'domains'], 'x')).toBeUndefined();
    expect(withLeaf({ targets: [] }, ['targets', 'site'], 'x')).toBeUndefined();
    expect(withLeaf(undefined, ['name'], 'x')).toBeUndefined();
  });
});
