/**
 * The statistics groupings of the product, as the specification lists their columns: every grouping is a file of
 * schemas/statistics/, its columns in the spec's order, with the totals rule of its type.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '..', '..', 'schemas', 'statistics');
type ColumnSet = { id: string; source?: { screen: string; groupBy: string }; columns: { id: string; type: string; total: string; field?: string }[]; defaultSort: { column: string } };
const meta = JSON.parse(readFileSync(join(dir, '..', 'meta', 'column-set.schema.json'), 'utf8')) as { definitions: { column: { properties: { field: { enum: string[] } } } } };
const FIELDS = new Set(meta.definitions.column.properties.field.enum);
const sets = new Map(
  readdirSync(dir)
    .filter((f) => f.endsWith('.columns.json'))
    .map((f) => [f.slice(0, -'.columns.json'.length), JSON.parse(readFileSync(join(dir, f), 'utf8')) as ColumnSet]),
);

const DATE = ['cost', 'impressions', 'clicks', 'video_views', 'ctr', 'conversions', 'payouts'];
const BY_NAME = ['cost', 'conversions', 'impressions', 'clicks', 'ctr'];
const FORMAT = ['id', 'name', 'impressions', 'clicks', 'ctr'];

/** Grouping → its columns, from the spec's "Statistics columns by grouping". */
const SPEC: Record<string, string[]> = {
  date: ['date', ...DATE],
  hour: ['hour', ...DATE],
  campaign: ['campaign_id', 'campaign', ...DATE, 'reserved_balance'],
  creative: ['src', 'creative_id', 'cost', 'conversions', 'ad_type_name', 'impressions', 'clicks', 'ctr'],
  browser: ['browser', ...BY_NAME],
  carrier: ['carrier', ...BY_NAME],
  country: ['country', ...BY_NAME],
  'operating-system': ['operating_system', ...BY_NAME],
  site: ['site', ...BY_NAME],
  'traffic-platform': ['traffic_platform', ...BY_NAME],
  spot: ['spot_id', 'clicks', 'conversions', 'cost', 'ctr', 'impressions'],
  'traffic-provider': ['provider', 'requests', 'bids', 'wins', 'spend'],
  banner: ['id', 'name', 'type', 'impressions', 'clicks', 'ctr'],
  'web-push': FORMAT,
  'in-page': FORMAT,
  'in-stream': [...FORMAT, 'video_views'],
  native: FORMAT,
  'direct-link': FORMAT,
  'ios-calendar': ['id', 'name', 'clicks'],
  gallery: ['id', 'name', 'clicks'],
};

describe('schemas/statistics/', () => {
  it('holds every grouping of the product for the statistics screen, each named by its file', () => {
    const campaignScreen = [...sets].filter(([, set]) => set.source?.screen === 'campaign-statistics').map(([id]) => id);
    expect(campaignScreen.sort()).toEqual(Object.keys(SPEC).sort());
    for (const [file, set] of sets) expect(set.id, file).toBe(file);
  });

  it('every set says where its rows come from, and every column what the server puts in it', () => {
    for (const [file, set] of sets) {
      expect(set.source, file).toBeTruthy();
      for (const c of set.columns) expect(FIELDS.has(c.field ?? c.id), `${file}.${c.id}: field ${c.field ?? c.id}`).toBe(true);
    }
  });

  it.each(Object.entries(SPEC))('%s has the columns of the specification, in its order', (grouping, columns) => {
    expect(sets.get(grouping)?.columns.map((c) => c.id)).toEqual(columns);
  });

  it('totals: ctr averaged, money, cost and counts summed, names and ids not totalled', () => {
    for (const [grouping, set] of sets) {
      for (const c of set.columns) {
        const expected = c.type === 'percent' ? 'avg' : ['money', 'cost', 'count'].includes(c.type) ? 'sum' : 'none';
        expect(c.total, `${grouping}.${c.id}`).toBe(expected);
      }
    }
  });

  it('money is money (2 decimals) and spend is cost (4 decimals)', () => {
    for (const [grouping, set] of sets) {
      for (const c of set.columns) {
        if (['payouts', 'reserved_balance'].includes(c.id)) expect(c.type, `${grouping}.${c.id}`).toBe('money');
        if (['cost', 'spend'].includes(c.id)) expect(c.type, `${grouping}.${c.id}`).toBe('cost');
        if (c.id === 'ctr') expect(c.type, `${grouping}.${c.id}`).toBe('percent');
      }
    }
  });

  it('every ad format names a grouping that exists', () => {
    const formats = join(dir, '..', 'ad-formats');
    for (const name of readdirSync(formats, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)) {
      const manifest = JSON.parse(readFileSync(join(formats, name, 'format.json'), 'utf8')) as { statistics?: string };
      if (manifest.statistics) expect(sets.has(manifest.statistics), `${name}: ${manifest.statistics}`).toBe(true);
    }
  });
});
