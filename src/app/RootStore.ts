import { ApiClient } from '../../engine/api';
import { SessionStore } from '../../engine/session/SessionStore';
import { refreshVia } from '../../engine/session/refreshVia';
import { SchemaCatalog } from '../../engine/schema/SchemaCatalog';
import { schemaLoaders } from '../../generated/catalog';
import { NetworkStore } from './NetworkStore';
import { UserStore } from './UserStore';

export interface RootStoreOptions {
  /** Shows an error toast. */
  notify: (message: string) => void;
  /** Reports an unexpected error. */
  report?: (error: unknown) => void;
}

/** Everything the panel shares, built once at start and handed down through React context. */
export class RootStore {
  readonly api: ApiClient;
  readonly session: SessionStore;
  readonly catalog = new SchemaCatalog(schemaLoaders);
  readonly network: NetworkStore;
  readonly user: UserStore;
  /** Set by the router once it exists: where a 401 sends the user. */
  onUnauthorized: () => void = () => {};

  constructor(options: RootStoreOptions) {
    const report = options.report ?? ((error: unknown) => console.error(error));
    // The client and the session need each other; the closures run only after both exist.
    this.api = new ApiClient({
      tokens: { getToken: () => this.session.getToken(), clearToken: () => this.session.clearToken() },
      onUnauthorized: () => this.onUnauthorized(),
      notify: options.notify,
      report,
    });
    this.session = new SessionStore({ refresh: refreshVia(this.api), report });
    this.network = new NetworkStore(this.api);
    this.user = new UserStore(this.api);
  }
}
