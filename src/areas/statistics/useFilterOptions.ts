import { useCallback } from 'react';
import type { ApiClient } from '../../../engine/api';
import type { LoadStatus } from '../../../engine/state/Loader';
import { useLoader } from '../../../engine/state/useLoader';
import type { FilterOption } from './MultiSelectFilter';
import type { StatisticsScreenConfig } from './statisticsScreens';
import type { AdOption, SupplySidePlatform } from '../../../generated/types';

/** A list of choices loaded from the API, with its state and a retry. */
export interface LoadedOptions<V extends string | number> {
  options: FilterOption<V>[];
  status: Exclude<LoadStatus, 'idle'>;
  retry: () => void;
}

const NO_OPTIONS: never[] = [];

/** Loads a list once (and again on `retry`), silently: a failure shows in the filter, not as a toast. */
function useLoaded<V extends string | number>(enabled: boolean, load: (signal: AbortSignal) => Promise<FilterOption<V>[]>): LoadedOptions<V> {
  const { data, status, retry } = useLoader(enabled ? load : null);
  return { options: data ?? NO_OPTIONS, status: !enabled || status === 'ready' ? 'ready' : status === 'error' ? 'error' : 'loading', retry };
}

/**
 * The user's campaigns (`GET campaigns`, every page, by name), ads (`GET ads`, by name, `#id` beside names used
 * twice) and the network's supply side platforms, as the screen needs them.
 */
export function useFilterOptions(api: ApiClient, config: StatisticsScreenConfig) {
  const loadCampaigns = useCallback(
    async (signal: AbortSignal) => {
      const answer = await api.get<{ data: { id: number; name: string }[] }>('campaigns', { signal, silent: true, params: { page: 1, per_page: -1, sort: 'name', order: 'asc' } });
      return answer.data.map((c) => ({ value: c.id, label: c.name }));
    },
    [api],
  );
  const loadAds = useCallback(
    async (signal: AbortSignal) => {
      const answer = await api.get<{ data: AdOption[] }>('ads', { signal, silent: true });
      const named = new Map<string, number>();
      for (const ad of answer.data) named.set(ad.name, (named.get(ad.name) ?? 0) + 1);
      return answer.data
        .map((ad) => ({ value: ad.id, label: (named.get(ad.name) ?? 0) > 1 ? `${ad.name} #${ad.id}` : ad.name }))
        .sort((a, b) => a.label.localeCompare(b.label));
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
    ads: useLoaded(config.filters.includes('ads'), loadAds),
    ssps: useLoaded(config.filters.includes('ssps'), loadSsps),
  };
}
