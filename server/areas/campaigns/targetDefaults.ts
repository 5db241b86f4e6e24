/**
 * Targets as moderation compares them. The campaign form fills every target it offers with its schema's defaults
 * (an empty list accepting everything, a switch at its default), so a campaign saved from the form carries two dozen
 * targets a campaign created through the API (or by the demo seed) leaves out. Moderation compares the targets
 * without those at their defaults: saving a campaign with a new end date is not a change of targeting, which would
 * send it back to moderation. What is saved stays as sent (a default such as uniques' one view a day is a setting).
 */
import { jsonEqual } from '../../../engine/form/paths';

type Schema = { properties?: Record<string, Schema>; default?: unknown };

/** Each target's defaults, from the campaign form's schema (`targets.properties.<id>.properties.<key>.default`). */
export function targetDefaults(campaignSchema: Record<string, unknown>): Map<string, Record<string, unknown>> {
  const targets = (campaignSchema as Schema).properties?.targets?.properties ?? {};
  return new Map(
    Object.entries(targets).map(([id, schema]) => [
      id,
      Object.fromEntries(Object.entries(schema.properties ?? {}).flatMap(([key, p]) => ('default' in p ? [[key, p.default]] : []))),
    ]),
  );
}

/** A value that says nothing was chosen: an empty list or text. */
const empty = (value: unknown) => (Array.isArray(value) && value.length === 0) || value === '';

/**
 * The targets as moderation compares them: in each target, the settings at their defaults and the empty lists
 * left out (the form sends them, a blacklist from the statistics or the API does not), then the targets left with
 * nothing.
 */
export function meaningfulTargets(targets: Record<string, unknown> | undefined, defaults: Map<string, Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(targets ?? {})) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      out[id] = value;
      continue;
    }
    const own = defaults.get(id) ?? {};
    const kept = Object.entries(value as Record<string, unknown>).filter(([key, v]) => !empty(v) && !(key in own && jsonEqual(v, own[key])));
    if (kept.length) out[id] = Object.fromEntries(kept);
  }
  return out;
}
