import { makeAutoObservable } from 'mobx';
import { describe, expect, it } from 'vitest';
import { loadInto, type LoadStatus } from './loadInto';

class Store {
  status: LoadStatus | 'missing' = 'idle';
  error: unknown = 'old';
  value = 0;
  constructor() {
    makeAutoObservable(this);
  }
}

describe('loadInto', () => {
  it('applies the answer and is ready, clearing an earlier error', async () => {
    const store = new Store();
    const pending = loadInto(store, async () => 7, (n) => (store.value = n));
    expect(store.status).toBe('loading');
    expect(await pending).toBe(true);
    expect([store.status, store.value, store.error]).toEqual(['ready', 7, null]);
  });

  it('keeps the error and takes the status the store names for it', async () => {
    const store = new Store();
    const notFound = Object.assign(new Error('gone'), { status: 404 });
    expect(await loadInto(store, () => Promise.reject(notFound), () => {}, (e) => ((e as { status?: number }).status === 404 ? 'missing' : 'error'))).toBe(false);
    expect([store.status, store.error]).toEqual(['missing', notFound]);
    await loadInto(store, () => Promise.reject(new Error('down')), () => {});
    expect(store.status).toBe('error');
  });
});
