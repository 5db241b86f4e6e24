import { useEffect, useMemo, useState } from 'react';
import { reaction } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { useLoader } from '../../../engine/state/useLoader';
import type { FormStore } from '../../../engine/form/FormStore';
import type { CountryTraffic, TrafficEstimate } from '../../../generated/types';

/** How long the form must rest before the estimate is asked again. */
export const ESTIMATE_DELAY_MS = 500;

/** The estimate beside the form: the last answer, whether a newer one is on its way, and a failure. */
export interface EstimateState {
  estimate: TrafficEstimate | null;
  countries: CountryTraffic[];
  loading: boolean;
  failed: boolean;
  retry(): void;
}

/** What the estimate depends on, as the request body (only the targets this campaign may use). */
function requestOf(values: Record<string, unknown>, format: string, offered: readonly string[]) {
  const targets = (values.targets ?? {}) as Record<string, unknown>;
  const price = typeof values.price === 'string' && values.price ? values.price : undefined;
  return {
    ad_format_id: format,
    ...(typeof values.pricing_model === 'string' ? { pricing_model: values.pricing_model } : {}),
    ...(price ? { price } : {}),
    targets: Object.fromEntries(Object.entries(targets).filter(([id, v]) => offered.includes(id) && v && typeof v === 'object')),
  };
}

/**
 * The live traffic estimate of a campaign form: `available-traffic` and `available-traffic-by-country` asked again
 * when targets, pricing model or price change, after the form rests (debounced); a newer question cancels the one
 * in flight, so an old answer never overwrites a newer one. A failure keeps the last numbers visible.
 */
export function useTrafficEstimate(api: Pick<ApiClient, 'post'>, store: FormStore, format: string, offered: readonly string[]): EstimateState {
  /** The question asked (the request body as JSON), and whether a newer one waits for the form to rest. */
  const [asked, setAsked] = useState<{ body: string; waiting: boolean } | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const dispose = reaction(
      () => JSON.stringify(requestOf(store.values, format, offered)),
      (body, previous) => {
        clearTimeout(timer);
        if (previous === undefined) return setAsked({ body, waiting: false });
        setAsked((a) => (a ? { ...a, waiting: true } : a));
        timer = setTimeout(() => setAsked({ body, waiting: false }), ESTIMATE_DELAY_MS);
      },
      { fireImmediately: true },
    );
    return () => {
      dispose();
      clearTimeout(timer);
    };
  }, [store, format, offered]);
  const body = asked?.body;
  const load = useMemo(() => {
    if (body === undefined) return null;
    return async (signal: AbortSignal) => {
      const data = JSON.parse(body) as object;
      const options = { signal, silent: true };
      const [total, byCountry] = await Promise.all([
        api.post<{ data: TrafficEstimate }>('available-traffic', data, options),
        api.post<{ data: CountryTraffic[] }>('available-traffic-by-country', data, options),
      ]);
      return { estimate: total.data, countries: byCountry.data };
    };
  }, [api, body]);
  const { data, status, isLoading, retry } = useLoader(load);
  const waiting = !asked || asked.waiting;
  return {
    estimate: data?.estimate ?? null,
    countries: data?.countries ?? NO_COUNTRIES,
    loading: waiting || isLoading,
    failed: !waiting && status === 'error',
    retry,
  };
}

const NO_COUNTRIES: CountryTraffic[] = [];
