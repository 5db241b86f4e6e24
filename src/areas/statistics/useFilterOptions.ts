import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '../../../engine/api';
import { isCancel } from '../../../engine/api/errors';
import type { FilterOption } from './MultiSelectFilter';
import type { StatisticsScreenConfig } from './statisticsScreens';
import type { SupplySidePlatform } from '../../../generated/types';

/** A list of choices loaded from the API, with its state and a retry. */
export interface LoadedOptions<V extends string | number> {
  options: FilterOption<V>[];
  status: 'loading' | 'ready' | 'error';
  retry: () => void;
}

/** Loads a list once (and again on `retry`), silently: a failure shows in the filter, not as a toast. */
function useLoaded<V extends string | number>(enabled: boolean, load: (signal: AbortSignal) => Promise<FilterOption<V>[]>): LoadedOptions<V> {
  const [state, setState] = useState<{ options: FilterOption<V>[]; status: 'loading' | 'ready' | 'error' }>({ options: [], status: enabled ? 'loading' : 'ready' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (options) => setState({ options, status: 'ready' }),
      (error: unknown) => {
        if (!isCancel(error)) setState((s) => ({ ...s, status: 'error' }));
      },
    );
    return () => controller.abort();
  }, [enabled, load, attempt]);
  const retry = useCallback(() => {
    setState((s) => ({ ...s, status: 'loading' }));
    setAttempt((a) => a + 1);
  }, []);
  return { ...state, retry };
}

/** The user's campaigns (`GET campaigns`, every page, by name) and the network's supply side platforms, as the screen needs them. */
export function useFilterOptions(api: ApiClient, config: StatisticsScreenConfig) {
  const loadCampaigns = useCallback(
    async (signal: AbortSignal) => {
      const answer = await api.get<{ data: { id: number; name: string }[] }>('campaigns', { signal, silent: true, params: { page: 1, per_page: -1, sort: 'name', order: 'asc' } });
      return answer.data.map((c) => ({ value: c.id, label: c.name }));
    },
    [api],
  );
  const method = config.sspMethod;
  const loadSsps = useCallback(
    async (signal: AbortSignal) => {
      const answer = await api.get<{ data: SupplySidePlatform[] }>('supply-side-platforms/all', { signal, silent: true });
      return answer.data.filter((s) => !method || s.method_type === method).map((s) => ({ value: s.id, label: s.name }));
    },
    [api, method],
  );
  return {
    campaigns: useLoaded(config.filters.includes('campaigns'), loadCampaigns),
    ssps: useLoaded(config.filters.includes('ssps'), loadSsps),
  };
}
