/**
 * The CPA test. A CPA campaign pays per conversion, so before the network buys traffic for it for good it runs a
 * test: the ad server buys the network's `cpaTest.impressions` (network config, default 20,000) for it, charging the
 * advertiser only its conversions at the goal prices. Then the lifecycle job (lifecycle.ts) judges it: when what the
 * conversions paid covers what that traffic was worth at the network's own CPM for the same format and targets
 * (the traffic estimate's recommended CPM), the test is successful and the campaign keeps buying; otherwise it is
 * unsuccessful and the ad server stops buying for it (delivery.ts `cpa_test_failed`). Its owner is told either way.
 * Raising a goal price (or the price) of an unsuccessful campaign starts a new test; leaving CPA ends it.
 *
 * `cpa_status`: disabled (not CPA), testing, test_successful, test_unsuccessful. `statistic_gathering_done`: the
 * current test has its impressions. `cpa_test_started_at`: the current test counts the statistics of the hours that
 * began after it (the hour it started in also holds what came before it).
 */
import { parseDecimal, roundDecimal } from '../../../engine/format/decimal';

export type CpaStatus = 'disabled' | 'testing' | 'test_successful' | 'test_unsuccessful';

/** The default of the network config's `settings.cpaTest.impressions`. */
export const CPA_TEST_IMPRESSIONS = 20_000;

/** A campaign's CPA test state (the columns it lives in). */
export interface CpaState {
  cpaStatus: CpaStatus;
  statisticGatheringDone: boolean;
  cpaTestStartedAt: Date | null;
}

/** What of a campaign decides its test. */
export interface CpaTerms {
  pricingModel: string;
  price: string;
  cpaGoals: readonly { price: string; countries: readonly number[] }[];
}

const goalsKey = (t: CpaTerms) => JSON.stringify([t.price, t.cpaGoals.map((g) => [g.price, [...g.countries].sort((a, b) => a - b)])]);

/**
 * The test state after a save: a new CPA campaign (or one that became CPA) starts a test; an unsuccessful one whose
 * owner changed its prices or goals starts a new one; a campaign that is not CPA has none.
 */
export function cpaStateAfterSave(before: (CpaState & CpaTerms) | null, after: CpaTerms, now: Date): CpaState {
  if (after.pricingModel !== 'cpa') return { cpaStatus: 'disabled', statisticGatheringDone: false, cpaTestStartedAt: null };
  const fresh: CpaState = { cpaStatus: 'testing', statisticGatheringDone: false, cpaTestStartedAt: now };
  if (!before || before.pricingModel !== 'cpa' || before.cpaStatus === 'disabled') return fresh;
  if (before.cpaStatus === 'test_unsuccessful' && goalsKey(before) !== goalsKey(after)) return fresh;
  return { cpaStatus: before.cpaStatus, statisticGatheringDone: before.statisticGatheringDone, cpaTestStartedAt: before.cpaTestStartedAt };
}

/** What a test gathered: impressions, conversions and what they paid (micro-units of money). */
export interface Gathered {
  impressions: number;
  conversions: number;
  paidMicros: number;
}

/**
 * The verdict on a test: still `testing` until it has `impressions`; then successful when its conversions paid
 * something and at least what the traffic was worth at `cpm` (a 4-place decimal per thousand impressions; null
 * when the network has no price for such traffic: any paid conversion passes).
 */
export function cpaVerdict(gathered: Gathered, cpm: string | null, impressions: number): Exclude<CpaStatus, 'disabled'> {
  if (gathered.impressions < impressions) return 'testing';
  const paid = BigInt(gathered.paidMicros);
  return paid > 0n && paid >= worthMicros(gathered.impressions, cpm) ? 'test_successful' : 'test_unsuccessful';
}

/** What `impressions` are worth at `cpm` (4 places per thousand), in micro-units: 0 without a price. */
export function worthMicros(impressions: number, cpm: string | null): bigint {
  return cpm === null ? 0n : (BigInt(impressions) * roundDecimal(parseDecimal(cpm), 4).units * 100n) / 1000n;
}
