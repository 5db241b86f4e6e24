import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { computed, observable, reaction } from 'mobx';
import { Loader, type LoadStatus } from './Loader';

/** What `useLoader` gives a component: the last answer, the state of getting it, and a retry. */
export interface LoadedState<T> {
  /** The last answer (kept while a newer load runs or after one failed), or null until the first one. */
  data: T | null;
  status: LoadStatus | 'missing';
  error: unknown;
  /** Loading for the first time: nothing to show yet. */
  isFirstLoad: boolean;
  isLoading: boolean;
  /** Loads again (after a failure, or to refresh: the last answer stays until the new one). */
  retry: () => void;
}

/**
 * A component's load, on a `Loader`: loads when mounted and again whenever `fetch` changes (memoize it with
 * `useCallback` over what it depends on), cancelling the load before; `null` loads nothing (not yet, or not here).
 * Leaving the component cancels the load in flight. A load about to start reads as loading from the first render.
 * Works in any component (no `observer` needed).
 * @example
 * const load = useCallback((signal: AbortSignal) => api.get<{ data: Tip[] }>('campaign-tooltips', { signal, silent: true }), [api]);
 * const { data, status, retry } = useLoader(load);
 */
export function useLoader<T>(fetch: ((signal: AbortSignal) => Promise<T>) | null | undefined): LoadedState<T> {
  const latest = useRef(fetch);
  const [held] = useState(() => {
    const data = observable.box<T | null>(null, { deep: false });
    const loader = new Loader<T>({ fetch: (signal) => latest.current!(signal), apply: (answer) => data.set(answer) });
    // Kept alive so that reading it outside a reaction (React's snapshot) answers the same object until something changed.
    const view = computed(
      () => ({ data: data.get(), status: loader.status, error: loader.error, isFirstLoad: loader.isFirstLoad, isLoading: loader.isLoading }),
      { keepAlive: true },
    );
    return { loader, view };
  });
  const subscribe = useCallback((changed: () => void) => reaction(() => held.view.get(), changed), [held]);
  const state = useSyncExternalStore(subscribe, () => held.view.get());
  useEffect(() => {
    latest.current = fetch;
    if (!fetch) return;
    void held.loader.run();
    return () => held.loader.abort();
  }, [fetch, held]);
  const retry = useCallback(() => {
    if (latest.current) void held.loader.retry();
  }, [held]);
  // Until the effect starts it, a load about to start is reported as loading (no empty first frame).
  if (fetch && state.status === 'idle') return { ...state, status: 'loading', isLoading: true, isFirstLoad: state.data === null, retry };
  return { ...state, retry };
}
