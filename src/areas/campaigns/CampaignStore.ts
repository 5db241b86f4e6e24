import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { Loader, notFoundIsMissing } from '../../../engine/state/Loader';
import type { CampaignOffer, CampaignTransition, CampaignView, UpdatingRule, UpdatingRuleView } from '../../../generated/types';

/** Why a bulk action left a campaign as it was, as the server says it. */
export type BulkSkip = CampaignTransition['skipped'][number];

/** One campaign loaded by id, with its status switch, rules and offers. */
export class CampaignStore {
  campaign: CampaignView | null = null;
  busy = false;
  /** `GET campaigns/:id`, silent (the pages show a failure in place); a 404 is `missing`. */
  readonly loader = new Loader({
    fetch: (signal) => this.api.get<{ data: CampaignView }>(`campaigns/${this.id}`, { silent: true, signal }),
    apply: ({ data }) => (this.campaign = data),
    failed: notFoundIsMissing,
  });
  /** `GET campaigns/:id/offers`, silent: offers are an aid, a failure shows none. */
  readonly offersLoader = new Loader({
    fetch: (signal) => this.api.get<{ data: CampaignOffer[] }>(`campaigns/${this.id}/offers`, { silent: true, signal }),
    apply: ({ data }) => (this.offerList = data),
  });
  private offerList: CampaignOffer[] | null = null;

  constructor(
    private readonly api: Pick<ApiClient, 'get' | 'post' | 'put' | 'delete'>,
    readonly id: number,
  ) {
    makeAutoObservable<CampaignStore, 'api' | 'offerList'>(this, { api: false, loader: false, offersLoader: false, offerList: observableRef });
  }

  get status() {
    return this.loader.status;
  }

  get error(): unknown {
    return this.loader.error;
  }

  /** Offers to start a new campaign from: null until answered, empty when they could not be loaded. */
  get offers(): CampaignOffer[] | null {
    return this.offersLoader.status === 'error' ? [] : this.offerList;
  }

  /** Loads the campaign (again); a newer load cancels an older one. */
  async load(): Promise<void> {
    await this.loader.run();
  }

  /** Loads the offers once. */
  async loadOffers(): Promise<void> {
    await this.offersLoader.once();
  }

  /** Stops the loads in flight (the page is left). */
  dispose() {
    this.loader.abort();
    this.offersLoader.abort();
  }

  /** Activates, pauses or deletes this campaign; answers why the server skipped it, if it did. */
  async act(action: 'activate' | 'pause' | 'delete'): Promise<BulkSkip | null> {
    this.busy = true;
    try {
      const { data } = await this.api.post<{ data: CampaignTransition }>(`campaigns/${action}`, { campaign_ids: [this.id] });
      await this.load();
      return data.skipped[0] ?? null;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** Saves a rule (new when `ruleId` is undefined) and reloads the campaign's rules. */
  async saveRule(rule: UpdatingRule, ruleId?: number): Promise<UpdatingRuleView> {
    const { data } =
      ruleId === undefined
        ? await this.api.post<{ data: UpdatingRuleView }>(`campaigns/${this.id}/updating-rules`, rule, { silent: true })
        : await this.api.put<{ data: UpdatingRuleView }>(`campaign-updating-rules/${ruleId}`, rule, { silent: true });
    runInAction(() => {
      if (!this.campaign) return;
      const others = this.campaign.updating_rules.filter((r) => r.id !== data.id);
      this.campaign.updating_rules = [...others, data].sort((a, b) => a.id - b.id);
    });
    return data;
  }

  async deleteRule(ruleId: number): Promise<void> {
    await this.api.delete(`campaign-updating-rules/${ruleId}`);
    runInAction(() => {
      if (this.campaign) this.campaign.updating_rules = this.campaign.updating_rules.filter((r) => r.id !== ruleId);
    });
  }
}
