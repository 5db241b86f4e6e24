// Kept apart from the form gate and the guest card (the sign-in page's chunk): the lookup engine loads only with forms that have lookups.
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { FormStore } from '../../engine/form/FormStore';
import { LookupStore, parseOptionSourceOnce, type LookupFormContext, type LookupTransport } from '../../engine/lookup';
import type { ApiClient } from '../../engine/api';
import { displayName, type DisplayNameType } from '../../engine/i18n/displayNames';
import { useStores } from '../app/context';

// One lookup store per API client and language, made the first time a form with lookups opens: its code stays out
// of the first chunk (the sign-in page has no lookups), and its cache (labels included) is shared by every later form
// in that language.
const stores = new WeakMap<ApiClient, Map<string, { lookups: LookupStore; intl: IntlShape }>>();

/** An item's name in the reader's language, or undefined to keep the name the server sent. */
type Namer = (item: Record<string, unknown>, intl: IntlShape) => string | undefined;

const codeNamer =
  (type: DisplayNameType, key: string): Namer =>
  (item, intl) =>
    typeof item[key] === 'string' ? displayName(type, item[key], intl.locale, String(item.name ?? '')) : undefined;

/**
 * The lookups whose items the server names in English though the panel can name them: countries and languages by
 * their ISO codes (Intl's names), ad formats by their ids (the formats' messages). The labels themselves are
 * translated, so the search and the selected tags read in the reader's language too.
 */
const NAMERS: Readonly<Record<string, Namer>> = {
  'collections/countries': codeNamer('region', 'iso2'),
  'collections/language': codeNamer('language', 'code'),
  'conversion-types': (item, intl) => (typeof item.id === 'string' ? intl.formatMessage({ id: `conversionType.${item.id}`, defaultMessage: String(item.name ?? item.id) }) : undefined),
  'rtb-ad-formats': (item, intl) => (typeof item.id === 'string' ? intl.formatMessage({ id: `adFormat.${item.id}.name`, defaultMessage: String(item.name ?? item.id) }) : undefined),
};

/** The API's lookup transport, with the items of `NAMERS` lookups named in the reader's language. */
function namingTransport(api: ApiClient, intlNow: () => IntlShape): LookupTransport {
  return async (request) => {
    const body = await api.transport(request);
    const namer = NAMERS[request.url];
    const items = (body as { data?: unknown } | null)?.data;
    if (!namer || !Array.isArray(items)) return body;
    const intl = intlNow();
    const named = items.map((item: Record<string, unknown>) => {
      const name = item && typeof item === 'object' ? namer(item, intl) : undefined;
      return name === undefined ? item : { ...item, name };
    });
    // The server sorts by the English name; the list reads in the order of the reader's language.
    const collator = new Intl.Collator(intl.locale);
    return { ...(body as object), data: named.sort((a, b) => collator.compare(String(a?.name ?? ''), String(b?.name ?? ''))) };
  };
}

function lookupsFor(api: ApiClient, intl: IntlShape): LookupStore {
  let byLocale = stores.get(api);
  if (!byLocale) stores.set(api, (byLocale = new Map()));
  let entry = byLocale.get(intl.locale);
  if (!entry) {
    const made: { lookups?: LookupStore; intl: IntlShape } = { intl };
    // Failed lookup loads are reported silently (the error catalogue); the widget offers a retry in place. The
    // transport reads the latest messages of the language (the panel's arrive after the sign-in page's).
    made.lookups = new LookupStore({ transport: namingTransport(api, () => made.intl), report: (error) => console.warn('lookup failed', error) });
    entry = made as { lookups: LookupStore; intl: IntlShape };
    byLocale.set(intl.locale, entry);
  }
  entry.intl = intl;
  return entry.lookups;
}

/** The `formContext` lookup widgets need: the shared lookup store and the form's (or a filter bar's) live values. */
export function useLookupContext(store: Pick<FormStore, 'values'>): LookupFormContext {
  const { api } = useStores();
  const intl = useIntl();
  return useMemo(() => {
    const lookups = lookupsFor(api, intl);
    return {
      lookups,
      getRootValue: () => store.values,
      labelOf: (uiOptions: Record<string, unknown>, value: unknown) => lookups.index(parseOptionSourceOnce(uiOptions.source)).get(value)?.label,
    };
  }, [api, store, intl]);
}
