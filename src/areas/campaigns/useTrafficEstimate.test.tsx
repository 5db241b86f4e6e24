import { act, renderHook } from '@testing-library/react';
import { makeObservable, observableRef, runInAction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormStore } from '../../../engine/form/FormStore';
import { ESTIMATE_DELAY_MS, useTrafficEstimate } from './useTrafficEstimate';

interface Call {
  url: string;
  body: { targets: Record<string, unknown>; price?: string };
  signal: AbortSignal;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

function fakeApi() {
  const calls: Call[] = [];
  const post = vi.fn((url: string, body: unknown, options: { signal: AbortSignal }) => new Promise((resolve, reject) => calls.push({ url, body: body as Call['body'], signal: options.signal, resolve, reject })));
  return { api: { post } as never, calls };
}

/** What the hook reads of a form store: its values, replaced as a whole on every change. */
function makeStore(values: Record<string, unknown>) {
  const store = { values };
  makeObservable(store, { values: observableRef });
  return store;
}

// Stable like the page's memoized list: a new array each render would restart the estimate.
const COUNTRY_ONLY = ['country'];
const NONE: string[] = [];

const answer = (impressions: number) => ({ data: { impressions, clicks: 0, requests: 0, recommended_price: '1.0000' } });

describe('useTrafficEstimate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks at once, then once per pause in typing, cancels the question a newer one supersedes, and sends only offered targets', async () => {
    const { api, calls } = fakeApi();
    const store = makeStore({ pricing_model: 'cpm', targets: { country: { countries: [1] }, city: { cities: [9] } } });
    const { result } = renderHook(() => useTrafficEstimate(api, store as unknown as FormStore, 'popunder', COUNTRY_ONLY));
    expect(calls.map((c) => c.url)).toEqual(['available-traffic', 'available-traffic-by-country']);
    expect(calls[0].body).toEqual({ ad_format_id: 'popunder', pricing_model: 'cpm', targets: { country: { countries: [1] } } });

    const set = (countries: number[]) => runInAction(() => (store.values = { ...store.values, targets: { country: { countries } } }));
    set([1, 2]);
    set([1, 2, 3]);
    expect(result.current.loading).toBe(true);
    await act(async () => vi.advanceTimersByTime(ESTIMATE_DELAY_MS - 1));
    expect(calls).toHaveLength(2);
    await act(async () => vi.advanceTimersByTime(1));
    expect(calls).toHaveLength(4);
    expect(calls[2].body.targets).toEqual({ country: { countries: [1, 2, 3] } });
    expect(calls[0].signal.aborted).toBe(true);

    // The superseded answer arrives late: it is not shown.
    await act(async () => {
      calls[0].resolve(answer(999));
      calls[1].resolve({ data: [] });
      calls[2].resolve(answer(42));
      calls[3].resolve({ data: [{ country_id: 1, name: 'A', impressions: 42, clicks: 0, recommended_price: null }] });
    });
    expect(result.current).toMatchObject({ loading: false, failed: false, estimate: { impressions: 42 }, countries: [{ country_id: 1 }] });
  });

  it('keeps the last numbers and offers a retry when a question fails', async () => {
    const { api, calls } = fakeApi();
    const store = makeStore({ targets: {} });
    const { result } = renderHook(() => useTrafficEstimate(api, store as unknown as FormStore, 'popunder', NONE));
    await act(async () => {
      calls[0].resolve(answer(7));
      calls[1].resolve({ data: [] });
    });
    runInAction(() => (store.values = { price: '2.5', targets: {} }));
    await act(async () => vi.advanceTimersByTime(ESTIMATE_DELAY_MS));
    expect(calls[2].body.price).toBe('2.5');
    await act(async () => calls[2].reject(new Error('offline')));
    expect(result.current).toMatchObject({ failed: true, loading: false, estimate: { impressions: 7 } });
    act(() => result.current.retry());
    expect(calls).toHaveLength(6);
  });
});
