import { describe, expect, it } from 'vitest';
import { cpaStateAfterSave, cpaVerdict, worthMicros, type CpaState, type CpaTerms } from './cpaTest';

const NOW = new Date('2026-11-26T14:30:00Z');
const EARLIER = new Date('2026-11-20T08:00:00Z');
const cpa: CpaTerms = { pricingModel: 'cpa', price: '2.0000', cpaGoals: [{ price: '3.0000', countries: [840, 124] }] };
const state = (cpaStatus: CpaState['cpaStatus'], over: Partial<CpaState & CpaTerms> = {}): CpaState & CpaTerms => ({ cpaStatus, statisticGatheringDone: cpaStatus.startsWith('test_'), cpaTestStartedAt: EARLIER, ...cpa, ...over });

describe('the CPA test state after a save', () => {
  it('starts a test for a new CPA campaign, and none for another model', () => {
    expect(cpaStateAfterSave(null, cpa, NOW)).toEqual({ cpaStatus: 'testing', statisticGatheringDone: false, cpaTestStartedAt: NOW });
    expect(cpaStateAfterSave(null, { ...cpa, pricingModel: 'cpm' }, NOW)).toEqual({ cpaStatus: 'disabled', statisticGatheringDone: false, cpaTestStartedAt: null });
  });

  it('starts one when a campaign becomes CPA and ends it when it leaves CPA', () => {
    expect(cpaStateAfterSave(state('disabled', { pricingModel: 'cpm', cpaTestStartedAt: null }), cpa, NOW).cpaStatus).toBe('testing');
    expect(cpaStateAfterSave(state('test_successful'), { ...cpa, pricingModel: 'cpc' }, NOW).cpaStatus).toBe('disabled');
  });

  it('keeps a running or judged test through edits of other fields', () => {
    expect(cpaStateAfterSave(state('testing'), cpa, NOW)).toEqual({ cpaStatus: 'testing', statisticGatheringDone: false, cpaTestStartedAt: EARLIER });
    expect(cpaStateAfterSave(state('test_successful'), { ...cpa, price: '5.0000' }, NOW)).toMatchObject({ cpaStatus: 'test_successful', cpaTestStartedAt: EARLIER });
  });

  it('starts a new test when the owner of a failed one changes a price or a goal, not when the goal lists the same countries in another order', () => {
    expect(cpaStateAfterSave(state('test_unsuccessful'), { ...cpa, cpaGoals: [{ price: '3.0000', countries: [124, 840] }] }, NOW).cpaStatus).toBe('test_unsuccessful');
    expect(cpaStateAfterSave(state('test_unsuccessful'), { ...cpa, cpaGoals: [{ price: '4.5000', countries: [840, 124] }] }, NOW)).toEqual({ cpaStatus: 'testing', statisticGatheringDone: false, cpaTestStartedAt: NOW });
    expect(cpaStateAfterSave(state('test_unsuccessful'), { ...cpa, price: '2.5000' }, NOW).cpaStatus).toBe('testing');
  });
});

describe('the verdict', () => {
  it('waits for the impressions the network asks', () => {
    expect(cpaVerdict({ impressions: 19_999, conversions: 90, paidMicros: 900_000_000 }, '1.0000', 20_000)).toBe('testing');
  });

  it('passes when the conversions paid at least what the traffic was worth at the network CPM', () => {
    // 20,000 impressions at 1.5000 per thousand are worth 30.00.
    expect(worthMicros(20_000, '1.5000')).toBe(30_000_000n);
    expect(cpaVerdict({ impressions: 20_000, conversions: 15, paidMicros: 30_000_000 }, '1.5000', 20_000)).toBe('test_successful');
    expect(cpaVerdict({ impressions: 20_000, conversions: 14, paidMicros: 29_999_999 }, '1.5000', 20_000)).toBe('test_unsuccessful');
  });

  it('fails a test without a paid conversion, even where the network has no CPM for such traffic', () => {
    expect(cpaVerdict({ impressions: 25_000, conversions: 0, paidMicros: 0 }, null, 20_000)).toBe('test_unsuccessful');
    expect(cpaVerdict({ impressions: 25_000, conversions: 1, paidMicros: 2_000_000 }, null, 20_000)).toBe('test_successful');
  });
});
