import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useLoader, type LoadedState } from '../../../engine/state/useLoader';
import type { ConversionType } from '../../../generated/types';
import { useStores } from '../../app/context';

/** The conversion types, loaded, and the name of a type by its id. */
export interface ConversionTypes extends LoadedState<ConversionType[]> {
  /** The type's name, or its id while the types load (or when the network sent one not listed). */
  nameOf: (id: string) => string;
}

/**
 * `GET conversion-types`: what a conversion may be. The page loads them once for the postback's macro list, the test's
 * outcome and the conversions list. Their names are the reader's language's (`conversionType.<id>`), as the campaign form's lookup shows them.
 */
export function useConversionTypes(): ConversionTypes {
  const { api } = useStores();
  const intl = useIntl();
  const load = useCallback(async (signal: AbortSignal) => (await api.get<{ data: ConversionType[] }>('conversion-types', { signal, silent: true })).data, [api]);
  const loaded = useLoader(load);
  const { data } = loaded;
  const nameOf = useMemo(() => {
    const names = new Map((data ?? []).map((type) => [type.id, intl.formatMessage({ id: `conversionType.${type.id}`, defaultMessage: type.name })]));
    return (id: string) => names.get(id) ?? id;
  }, [data, intl]);
  return { ...loaded, nameOf };
}
