import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { observable, runInAction } from 'mobx';
import { LookupStore, resolveParams } from './LookupStore';
import { parseOptionSource } from './parseOptionSource';
import type { LookupRequest } from './types';

interface Pending {
  req: LookupRequest;
  resolve(body: unknown): void;
  reject(error: unknown): void;
}

/** A transport whose answers the test gives by hand. */
function manualTransport() {
  const calls: Pending[] = [];
  const transport = vi.fn((req: LookupRequest) => {
    return new Promise<unknown>((resolve, reject) => {
      calls.push({ req, resolve, reject });
      req.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  });
  return { calls, transport };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

const countries = parseOptionSource({ collection: 'countries' });
const cities = parseOptionSource({
  endpoint: 'cities',
  method: 'POST',
  search: 'query',
  ids: 'city_ids',
  params: { country_ids: '/geo/countries' },
});

describe('LookupStore', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shares one request between widgets asking the same source and params', async () => {
    const { calls, transport } = manualTransport();
    const store = new LookupStore({ transport });
    const a = store.session(countries);
    const b = store.session(countries);
    a.start();
    b.start();
    a.open();
    b.open();
    expect(transport).toHaveBeenCalledTimes(1);
    expect(calls[0].req).toMatchObject({ method: 'GET', url: 'collections/countries' });
    calls[0].resolve({ data: [{ id: 1, name: 'France' }, { id: 2, name: 'Germany' }] });
    await flush();
    expect(a.status).toBe('ready');
    expect(b.options.map((o) => o.label)).toEqual(['France', 'Germany']);
    // A later widget gets the cached answer without a request.
    const c = store.session(countries);
    c.open();
    expect(c.status).toBe('ready');
    expect(transport).toHaveBeenCalledTimes(1);
    expect(store.index(countries).label(2)).toBe('Germany');
  });

  it('filters a collection locally, ignoring case and accents', async () => {
    const { calls, transport } = manualTransport();
    const store = new LookupStore({ transport });
    const s = store.session(countries);
    s.open();
    calls[0].resolve({ data: [{ id: 1, name: 'São Tomé' }, { id: 2, name: 'Sweden' }] });
    await flush();
    s.setSearch('SAO');
    expect(s.options.map((o) => o.value)).toEqual([1]);
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it('debounces a typed server search and aborts the superseded one', async () => {
    const { calls, transport } = manualTransport();
    const store = new LookupStore({ transport, debounceMs: 300 });
    const s = store.session(cities);
    s.start();
    s.open();
    expect(calls).toHaveLength(1);
    expect(calls[0].req.data).toEqual({ query: '' });

    s.setSearch('p');
    s.setSearch('pa');
    s.setSearch('par');
    expect(s.status).toBe('loading');
    vi.advanceTimersByTime(299);
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(2);
    expect(calls[1].req.data).toEqual({ query: 'par' });
    // The first (empty search) query was superseded while in flight.
    expect(calls[0].req.signal.aborted).toBe(true);

    s.setSearch('pari');
    vi.advanceTimersByTime(300);
    expect(calls[1].req.signal.aborted).toBe(true);
    calls[2].resolve({ data: [{ id: 75, name: 'Paris' }] });
    await flush();
    expect(s.status).toBe('ready');
    expect(s.options).toEqual([{ value: 75, label: 'Paris' }]);
  });

  it('keeps a request shared by another widget when one widget moves on', () => {
    const { calls, transport } = manualTransport();
    const store = new LookupStore({ transport, debounceMs: 10 });
    const a = store.session(cities);
    const b = store.session(cities);
    a.open();
    b.open();
    a.setSearch('x');
    vi.advanceTimersByTime(10);
    expect(calls[0].req.signal.aborted).toBe(false);
    b.dispose();
    expect(calls[0].req.signal.aborted).toBe(true);
  });

  it('reports a failure silently, shows status error and retries', async () => {
    const { calls, transport } = manualTransport();
    const report = vi.fn();
    const store = new LookupStore({ transport, report });
    const s = store.session(countries);
    s.open();
    const failure = new Error('502 Bad Gateway');
    calls[0].reject(failure);
    await flush();
    expect(s.status).toBe('error');
    expect(s.error).toBe(failure);
    expect(report).toHaveBeenCalledWith(failure);
    s.retry();
    expect(s.status).toBe('loading');
    calls[1].resolve({ data: [{ id: 1, name: 'France' }] });
    await flush();
    expect(s.status).toBe('ready');
  });

  it('reports an answer of the wrong shape', async () => {
    const { calls, transport } = manualTransport();
    const report = vi.fn();
    const store = new LookupStore({ transport, report });
    const s = store.session(countries);
    s.open();
    calls[0].resolve({ items: [] });
    await flush();
    expect(s.status).toBe('error');
    expect(String(report.mock.calls[0][0])).toMatch(/GET collections\/countries: expected an answer \{ data: \[\.\.\.\] \}/);
  });

  it('does not report an aborted request', async () => {
    const { transport } = manualTransport();
    const report = vi.fn();
    const store = new LookupStore({ transport, report });
    const s = store.session(countries);
    s.open();
    s.dispose();
    await flush();
    expect(report).not.toHaveBeenCalled();
  });

  it('sends params read from other fields and follows their changes', async () => {
    const { calls, transport } = manualTransport();
    const store = new LookupStore({ transport });
    const form = observable({ geo: { countries: [1] as number[] } });
    const s = store.session(cities, () => resolveParams(cities, form));
    s.start();
    s.open();
    expect(calls[0].req).toMatchObject({ method: 'POST', url: 'cities', data: { query: '', country_ids: [1] } });
    runInAction(() => form.geo.countries.push(2));
    expect(calls).toHaveLength(2);
    expect(calls[1].req.data).toEqual({ query: '', country_ids: [1, 2] });
    expect(calls[0].req.signal.aborted).toBe(true);
    s.dispose();
  });

  it('asks for labels of stored ids through the ids key', async () => {
    const { calls, transport } = manualTransport();
    const store = new LookupStore({ transport });
    const s = store.session(cities);
    s.ensureLabels([75, 13]);
    // Ids keep their type: the cities schema takes integers.
    expect(calls[0].req.data).toEqual({ city_ids: [13, 75] });
    calls[0].resolve({ data: [{ id: 75, name: 'Paris' }, { id: 13, name: 'Marseille' }] });
    await flush();
    expect(s.index.label(13)).toBe('Marseille');
    s.ensureLabels([75, 13]);
    expect(calls).toHaveLength(1);
  });

  it('asks for thousands of stored ids in requests of a size the endpoint accepts', () => {
    const { calls, transport } = manualTransport();
    const store = new LookupStore({ transport });
    const s = store.session(cities);
    s.ensureLabels(Array.from({ length: 1200 }, (_, i) => i + 1));
    expect(calls.map((c) => (c.req.data as { city_ids: number[] }).city_ids.length)).toEqual([500, 500, 200]);
  });

  it('reads the params before it loads a whole list to label stored values, without start()', () => {
    const { calls, transport } = manualTransport();
    const store = new LookupStore({ transport });
    const categories = parseOptionSource({ endpoint: 'available-categories', params: { ad_format_id: '/ad_format' } });
    store.session(categories, () => ({ ad_format_id: 'banner' })).ensureLabels([5]);
    expect(calls).toHaveLength(1);
    expect(calls[0].req).toMatchObject({ method: 'GET', url: 'available-categories', params: { ad_format_id: 'banner' } });
  });

  it('loads the whole list of a query without search or ids to label stored values (skins of a group)', async () => {
    const { calls, transport } = manualTransport();
    const store = new LookupStore({ transport });
    const skins = parseOptionSource({ endpoint: 'in-page-skin-groups', fixed: { skins: 1 }, params: { group: '/skin_group' } });
    const s = store.session(skins, () => ({ group: 'web' }));
    s.start();
    s.ensureLabels([2]);
    expect(calls).toHaveLength(1);
    expect(calls[0].req).toMatchObject({ method: 'GET', url: 'in-page-skin-groups', params: { skins: 1, group: 'web' } });
    calls[0].resolve({ data: [{ id: 1, name: 'Light card' }, { id: 2, name: 'Dark card' }] });
    await flush();
    expect(s.index.label(2)).toBe('Dark card');
    s.dispose();
  });
});
