import { int, nullable, obj, str } from '../../openapi/responses';

const bool = { type: 'boolean' } as const;
const ints = { type: 'array', items: int } as const;

/** A site as searches list it (no statistics). */
export const siteSummarySchema = obj({
  id: int,
  domain: str,
  name: { type: 'string', description: 'The domain (what a lookup shows)' },
  is_new: { type: 'boolean', description: 'Joined the network in the last 30 days' },
  premium: bool,
  tubecorp: { type: 'boolean', description: 'A video (tube) site' },
  marketplace: { type: 'boolean', description: 'Sells flat deals on the marketplace' },
  logo: nullable(str),
  category_group_id: int,
});

/** Statistics of a site; null values are unknown (the panel shows a dash). */
export const siteReportSchema = obj({
  description: nullable(str),
  favicon_url: nullable(str),
  audience_age: nullable({ type: 'string', description: 'Largest age bracket, e.g. 25-34' }),
  category: nullable(str),
  category_rank: nullable(int),
  female: nullable({ type: 'string', description: 'Percent of female visitors, one decimal' }),
  male: nullable({ type: 'string', description: 'Percent of male visitors, one decimal' }),
  global_rank: nullable(int),
  time_on_site: nullable({ type: 'integer', description: 'Seconds' }),
  pages_per_visit: nullable({ type: 'number' }),
  top_countries: { type: 'array', items: int, description: 'Country ids (ISO 3166-1 numeric), biggest audience first' },
  total_visits: nullable({ type: 'integer', description: 'Visits a month' }),
  title: nullable(str),
});

/** A site with everything the panel shows about it. */
export const siteSchema = obj({
  id: int,
  domain: str,
  is_new: bool,
  premium: bool,
  tubecorp: bool,
  logo: nullable(str),
  category_group_id: int,
  category_ids: { ...ints, description: 'IAB categories (ids of collections/categories)' },
  ad_formats: { type: 'array', items: str, description: 'Ad format ids the site sells' },
  placement_type_ids: { ...ints, description: 'Ids of placement_types in GET settings' },
  traffic_type_id: { type: 'integer', description: 'Id of collections/traffic-types' },
  marketplace: bool,
  site_report: siteReportSchema,
});
