import { describe, expect, it } from 'vitest';
import { rotationSettingsOf, rotationState } from './rotation';

const smart = rotationSettingsOf({ rotation_type: 'smart', impressions_threshold: 1000, hours_threshold: 24 });
const shown = (a: number, b: number, clicksA = 10, clicksB = 20) => [
  { creativeId: 1, impressions: a, clicks: clicksA },
  { creativeId: 2, impressions: b, clicks: clicksB },
];

describe('smart rotation', () => {
  it('reads the ad\'s settings, with the schemas\' defaults', () => {
    expect(rotationSettingsOf({ rotation_type: 'smart' })).toEqual({ smart: true, impressionsThreshold: 1000, hoursThreshold: 24 });
    expect(rotationSettingsOf({ rotation_type: 'random', impressions_threshold: 5 }).smart).toBe(false);
  });

  it('measures progress by the slower of the hours and the creative with the fewest impressions', () => {
    expect(rotationState(smart, [1, 2], shown(2000, 400), 48)).toEqual({ progress: 40, winnerId: null });
    expect(rotationState(smart, [1, 2], shown(2000, 2000), 6)).toEqual({ progress: 25, winnerId: null });
    // A creative that never showed holds it at 0.
    expect(rotationState(smart, [1, 2, 3], shown(2000, 2000), 48).progress).toBe(0);
  });

  it('names the best CTR creative once both thresholds are passed, the lower id on a tie', () => {
    expect(rotationState(smart, [1, 2], shown(1000, 1500, 30, 30), 24)).toEqual({ progress: 100, winnerId: 1 });
    expect(rotationState(smart, [1, 2], shown(1000, 1000, 30, 30), 30)).toEqual({ progress: 100, winnerId: 1 });
    expect(rotationState(smart, [2, 1], shown(1000, 1000, 10, 11), 30).winnerId).toBe(2);
  });

  it('never compares with random rotation or a single creative', () => {
    expect(rotationState({ ...smart, smart: false }, [1, 2], shown(5000, 5000), 99)).toEqual({ progress: 0, winnerId: null });
    expect(rotationState(smart, [1], shown(5000, 5000), 99)).toEqual({ progress: 0, winnerId: null });
  });
});
