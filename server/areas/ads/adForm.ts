/**
 * The ad form's data as the panel sends it (`{ name, …format fields, creatives: [...] }`, the format's
 * creative.schema.json) and as the database keeps it (an ads row with `model`, and ad_creatives rows).
 * Pure functions: no database, no Fastify.
 */

import { fieldsWithOption, textsAt, uiFields, valuesAt } from '../../../engine/form/uiFields';

type Json = Record<string, unknown>;

/** One creative as saved: its id when it already exists, its switch, and its fields. */
export interface CreativeInput {
  id?: number;
  isActive: boolean;
  data: Json;
}

/** An ad as saved. */
export interface AdInput {
  name: string;
  size: string | null;
  /** Ad-level fields besides name and creatives (rotation already normalised). */
  model: Json;
  /** Null for a format without creatives (popunder, direct link, …). */
  creatives: CreativeInput[] | null;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Splits validated form data into what is saved. Rotation follows the spec: the type counts only with more than
 * one creative (otherwise random) and the thresholds only for smart rotation.
 */
export function splitAdForm(data: Json): AdInput {
  const { name, creatives, ...model } = data;
  const list = Array.isArray(creatives) ? creatives.filter(isObject) : null;
  if (list) {
    const smart = list.length > 1 && model.rotation_type === 'smart';
    model.rotation_type = smart ? 'smart' : 'random';
    if (!smart) {
      delete model.impressions_threshold;
      delete model.hours_threshold;
    }
  }
  return {
    name: String(name ?? '').trim(),
    size: typeof model.size === 'string' ? model.size : null,
    model,
    creatives: list?.map(({ id, is_active: active, ...rest }) => ({
      ...(typeof id === 'number' ? { id } : {}),
      isActive: active !== false,
      data: rest,
    })) ?? null,
  };
}

/** The form data of a saved ad (what GET ads/{id} answers as `model`, and the edit form starts from). */
export function joinAdForm(ad: { name: string; model: Json }, creatives: { id: number; isActive: boolean; data: Json }[] | null): Json {
  const out: Json = { name: ad.name, ...ad.model };
  if (creatives) {
    out.creatives = creatives.map((c) => ({ id: c.id, ...c.data, is_active: c.isActive }));
    // With one creative the type is not part of the form (the schema hides it).
    if (creatives.length <= 1) {
      delete out.rotation_type;
      delete out.impressions_threshold;
      delete out.hours_threshold;
    }
  }
  return out;
}

/** The media ids a form refers to, with the field and the kind of file each one expects (`ui:widget: media`). */
export function mediaRefs(uiSchema: unknown, data: Json): { field: string; id: number; accept: string }[] {
  return uiFields(uiSchema)
    .filter((f) => f.widget === 'media')
    .flatMap((f) =>
      valuesAt(data, f.path)
        .filter((v): v is { field: string; value: number } => typeof v.value === 'number')
        .map((v) => ({ field: v.field, id: v.value, accept: String(f.options.accept ?? 'image') })),
    );
}

/** The texts of a form the keyword check reads (`ui:options.keywordCheck`), by field. */
export function keywordTexts(uiSchema: unknown, data: Json): { field: string; text: string }[] {
  return textsAt(data, fieldsWithOption(uiSchema, 'keywordCheck'));
}
