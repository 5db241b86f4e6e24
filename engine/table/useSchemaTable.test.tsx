import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import dateSet from '../../schemas/statistics/date.columns.json';
import type { ColumnSet } from './columnSet';
import type { TableQuery, TableStore } from './TableStore';
import { useSchemaTable } from './useSchemaTable';

type Filters = { start: string };
const columnSet = dateSet as ColumnSet;

function Probe(props: { filters: Filters; load: (q: TableQuery<Filters>, s: AbortSignal) => Promise<{ rows: [] }>; onStore: (s: TableStore) => void }) {
  const store = useSchemaTable<Record<string, unknown>, Filters>({ columnSet, filters: props.filters, load: props.load });
  props.onStore(store as unknown as TableStore);
  return null;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useSchemaTable', () => {
  it('loads on mount, reloads debounced when filters change by value, uses the latest loader, aborts on unmount', async () => {
    const stores = new Set<TableStore>();
    const first = vi.fn(async () => ({ rows: [] as [] }));
    const view = render(<Probe filters={{ start: 'a' }} load={first} onStore={(s) => stores.add(s)} />);
    expect(first).toHaveBeenCalledTimes(1);

    // same filters by value, new object: no reload
    view.rerender(<Probe filters={{ start: 'a' }} load={first} onStore={(s) => stores.add(s)} />);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(first).toHaveBeenCalledTimes(1);

    const second = vi.fn((_q: TableQuery<Filters>, signal: AbortSignal) => new Promise<{ rows: [] }>((_r, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))));
    view.rerender(<Probe filters={{ start: 'b' }} load={second} onStore={(s) => stores.add(s)} />);
    await act(() => vi.advanceTimersByTimeAsync(699));
    expect(second).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(second).toHaveBeenCalledTimes(1);
    expect(second.mock.calls[0][0].filters).toEqual({ start: 'b' });
    expect(stores.size).toBe(1);

    const signal = second.mock.calls[0][1];
    view.unmount();
    expect(signal.aborted).toBe(true);
  });
});
