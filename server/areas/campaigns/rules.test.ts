import { describe, expect, it } from 'vitest';
import { conditionHolds, periodStart, ruleMatches } from './rules';

const totals = { impressions: 20000, clicks: 50, conversions: 2, spend: '12.5000' };

describe('updating rule conditions', () => {
  it.each([
    ['cost', 'greater', '12.4999', true],
    ['cost', 'equal', '12.5', true],
    ['cost', 'less', '12.5', false],
    ['impressions', 'greater', '19999', true],
    ['clicks', 'equal', '50', true],
    // CTR is a percent: 50 / 20000 = 0.25 %
    ['ctr', 'equal', '0.25', true],
    ['ctr', 'less', '0.2501', true],
    ['cpa', 'equal', '6.25', true],
    ['cpc', 'equal', '0.25', true],
    // 12.50 per 20,000 impressions = 0.625 per thousand
    ['cpm', 'greater', '0.6249', true],
    ['cpm', 'greater', '0.625', false],
  ] as const)('%s %s %s → %s', (field, operation, value, expected) => {
    expect(conditionHolds({ field, operation, value }, totals)).toBe(expected);
  });

  it('a ratio without a denominator never holds', () => {
    const none = { impressions: 0, clicks: 0, conversions: 0, spend: '0.0000' };
    expect(conditionHolds({ field: 'ctr', operation: 'less', value: '1' }, none)).toBe(false);
    expect(conditionHolds({ field: 'cpa', operation: 'greater', value: '0' }, none)).toBe(false);
    expect(conditionHolds({ field: 'cost', operation: 'equal', value: '0' }, none)).toBe(true);
  });

  it('needs every condition, and at least one', () => {
    expect(ruleMatches([{ field: 'cost', operation: 'greater', value: '10' }, { field: 'conversions', operation: 'less', value: '3' }], totals)).toBe(true);
    expect(ruleMatches([{ field: 'cost', operation: 'greater', value: '10' }, { field: 'conversions', operation: 'greater', value: '3' }], totals)).toBe(false);
    expect(ruleMatches([], totals)).toBe(false);
  });

  it('a period of n days starts n - 1 days before today', () => {
    expect(periodStart(1, new Date('2026-03-01T23:00:00Z'))).toBe('2026-03-01');
    expect(periodStart(7, new Date('2026-03-01T01:00:00Z'))).toBe('2026-02-23');
  });
});
