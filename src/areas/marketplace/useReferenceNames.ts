import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { regionName } from '../../../engine/i18n/displayNames';
import { useLoader } from '../../../engine/state/useLoader';
import { useStores } from '../../app/context';

interface CountryItem {
  id: number;
  iso2: string;
  name: string;
}
interface NamedItem {
  id: number;
  name: string;
}

/**
 * Names of the ids a deal carries, in the reader's language: countries (Intl's region names by ISO code, from
 * `collections/countries`) and traffic types (the panel's messages, else `collections/traffic-types`). An id not (yet) known shows as `#id`.
 */
export function useReferenceNames() {
  const intl = useIntl();
  const { api } = useStores();
  const countries = useLoader(useCallback((signal: AbortSignal) => api.get<{ data: CountryItem[] }>('collections/countries', { signal, silent: true }).then((a) => a.data), [api]));
  const trafficTypes = useLoader(useCallback((signal: AbortSignal) => api.get<{ data: NamedItem[] }>('collections/traffic-types', { signal, silent: true }).then((a) => a.data), [api]));
  const country = (id: number) => {
    const found = countries.data?.find((c) => c.id === id);
    return found ? regionName(found.iso2, intl.locale, found.name) : `#${id}`;
  };
  // The reference list names traffic types in English; the panel's messages name the known ones in the reader's language.
  const trafficType = (id: number) => {
    const key = `marketplace.trafficType.${id}`;
    return intl.messages[key] ? intl.formatMessage({ id: key }) : (trafficTypes.data?.find((t) => t.id === id)?.name ?? `#${id}`);
  };
  return { country, trafficType, trafficTypes: trafficTypes.data ?? [] };
}
