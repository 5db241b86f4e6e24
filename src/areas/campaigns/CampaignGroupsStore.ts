import { makeAutoObservable, observableRef } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { Loader } from '../../../engine/state/Loader';
import type { CampaignGroupSummary } from '../../../generated/types';

/**
 * The user's campaign groups (`GET campaign-groups`), for the campaign filters, the move-to-group select and the
 * groups dialog; reloaded after every change (a newer load cancels an older one). A failure shows the api client's
 * toast and keeps the groups listed.
 */
export class CampaignGroupsStore {
  groups: CampaignGroupSummary[] = [];
  readonly loader = new Loader({
    fetch: (signal) => this.api.get<{ data: CampaignGroupSummary[] }>('campaign-groups', { signal }),
    apply: ({ data }) => (this.groups = data),
  });

  constructor(private readonly api: Pick<ApiClient, 'get'>) {
    makeAutoObservable<CampaignGroupsStore, 'api'>(this, { api: false, loader: false, groups: observableRef });
  }

  get status() {
    return this.loader.status;
  }

  get error(): unknown {
    return this.loader.error;
  }

  /** Loads the groups (again). */
  async load(): Promise<void> {
    await this.loader.run();
  }
}
