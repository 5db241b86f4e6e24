import { makeAutoObservable } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { Loader } from '../../../engine/state/Loader';

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
  fullManageStatus: string | null = null;
  /** `GET profile`, silent: a failure simply leaves the badge hidden. */
  readonly loader = new Loader({
    fetch: (signal) => this.api.get<{ data: { fullManageStatus?: string | null; full_manage_status?: string | null } }>('profile', { silent: true, signal }),
    apply: ({ data }) => (this.fullManageStatus = data?.fullManageStatus ?? data?.full_manage_status ?? null),
  });

  constructor(private readonly api: Pick<ApiClient, 'get'>) {
    makeAutoObservable<FullManageStore, 'api'>(this, { api: false, loader: false });
  }

  get status() {
    return this.loader.status;
  }

  get error(): unknown {
    return this.loader.error;
  }

  get approved(): boolean {
    return this.fullManageStatus === 'approved';
  }

  /** Loads the profile once (a call during the load shares it; a failed load is tried again on the next call). */
  async load(): Promise<void> {
    await this.loader.once();
  }

  reset() {
    this.loader.reset();
    this.fullManageStatus = null;
  }
}
