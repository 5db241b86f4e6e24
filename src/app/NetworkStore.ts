import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../engine/api';
import type { Network } from '../../generated/types';

/** `GET network`'s answer: schemas/shell/network.answer.schema.json. */
export type { Network };

/** The network (white-label brand) this page belongs to, resolved by the server from the host. */
export class NetworkStore {
  settings: Network | null = null;
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  error: unknown = null;
  private pending: Promise<void> | null = null;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<NetworkStore, 'api' | 'pending'>(this, { api: false, pending: false });
  }

  get name(): string {
    return this.settings?.name ?? '';
  }

  /** The sections this network allows (its guard sections); empty until loaded. */
  get sections(): ReadonlySet<string> {
    return new Set(this.settings?.guardSections ?? []);
  }

  /** Tries again after a failed load. */
  retry(): Promise<void> {
    if (this.status === 'error') this.pending = null;
    return this.load();
  }

  /** Loads the settings once; later calls share the first request. */
  load(): Promise<void> {
    this.pending ??= this.fetch();
    return this.pending;
  }

  private async fetch() {
    this.status = 'loading';
    try {
      // Silent: the catalogue says failed settings loads are reported without a user message.
      const { data } = (await this.api.request<{ data: Network }>({ method: 'GET', url: 'network', silent: true })).data;
      runInAction(() => {
        this.settings = data;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.error = error;
        this.status = 'error';
        this.pending = null;
      });
    }
  }
}
