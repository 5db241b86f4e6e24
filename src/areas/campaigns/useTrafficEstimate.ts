import { useEffect, useState } from 'react';
import { reaction } from 'mobx';
import type { ApiClient } from '../../../engine/api';
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
 * in flight, so an old answer never overwrites a newer one.
 */
export function useTrafficEstimate(api: Pick<ApiClient, 'post'>, store: FormStore, format: string, offered: readonly string[]): EstimateState {
  const [state, setState] = useState<Omit<EstimateState, 'retry'>>({ estimate: null, countries: [], loading: true, failed: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    const ask = (body: string) => {
      controller?.abort();
      const current = new AbortController();
      controller = current;
      const data = JSON.parse(body) as object;
      const options = { signal: current.signal, silent: true };
      Promise.all([
        api.post<{ data: TrafficEstimate }>('available-traffic', data, options),
        api.post<{ data: CountryTraffic[] }>('available-traffic-by-country', data, options),
      ]).then(
        ([total, byCountry]) => {
          if (!current.signal.aborted) setState({ estimate: total.data, countries: byCountry.data, loading: false, failed: false });
        },
        () => {
          // A cancelled question is superseded, not failed; a real failure keeps the last numbers visible.
          if (!current.signal.aborted) setState((s) => ({ ...s, loading: false, failed: true }));
        },
      );
    };
    const dispose = reaction(
      () => JSON.stringify(requestOf(store.values, format, offered)),
      (body, previous) => {
        clearTimeout(timer);
        setState((s) => ({ ...s, loading: true, failed: false }));
        if (previous === undefined) ask(body);
        else timer = setTimeout(() => ask(body), ESTIMATE_DELAY_MS);
      },
      { fireImmediately: true },
    );
    return () => {
      dispose();
      clearTimeout(timer);
      controller?.abort();
    };
  }, [api, store, format, offered, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
