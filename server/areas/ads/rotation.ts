/**
 * Smart rotation. An ad with two creatives or more and `rotation_type` smart shows its active creatives evenly until
 * each has had `impressions_threshold` impressions and `hours_threshold` hours have passed since it first showed;
 * then the creative with the best CTR (clicks per impression; the lower id on a tie) wins and gets every impression
 * from then on. Random rotation shows them evenly for good. The demo ad server rotates by it; the ad's answer reports
 * the progress and the winner from the statistics (ads area, `rotation` of the ad view).
 */

/** The defaults of the creative schemas' `impressions_threshold` and `hours_threshold`. */
export const ROTATION_DEFAULTS = { impressionsThreshold: 1000, hoursThreshold: 24 };

export interface RotationSettings {
  smart: boolean;
  impressionsThreshold: number;
  hoursThreshold: number;
}

/** The rotation an ad's `model` asks for. */
export function rotationSettingsOf(model: Record<string, unknown> | undefined): RotationSettings {
  const n = (value: unknown, fallback: number) => (typeof value === 'number' && value > 0 ? value : fallback);
  return {
    smart: model?.rotation_type === 'smart',
    impressionsThreshold: n(model?.impressions_threshold, ROTATION_DEFAULTS.impressionsThreshold),
    hoursThreshold: n(model?.hours_threshold, ROTATION_DEFAULTS.hoursThreshold),
  };
}

/** What one creative has shown so far. */
export interface CreativeShown {
  creativeId: number;
  impressions: number;
  clicks: number;
}

export interface RotationState {
  /** How far the comparison is, 0–100 (whole percent): the lesser of the hours and the slowest creative's impressions. */
  progress: number;
  /** The creative that won, once progress reached 100; null before (and for random rotation). */
  winnerId: number | null;
}

/**
 * The state of a smart rotation over `creativeIds` (the active ones) that has run `hours` hours and shown `shown`.
 * Random rotation, or a single creative, never compares: progress 0, no winner.
 */
export function rotationState(settings: RotationSettings, creativeIds: readonly number[], shown: readonly CreativeShown[], hours: number): RotationState {
  if (!settings.smart || creativeIds.length < 2) return { progress: 0, winnerId: null };
  const of = new Map(shown.map((s) => [s.creativeId, s]));
  const slowest = Math.min(...creativeIds.map((id) => of.get(id)?.impressions ?? 0));
  const share = Math.min(1, hours / settings.hoursThreshold, slowest / settings.impressionsThreshold);
  const progress = Math.floor(Math.max(0, share) * 100);
  if (progress < 100) return { progress, winnerId: null };
  const ctr = (id: number) => {
    const s = of.get(id);
    return s && s.impressions > 0 ? s.clicks / s.impressions : 0;
  };
  const winnerId = [...creativeIds].sort((a, b) => ctr(b) - ctr(a) || a - b)[0]!;
  return { progress, winnerId };
}
