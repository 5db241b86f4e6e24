import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import type { AdView } from '../../../generated/types';
import { Loader, notFoundIsMissing } from '../../../engine/state/Loader';

/** One ad loaded by id, with its creatives switched on and off in place. */
export class AdStore {
  ad: AdView | null = null;
  /** Creatives whose switch is on its way to the server. */
  switching = new Set<number>();
  /** `GET ads/:id`, silent (the page shows a failure in place); a 404 is `missing`. */
  readonly loader = new Loader({
    fetch: (signal) => this.api.get<{ data: AdView }>(`ads/${this.id}`, { silent: true, signal }),
    apply: ({ data }) => (this.ad = data),
    failed: notFoundIsMissing,
  });

  constructor(
    private readonly api: Pick<ApiClient, 'get' | 'post'>,
    readonly id: number,
  ) {
    makeAutoObservable<AdStore, 'api'>(this, { api: false, loader: false });
  }

  get status() {
    return this.loader.status;
  }

  get error(): unknown {
    return this.loader.error;
  }

  /** Loads the ad (again); a newer load cancels an older one. */
  async load(): Promise<void> {
    await this.loader.run();
  }

  /** Turns one creative on or off; the API client shows why when the server refuses (e.g. the last active one). */
  async setCreativeActive(creativeId: number, active: boolean): Promise<void> {
    this.switching.add(creativeId);
    try {
      const { data } = await this.api.post<{ data: { id: number; is_active: boolean } }>(`ads/${this.id}/creatives/${creativeId}/${active ? 'activate' : 'deactivate'}`);
      runInAction(() => {
        const creative = this.ad?.creatives.find((c) => c.id === creativeId);
        if (creative) creative.is_active = data.is_active;
      });
    } catch {
      // Shown by the API client's toast.
    } finally {
      runInAction(() => this.switching.delete(creativeId));
    }
  }
}

/**
 * The form data a duplicate starts from: everything but the creative ids (the copy gets its own creatives),
 * under a new name.
 */
export function duplicateModel(model: Record<string, unknown>, name: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...model, name };
  if (Array.isArray(model.creatives)) {
    out.creatives = model.creatives.map((c) => {
      const { id: _id, ...rest } = c as Record<string, unknown>;
      return rest;
    });
  }
  return out;
}
