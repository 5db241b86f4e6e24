import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../engine/api';
import { Loader } from '../../engine/state/Loader';
import type { CurrentUser } from '../../generated/types';

/** How often the balance is refreshed while the panel is open: every 30 minutes. */
export const BALANCE_REFRESH_MS = 1_800_000;

/** The current user, fetched once after sign-in, and their balance, refreshed on demand and every 30 minutes. */
export class UserStore {
  user: CurrentUser | null = null;
  /** Whether a balance refresh (a new `GET user`) is on its way. */
  refreshing = false;
  /** `GET user`: the first load and every refresh. */
  readonly loader = new Loader({
    fetch: (signal) => this.api.get<{ data: CurrentUser }>('user', { signal }),
    apply: ({ data }) => (this.user = data),
  });

  constructor(private readonly api: Pick<ApiClient, 'get'>) {
    makeAutoObservable<UserStore, 'api'>(this, { api: false, loader: false });
  }

  /**
   * The user's load: `ready` once a user is on screen, and so it stays while a refresh runs or after one failed
   * (`error` says why; the api client has shown the message).
   */
  get status() {
    return this.loader.loaded ? 'ready' : this.loader.status;
  }

  get error(): unknown {
    return this.loader.error;
  }

  /** The balance as a decimal string, or null until the user is loaded. */
  get balance(): string | null {
    return this.user?.balance ?? null;
  }

  /** Loads the user unless loaded or loading (a call during the load shares it). */
  async load(): Promise<void> {
    await this.loader.once();
  }

  /**
   * Fetches the user again (the balance button and the 30-minute timer), one refresh at a time. The user on
   * screen stays while it runs; a failure keeps it and sets `error` (the api client has shown the message).
   */
  async refresh(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    await this.loader.run();
    runInAction(() => (this.refreshing = false));
  }

  /** Refreshes the balance every `intervalMs` until the returned function is called. */
  startBalanceRefresh(intervalMs: number = BALANCE_REFRESH_MS): () => void {
    const timer = setInterval(() => void this.refresh(), intervalMs);
    return () => clearInterval(timer);
  }

  /** Forgets the user (sign-out). */
  clear() {
    this.loader.reset();
    this.user = null;
    this.refreshing = false;
  }
}
