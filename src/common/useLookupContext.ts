// Kept apart from the form gate and the guest card (the sign-in page's chunk): the lookup engine loads only with forms that have lookups.
import { useMemo } from 'react';
import type { FormStore } from '../../engine/form/FormStore';
import { LookupStore, parseOptionSourceOnce, type LookupFormContext } from '../../engine/lookup';
import type { ApiClient } from '../../engine/api';
import { useStores } from '../app/context';

// One lookup store per API client, made the first time a form with lookups opens: its code stays out of the
// first chunk (the sign-in page has no lookups), and its cache is shared by every later form.
const stores = new WeakMap<ApiClient, LookupStore>();

function lookupsFor(api: ApiClient): LookupStore {
  let lookups = stores.get(api);
  if (!lookups) {
    // Failed lookup loads are reported silently (the error catalogue); the widget offers a retry in place.
    lookups = new LookupStore({ transport: api.transport, report: (error) => console.warn('lookup failed', error) });
    stores.set(api, lookups);
  }
  return lookups;
}

/** The `formContext` lookup widgets need: the shared lookup store and the form's (or a filter bar's) live values. */
export function useLookupContext(store: Pick<FormStore, 'values'>): LookupFormContext {
  const { api } = useStores();
  return useMemo(() => {
    const lookups = lookupsFor(api);
    return {
      lookups,
      getRootValue: () => store.values,
      labelOf: (uiOptions: Record<string, unknown>, value: unknown) => lookups.index(parseOptionSourceOnce(uiOptions.source)).get(value)?.label,
    };
  }, [api, store]);
}
