import { makeAutoObservable } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { loadInto } from '../../../engine/state/loadInto';

/** Whether the device is in beta mode: the `beta` key of localStorage set to anything but empty, 0 or false. */
export function isBetaMode(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  try {
    const value = storage?.getItem('beta');
    return value != null && value !== '' && value !== '0' && value !== 'false';
  } catch {
    return false;
  }
}

/** The profile's full-manage status, for the top bar's badge (beta mode only). */
export class FullManageStore {
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  fullManageStatus: string | null = null;
  error: unknown = null;

  constructor(private readonly api: Pick<ApiClient, 'get'>) {
    makeAutoObservable<FullManageStore, 'api'>(this, { api: false });
  }

  get approved(): boolean {
    return this.fullManageStatus === 'approved';
  }

  /** Loads `GET profile` once; failures are silent (the badge simply stays hidden). */
  async load(): Promise<void> {
    if (this.status === 'loading' || this.status === 'ready') return;
    await loadInto(
      this,
      () => this.api.get<{ data: { fullManageStatus?: string | null; full_manage_status?: string | null } }>('profile', { silent: true }),
      ({ data }) => (this.fullManageStatus = data?.fullManageStatus ?? data?.full_manage_status ?? null),
    );
  }

  reset() {
    this.status = 'idle';
    this.fullManageStatus = null;
    this.error = null;
  }
}
