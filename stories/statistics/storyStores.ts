import { AxiosError, AxiosHeaders, CanceledError, type AxiosAdapter } from 'axios';
import { ApiClient } from '../../engine/api';
import type { RootStore } from '../../src/app/RootStore';
import { NetworkStore } from '../../src/app/NetworkStore';
import { SettingsStore } from '../../src/app/SettingsStore';
import { UserStore } from '../../src/app/UserStore';
import type { FixtureServer } from './statisticsFixtures';

/** An axios adapter answering from a fixture server, so the API client's own code (errors, 422s, cancels) runs as in the panel. */
function fixtureAdapter(server: FixtureServer): AxiosAdapter {
  return async (config) => {
    const signal = (config.signal as AbortSignal | undefined) ?? new AbortController().signal;
    let answer;
    try {
      answer = await server({ method: String(config.method ?? 'get').toUpperCase(), url: String(config.url ?? ''), params: (config.params ?? {}) as Record<string, unknown>, signal });
    } catch (error) {
      if (signal.aborted) throw new CanceledError(undefined, undefined, config);
      throw error;
    }
    const response = { data: answer.body, status: answer.status, statusText: String(answer.status), headers: new AxiosHeaders({ 'content-type': 'application/json' }), config, request: {} };
    if (answer.status >= 400) throw new AxiosError(`Request failed with status code ${answer.status}`, answer.status < 500 ? AxiosError.ERR_BAD_REQUEST : AxiosError.ERR_BAD_RESPONSE, config, {}, response);
    return response;
  };
}

/** What the statistics pages read through `useStores()`: the API client, settings, the network and the user. */
export type StatisticsStoryStores = Pick<RootStore, 'api' | 'settings' | 'network' | 'user'>;

/** Real stores over a fixture server; give them to a page as `<StoreContext.Provider value={stores as RootStore}>`. */
export function createStatisticsStoryStores(server: FixtureServer): StatisticsStoryStores {
  const api = new ApiClient({
    origin: 'https://api.story.invalid',
    notify: (message) => console.warn(`The panel would show: ${message}`),
    report: (error) => console.warn('reported', error),
    axios: { adapter: fixtureAdapter(server) },
  });
  return { api, settings: new SettingsStore(api), network: new NetworkStore(api), user: new UserStore(api) };
}
