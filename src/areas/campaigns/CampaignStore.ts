import { makeAutoObservable, runInAction } from 'mobx';
import type { ApiClient } from '../../../engine/api';
import { loadInto } from '../../../engine/state/loadInto';
import type { CampaignOffer, CampaignTransition, CampaignView, UpdatingRule, UpdatingRuleView } from '../../../generated/types';

/** Why a bulk action left a campaign as it was, as the server says it. */
export type BulkSkip = CampaignTransition['skipped'][number];

/** One campaign loaded by id, with its status switch, rules and offers. */
export class CampaignStore {
  campaign: CampaignView | null = null;
  status: 'idle' | 'loading' | 'ready' | 'error' | 'missing' = 'idle';
  offers: CampaignOffer[] | null = null;
  busy = false;

  constructor(
    private readonly api: Pick<ApiClient, 'get' | 'post' | 'put' | 'delete'>,
    readonly id: number,
  ) {
    makeAutoObservable<CampaignStore, 'api'>(this, { api: false });
  }

  async load(): Promise<void> {
    await loadInto(
      this,
      () => this.api.get<{ data: CampaignView }>(`campaigns/${this.id}`, { silent: true }),
      ({ data }) => (this.campaign = data),
      (error) => ((error as { status?: number }).status === 404 ? 'missing' : 'error'),
    );
  }

  /** Offers to start a new campaign from (loaded once). */
  async loadOffers(): Promise<void> {
    if (this.offers) return;
    try {
      const { data } = await this.api.get<{ data: CampaignOffer[] }>(`campaigns/${this.id}/offers`, { silent: true });
      runInAction(() => (this.offers = data));
    } catch {
      runInAction(() => (this.offers = []));
    }
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
