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

/** The targets without those at their defaults. */
export function meaningfulTargets(targets: Record<string, unknown> | undefined, defaults: Map<string, Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(targets ?? {}).filter(([id, value]) => !jsonEqual(value, defaults.get(id) ?? {})));
}
