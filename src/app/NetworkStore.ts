import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../engine/api';

/** The part of `GET network` the shell reads; the rest is passed through untouched. */
export interface NetworkSettings {
  id: string;
  name: string;
  guardSections?: string[];
  messengerBotName?: string | null;
  settings?: {
    locales?: string[];
    themes?: Record<string, Record<string, string | undefined>>;
    defaultTheme?: string;
    images?: { logo?: string; logoMini?: string };
    favicons?: { rel: string; href: string; type?: string; sizes?: string }[];
    [k: string]: unknown;
  };
  [k: string]: unknown;
}

/** The network (white-label brand) this page belongs to, resolved by the server from the host. */
export class NetworkStore {
  settings: NetworkSettings | null = null;
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
      const { data } = (await this.api.request<{ data: NetworkSettings }>({ method: 'GET', url: 'network', silent: true })).data;
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
