import { describe, expect, it } from 'vitest';
import { FILL_OBJECT_LISTS, LISTS_AS_THEY_ARE, listDefaultsFor, listsTakeDefaults } from './listDefaults';
import { schema as campaign } from '../../generated/schemas/campaigns_campaign';
import minItems from '../../tests/fixtures/schemas/min-items.schema.json';

const form = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });
const ids = { type: 'array', minItems: 1, items: { type: 'integer' } };
const objects = (items: Record<string, unknown>, list: Record<string, unknown> = {}) => ({ type: 'array', items: { type: 'object', ...items }, ...list });

describe('listsTakeDefaults', () => {
  it('is false for lists of plain values (choices among consts too) and of lists, whatever their minimum', () => {
    expect(listsTakeDefaults(form({ ids, week: { type: 'array', minItems: 7, items: { type: 'array', items: { type: 'integer' } } } }))).toBe(false);
    expect(listsTakeDefaults(form({ qualities: { type: 'array', minItems: 1, items: { type: 'string', oneOf: [{ const: 'medium' }, { const: 'high' }] } } }))).toBe(false);
  });

  it('is false for lists of objects that neither start with items nor hold defaults (the campaign form)', () => {
    expect(listsTakeDefaults(form({ goals: objects({ properties: { price: { $ref: '#/definitions/money' }, countries: ids } }) }, { definitions: { money: { type: 'string' } } }))).toBe(false);
    expect(listsTakeDefaults(campaign)).toBe(false);
  });

  it('is true for a list of objects with a minimum: RJSF fills it with cards to fill in', () => {
    expect(listsTakeDefaults(form({ cards: objects({ properties: { title: { type: 'string' } } }, { minItems: 1 }) }))).toBe(true);
    expect(listsTakeDefaults(minItems)).toBe(true);
  });

  it('is true when an item holds a default, a const or a choice, directly, nested, in a condition or behind a $ref', () => {
    const itemsWith = (property: Record<string, unknown>) => form({ list: objects({ properties: { field: property } }) });
    expect(listsTakeDefaults(itemsWith({ type: 'string', default: 'x' }))).toBe(true);
    expect(listsTakeDefaults(itemsWith({ type: 'string', const: 'x' }))).toBe(true);
    expect(listsTakeDefaults(itemsWith({ oneOf: [{ const: 'a' }, { const: 'b' }] }))).toBe(true);
    expect(listsTakeDefaults(itemsWith({ type: 'object', properties: { deep: { type: 'integer', default: 1 } } }))).toBe(true);
    expect(listsTakeDefaults(form({ list: objects({ if: { properties: { a: { const: 1 } } }, then: { properties: { b: { type: 'string' } } } }) }))).toBe(true);
    expect(listsTakeDefaults(form({ list: objects({ properties: { price: { $ref: '#/definitions/money' } } }) }, { definitions: { money: { type: 'string', default: '0.00' } } }))).toBe(true);
  });

  it('counts what it cannot see into as taking defaults: tuples, items of no known type, remote $refs; and survives $ref cycles', () => {
    expect(listsTakeDefaults(form({ pair: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] } }))).toBe(true);
    expect(listsTakeDefaults(form({ list: { type: 'array', minItems: 1, items: {} } }))).toBe(true);
    expect(listsTakeDefaults(form({ list: { type: 'array', items: { $ref: 'other.json#/x' } } }))).toBe(true);
    const tree = form({ root: { $ref: '#/definitions/node' } }, { definitions: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/definitions/node' } } } } } });
    expect(listsTakeDefaults(tree)).toBe(false);
  });
});

describe('listDefaultsFor', () => {
  it('gives each schema one behaviour object, so RJSF keeps its schema utilities between renders', () => {
    expect(listDefaultsFor(campaign)).toBe(LISTS_AS_THEY_ARE);
    expect(listDefaultsFor(minItems)).toBe(FILL_OBJECT_LISTS);
    expect(listDefaultsFor(campaign)).toBe(listDefaultsFor(campaign));
  });
});
