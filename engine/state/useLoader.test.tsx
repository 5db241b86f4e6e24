import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pendingCalls } from './pendingCalls';
import { useLoader } from './useLoader';

/** A fetch per key, as a component memoizes it: `fetches(key)` is the same function for the same key. */
function keyedFetch() {
  const { calls, call } = pendingCalls();
  const cache = new Map<string, (signal: AbortSignal) => Promise<string>>();
  const fetches = (key: string) => {
    if (!cache.has(key)) cache.set(key, (signal) => call(key, { signal }));
    return cache.get(key)!;
  };
  return { calls, fetches };
}

describe('useLoader', () => {
  it('loads when mounted: loading, then the answer; a failure keeps the error and retry loads again', async () => {
    const { calls, fetches } = keyedFetch();
    const seen: string[] = [];
    const { result } = renderHook(() => {
      const state = useLoader(fetches('a'));
      seen.push(state.status);
      return state;
    });
    expect(seen[0]).toBe('loading'); // from the first render, before the load started
    expect(result.current).toMatchObject({ data: null, status: 'loading', isFirstLoad: true, isLoading: true });
    await act(async () => calls[0].resolve('one'));
    expect(result.current).toMatchObject({ data: 'one', status: 'ready', isFirstLoad: false, error: null });

    act(() => result.current.retry());
    expect(result.current).toMatchObject({ data: 'one', status: 'loading', isFirstLoad: false });
    const down = new Error('down');
    await act(async () => calls[1].reject(down));
    expect(result.current).toMatchObject({ data: 'one', status: 'error', error: down });
    act(() => result.current.retry());
    await act(async () => calls[2].resolve('two'));
    expect(result.current).toMatchObject({ data: 'two', status: 'ready', error: null });
  });

  it('loads again when the fetch changes, cancelling the load it supersedes; null loads nothing', async () => {
    const { calls, fetches } = keyedFetch();
    const { result, rerender } = renderHook(({ key }: { key: string | null }) => useLoader(key ? fetches(key) : null), { initialProps: { key: null as string | null } });
    expect([result.current.status, calls.length]).toEqual(['idle', 0]);
    rerender({ key: 'a' });
    rerender({ key: 'b' });
    expect(calls.map((c) => c.args[0])).toEqual(['a', 'b']);
    expect(calls[0].signal?.aborted).toBe(true);
    await act(async () => {
      calls[1].resolve('B');
      calls[0].resolve('A');
    });
    expect(result.current).toMatchObject({ data: 'B', status: 'ready' });
    rerender({ key: 'b' });
    expect(calls).toHaveLength(2); // the same fetch: no new load
  });

  it('cancels the load in flight when the component is left', () => {
    const { calls, fetches } = keyedFetch();
    const { unmount } = renderHook(() => useLoader(fetches('a')));
    unmount();
    expect(calls[0].signal?.aborted).toBe(true);
  });
});
