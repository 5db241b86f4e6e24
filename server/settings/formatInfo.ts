import { schemaIdForPath } from '../../engine/schema/SchemaCatalog';
import type { AdFormat, AdFormatInfo } from '../../generated/types';

/** The catalog id of a format's form schema, as scripts/generate.ts derives it from the path. */
export const creativeSchemaId = (formatId: string) => schemaIdForPath(`ad-formats/${formatId}/creative.schema.json`);

/**
 * What `GET settings` tells the panel about one format (`client_ad_formats`), from its checked manifest. No file
 * access here: the server's loader (adFormats.ts) and the stories (which bundle the manifests) share it.
 */
export function formatInfo(id: string, m: AdFormat): AdFormatInfo {
  return {
    id,
    name: m.name,
    ...(m.description !== undefined ? { description: m.description } : {}),
    pricing_models: m.pricingModels,
    targets: m.targets,
    preview: m.preview,
    ...(m.statistics !== undefined ? { statistics: m.statistics } : {}),
    text_limits: m.textLimits ?? {},
    schema_id: creativeSchemaId(id),
    order: m.order ?? Number.MAX_SAFE_INTEGER,
    ...(m.flatDeal ? { flat_deal: m.flatDeal } : {}),
    type: m.type ?? null,
    source_type: m.sourceType ?? null,
    icon: m.icon ?? null,
    size: m.size ?? null,
  };
}
