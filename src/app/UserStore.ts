import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../engine/api';
import { loadInto } from '../../engine/state/loadInto';
import type { CurrentUser } from '../../generated/types';

/** How often the balance is refreshed while the panel is open: every 30 minutes. */
export const BALANCE_REFRESH_MS = 1_800_000;

/** The current user, fetched once after sign-in, and their balance, refreshed on demand and every 30 minutes. */
export class UserStore {
  user: CurrentUser | null = null;
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  error: unknown = null;
  /** Whether a balance refresh (a new `GET user`) is on its way. */
  refreshing = false;

  constructor(private readonly api: Pick<ApiClient, 'get'>) {
    makeAutoObservable<UserStore, 'api'>(this, { api: false });
  }

  /** The balance as a decimal string, or null until the user is loaded. */
  get balance(): string | null {
    return this.user?.balance ?? null;
  }

  /** Loads the user unless already loaded. */
  async load(): Promise<void> {
    if (this.status === 'ready' || this.status === 'loading') return;
    await loadInto(this, () => this.api.get<{ data: CurrentUser }>('user'), ({ data }) => (this.user = data));
  }

  /**
   * Fetches the user again (the balance button and the 30-minute timer). The user on screen stays while it
   * runs; a failure keeps it and sets `error` (the api client has shown the message).
   */
  async refresh(): Promise<void> {
    if (this.refreshing) return;
    this.refreshing = true;
    try {
      const { data } = await this.api.get<{ data: CurrentUser }>('user');
      runInAction(() => {
        this.user = data;
        this.status = 'ready';
        this.error = null;
      });
    } catch (error) {
      runInAction(() => {
        this.error = error;
      });
    } finally {
      runInAction(() => {
        this.refreshing = false;
      });
    }
  }

  /** Refreshes the balance every `intervalMs` until the returned function is called. */
  startBalanceRefresh(intervalMs: number = BALANCE_REFRESH_MS): () => void {
    const timer = setInterval(() => void this.refresh(), intervalMs);
    return () => clearInterval(timer);
  }

  /** Forgets the user (sign-out). */
  clear() {
    this.user = null;
    this.status = 'idle';
    this.error = null;
    this.refreshing = false;
  }
}
