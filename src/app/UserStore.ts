import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../engine/api';

/** The signed-in user as `GET user` describes them. */
export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  status: string;
  locale: string;
  balance: string;
  is_impersonating?: boolean;
  [k: string]: unknown;
}

/** The current user, fetched once after sign-in. */
export class UserStore {
  user: CurrentUser | null = null;
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  error: unknown = null;

  constructor(private readonly api: ApiClient) {
    makeAutoObservable<UserStore, 'api'>(this, { api: false });
  }

  /** Loads the user unless already loaded. */
  async load(): Promise<void> {
    if (this.status === 'ready' || this.status === 'loading') return;
    this.status = 'loading';
    try {
      const { data } = await this.api.get<{ data: CurrentUser }>('user');
      runInAction(() => {
        this.user = data;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.error = error;
        this.status = 'error';
      });
    }
  }

  /** Forgets the user (sign-out). */
  clear() {
    this.user = null;
    this.status = 'idle';
    this.error = null;
  }
}
