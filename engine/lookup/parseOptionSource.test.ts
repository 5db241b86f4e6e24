import { describe, expect, it } from 'vitest';
import { findOptionSources, OptionSourceError, parseOptionSource } from './parseOptionSource';

describe('parseOptionSource', () => {
  it('reads a collection source with default keys', () => {
    expect(parseOptionSource({ collection: 'countries' })).toEqual({
      kind: 'collection',
      key: 'GET collections/countries',
      method: 'GET',
      url: 'collections/countries',
      search: null,
      params: {},
      fixed: {},
      ids: null,
      valueKey: 'id',
      labelKey: 'name',
    });
  });

  it('reads a query source with dependent params', () => {
    const source = parseOptionSource({
      endpoint: 'cities',
      method: 'POST',
      search: 'query',
      ids: 'city_ids',
      params: { country_ids: '/geo/countries', region_ids: '/geo/regions' },
    });
    expect(source).toMatchObject({
      kind: 'query',
      key: 'POST cities',
      search: 'query',
      ids: 'city_ids',
      params: { country_ids: '/geo/countries', region_ids: '/geo/regions' },
    });
  });

  it('names the path and the valid keys for an unknown key', () => {
    expect(() => parseOptionSource({ collection: 'countries', serach: 'q' }, '/geo/countries/ui:options/source')).toThrow(
      '/geo/countries/ui:options/source/serach: unknown key "serach" for a collection source. Valid keys: collection, valueKey, labelKey',
    );
  });

  it('names the path of a bad method, pointer or missing kind', () => {
    expect(() => parseOptionSource({ endpoint: 'cities', method: 'PUT' }, 'p')).toThrow('p/method: must be "GET" or "POST", got "PUT"');
    expect(() => parseOptionSource({ endpoint: 'cities', params: { country_ids: 'geo/countries' } }, 'p')).toThrow(
      /^p\/params\/country_ids: must be a JSON Pointer/,
    );
    expect(() => parseOptionSource({ name: 'countries' }, 'p')).toThrow(/^p: needs "collection".*Valid keys: collection/);
    expect(() => parseOptionSource('countries', 'p')).toThrow(OptionSourceError);
  });

  it('rejects a key sent twice', () => {
    expect(() => parseOptionSource({ endpoint: 'cities', search: 'query', params: { query: '/q' } }, 'p')).toThrow(/sent twice/);
  });
});

describe('findOptionSources', () => {
  it('finds every source in a UI schema and names the path of a bad one', () => {
    const ui = {
      geo: {
        countries: { 'ui:widget': 'lookup', 'ui:options': { source: { collection: 'countries' } } },
        cities: { 'ui:widget': 'lookup', 'ui:options': { source: { endpoint: 'cities', method: 'POST' } } },
      },
    };
    expect(findOptionSources(ui).map((f) => f.path)).toEqual(['/geo/countries', '/geo/cities']);
    const bad = { geo: { cities: { 'ui:options': { source: { endpoint: 'cities', metod: 'POST' } } } } };
    expect(() => findOptionSources(bad)).toThrow('/geo/cities/ui:options/source/metod: unknown key "metod"');
  });
});
