import { AxiosError, AxiosHeaders, CanceledError, type AxiosAdapter } from 'axios';
import { ApiClient } from '../../engine/api';
import type { LookupTransport } from '../../engine/lookup';
import type { RootStore } from '../../src/app/RootStore';
import { NetworkStore } from '../../src/app/NetworkStore';
import { SettingsStore } from '../../src/app/SettingsStore';
import { catalog } from '../forms/SchemaFormStory';

/**
 * An axios adapter that answers every call of the API client from a story transport instead of the network: the
 * client's own code (headers, silent calls, errors, cancellation) runs as in the panel. A failure whose message
 * starts with an HTTP status (`404 Not Found: …`, as the fixtures fail) becomes an answer with that status, carrying
 * the error's `body` if it has one (a 422's field errors).
 */
function transportAdapter(transport: LookupTransport): AxiosAdapter {
  return async (config) => {
    const method = String(config.method ?? 'get').toUpperCase() as 'GET' | 'POST';
    const data = typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as object) : (config.data as object | undefined);
    const signal = (config.signal as AbortSignal | undefined) ?? new AbortController().signal;
    try {
      const body = await transport({ method, url: String(config.url ?? ''), params: config.params as object | undefined, data, signal });
      return { data: body, status: 200, statusText: 'OK', headers: new AxiosHeaders({ 'content-type': 'application/json' }), config, request: {} };
    } catch (error) {
      if (signal.aborted) throw new CanceledError(undefined, undefined, config);
      const message = error instanceof Error ? error.message : String(error);
      const status = Number(/^(\d{3}) /.exec(message)?.[1] ?? 500);
      const body = (error as { body?: object }).body;
      const response = { data: { message, ...body }, status, statusText: message, headers: new AxiosHeaders(), config, request: {} };
      throw new AxiosError(message, status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    }
  };
}

/** What a story's pages read through `useStores()`: the API client, `GET settings`, the network and the schema catalog. */
export type StoryStores = Pick<RootStore, 'api' | 'settings' | 'network' | 'catalog'>;

/**
 * The stores the panel's pages use (`useStores()`), over a story transport: a real ApiClient (its HTTP answered by
 * the transport), and the real SettingsStore and NetworkStore, which load `GET settings` and `GET network` through
 * it. Give them to the pages with `<StoreContext.Provider value={asRootStore(stores)}>`.
 */
export function createStoryStores(transport: LookupTransport): StoryStores {
  const api = new ApiClient({
    origin: 'https://api.story.invalid',
    notify: (message) => console.warn(`The panel would show: ${message}`),
    report: (error) => console.warn('reported', error),
    axios: { adapter: transportAdapter(transport) },
  });
  return { api, settings: new SettingsStore(api), network: new NetworkStore(api), catalog };
}

/**
 * The stores as the RootStore the context holds. The campaign form and its estimate read only these four; a
 * page that reached for more (the user, the session) would fail loudly in its story, which is what we want.
 */
export const asRootStore = (stores: StoryStores): RootStore => stores as RootStore;
