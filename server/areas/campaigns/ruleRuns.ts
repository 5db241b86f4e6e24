/**
 * Runs the campaigns' updating rules: the hourly job `campaigns.updating-rules` (registered in index.ts) checks
 * every rule that is on, of a campaign that is not deleted, against the campaign's statistics over the rule's
 * period (the totals the preview shows), and when every condition holds does the action through the same
 * repository calls and checks as the owner's own calls: a status change through `transition` (pause a running
 * campaign, activate a paused one that may start), a 10 % price step within the bounds of the price call
 * (price.ts), a blacklist through the campaign's targets (blacklist.ts).
 *
 * Once per period: a rule that acted rests `period_days` from `last_applied_at`, and the check runs in one
 * transaction per rule that first locks the rule's row and tests again that it is still due, then changes the
 * campaign and writes the result on the rule. A second process or a retried pass waits for the lock, finds the
 * rule resting and does nothing; a pass that fails midway rolls the change and its record back together.
 */
import { compareDecimals, parseDecimal } from '../../../engine/format/decimal';
import type { Db } from '../../db/connect';
import { stillBought, withBlacklisted } from './blacklist';
import { steppedPrice } from './price';
import { createCampaignsRepository, type CampaignsRepository, type UpdatingRuleRow } from './repository';
import { periodStart, ruleMatches } from './rules';

export const UPDATING_RULES_JOB = 'campaigns.updating-rules';
export const UPDATING_RULES_EVERY_MS = 60 * 60_000;

/** What one check of a rule found (the rule row's `last_result` and `last_reason`). */
export interface RuleRun {
  ruleId: number;
  campaignId: number;
  action: string;
  result: NonNullable<UpdatingRuleRow['lastResult']>;
  /** Why nothing was done: a bulk action's skip reason (unchanged, rejected, no_funds, archived), price_at_minimum, price_at_maximum, no_site, no_spot. */
  reason: string | null;
}

type Outcome = Pick<RuleRun, 'result' | 'reason'>;
const applied: Outcome = { result: 'applied', reason: null };
const nothing = (reason: string): Outcome => ({ result: 'nothing_to_do', reason });

/**
 * One pass over the due rules at `now` (the runner's clock). A rule whose check throws is logged and left as it
 * was (its transaction rolls back); the others still run, and it is checked again next hour.
 * @returns what each rule checked in this pass found.
 */
export async function runUpdatingRules(db: Db, now: Date, log?: { error: (obj: unknown, msg?: string) => void }): Promise<RuleRun[]> {
  const runs: RuleRun[] = [];
  for (const due of await createCampaignsRepository(db).dueRules(now)) {
    try {
      // The repository on the transaction: its own transactions (transition) become savepoints inside this one.
      const run = await db.transaction((tx) => checkRule(createCampaignsRepository(tx), due, now));
      if (run) runs.push(run);
    } catch (e) {
      log?.error(e, `updating rule ${due.id} of campaign ${due.campaignId} failed`);
    }
  }
  return runs;
}

/** Checks one rule under its lock and records the result; null when it is no longer due (another pass got it). */
async function checkRule(repo: CampaignsRepository, due: { id: number; campaignId: number; userId: number }, now: Date): Promise<RuleRun | null> {
  const rule = await repo.lockDueRule(due.id, now);
  if (!rule) return null;
  const since = periodStart(rule.periodDays, now);
  const totals = (await repo.totals([rule.campaignId], since)).get(rule.campaignId)!;
  const outcome: Outcome = ruleMatches(rule.conditions, totals) ? await act(repo, rule, due.userId, since) : { result: 'not_matched', reason: null };
  await repo.recordRuleRun(rule.id, { checkedAt: now, ...outcome, ...(outcome.result === 'applied' ? { appliedAt: now } : {}) });
  return { ruleId: rule.id, campaignId: rule.campaignId, action: rule.action, ...outcome };
}

/** Does a matching rule's action, or says why there was nothing to do. */
async function act(repo: CampaignsRepository, rule: UpdatingRuleRow, userId: number, since: string): Promise<Outcome> {
  if (rule.action === 'pause' || rule.action === 'activate') {
    // Locks the user's row first, as the owner's bulk call does (lock order: rule, user, campaign).
    const { changed, skipped } = await repo.transition(userId, [rule.campaignId], rule.action);
    return changed.length ? applied : nothing(skipped[0]?.reason ?? 'unchanged');
  }
  const campaign = await repo.lockCampaign(rule.campaignId);
  if (!campaign || campaign.status === 'archived') return nothing('archived');
  if (rule.action === 'increase_price' || rule.action === 'decrease_price') {
    const price = steppedPrice(campaign.pricingModel, campaign.price, rule.action === 'increase_price' ? 'up' : 'down');
    if (compareDecimals(parseDecimal(price), parseDecimal(campaign.price)) === 0) return nothing(rule.action === 'increase_price' ? 'price_at_maximum' : 'price_at_minimum');
    await repo.setPrice(campaign.id, price);
    return applied;
  }
  if (rule.action === 'blacklist_site' || rule.action === 'blacklist_spot') {
    const kind = rule.action === 'blacklist_site' ? 'site' : 'spot';
    const worst = (await repo.costliest(campaign, kind, since)).find((c) => stillBought(campaign.model, kind, c.id));
    if (!worst) return nothing(`no_${kind}`);
    await repo.setModel(campaign.id, withBlacklisted(campaign.model, kind === 'site' ? { sites: [worst.id] } : { spots: [worst.id] }));
    return applied;
  }
  return nothing('unknown_action');
}
