import { makeAutoObservable } from 'mobx';
import type { ApiClient } from '../../engine/api';
import { Loader } from '../../engine/state/Loader';
import type { Network } from '../../generated/types';

/** `GET network`'s answer: schemas/shell/network.answer.schema.json. */
export type { Network };

/** The network (white-label brand) this page belongs to, resolved by the server from the host. */
export class NetworkStore {
  settings: Network | null = null;
  /** `GET network`, silent: the catalogue says failed settings loads are reported without a user message. */
  readonly loader = new Loader({
    fetch: async (signal) => (await this.api.request<{ data: Network }>({ method: 'GET', url: 'network', silent: true, signal })).data,
    apply: ({ data }) => (this.settings = data),
  });

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<NetworkStore, 'api'>(this, { api: false, loader: false });
  }

  get status() {
    return this.loader.status;
  }

  get error(): unknown {
    return this.loader.error;
  }

  get name(): string {
    return this.settings?.name ?? '';
  }

  /** The sections this network allows (its guard sections); empty until loaded. */
  get sections(): ReadonlySet<string> {
    return new Set(this.settings?.guardSections ?? []);
  }

  /** Tries again after a failed load. */
  async retry(): Promise<void> {
    await this.loader.retry();
  }

  /** Loads the settings once; later calls share the first request (a failed one is tried again). */
  async load(): Promise<void> {
    await this.loader.once();
  }
}
