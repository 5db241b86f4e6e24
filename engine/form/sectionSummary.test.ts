import { describe, expect, it } from 'vitest';
import { sectionSummary } from './sectionSummary';

const texts = { yes: 'Yes', no: 'No' };
const countries = {
  type: 'object',
  title: 'Countries',
  properties: {
    accept: { type: 'boolean', title: 'Include', default: true },
    countries: { type: 'array', title: 'Countries', items: { type: 'integer' } },
  },
};
const ui = { countries: { 'ui:widget': 'lookup', 'ui:options': { source: { collection: 'countries' } } } };
const names: Record<string, string> = { 1: 'Germany', 2: 'France', 3: 'Italy', 4: 'Spain', 5: 'Poland' };

describe('sectionSummary', () => {
  it('names looked-up ids, says how many more, and leaves out the title the section already shows', () => {
    const summary = sectionSummary(countries, ui, { accept: true, countries: [1, 2, 3, 4, 5] }, texts, (_o, v) => names[String(v)], 'Countries');
    expect(summary).toBe('Germany, France, Italy +2');
  });

  it('says a value that differs from the default, by its translated title', () => {
    const translated = { ...ui, accept: { 'ui:title': 'Einschließen' } };
    expect(sectionSummary(countries, translated, { accept: false, countries: [2] }, texts, (_o, v) => names[String(v)], 'Countries')).toBe('Einschließen: No · France');
  });

  it('shows ids the lookup has not seen as they are, and says nothing for an empty section', () => {
    expect(sectionSummary(countries, ui, { countries: [9] }, texts, () => undefined, 'Countries')).toBe('9');
    expect(sectionSummary(countries, ui, { accept: true, countries: [] }, texts, undefined, 'Countries')).toBe('');
  });

  it('names enum values by their titles, counts lists of objects and summarises nested objects', () => {
    const schema = {
      type: 'object',
      properties: {
        type: { type: 'string', title: 'Connection', oneOf: [{ const: 'wifi', title: 'Wi-Fi' }, { const: 'cell', title: 'Mobile' }] },
        goals: { type: 'array', title: 'Goals', items: { type: 'object', properties: { price: { type: 'string' } } } },
        cap: { type: 'object', title: 'Cap', properties: { times: { type: 'integer', title: 'Times' } } },
        hidden: { type: 'string', title: 'Hidden' },
      },
    };
    const summary = sectionSummary(schema, { hidden: { 'ui:widget': 'hidden' } }, { type: 'cell', goals: [{ price: '1' }, { price: '2' }], cap: { times: 3 }, hidden: 'x' }, texts);
    expect(summary).toBe('Connection: Mobile · Goals: 2 · Cap: Times: 3');
    // The translated UI schema's labels win: branch titles by index, enum names by value.
    const ui = { type: { oneOf: [{}, { 'ui:title': 'Mobilfunk' }] }, level: { 'ui:enumNames': { high: 'Hoch' } } };
    const withEnum = { ...schema, properties: { ...schema.properties, level: { type: 'string', title: 'Level', enum: ['low', 'high'] } } };
    expect(sectionSummary(withEnum, ui, { type: 'cell', level: 'high' }, texts)).toBe('Connection: Mobilfunk · Level: Hoch');
  });
});
