/**
 * Writes the benchmark's campaign-sized form (bench/schemas/campaign40.schema.json + .ui.json): 40 sections,
 * 10 over 250 countries, 10 over 5,000 cities, 10 over 2,000 device models, 10 of plain fields.
 * Run: npx tsx bench/form/makeSchema.ts (the output is committed; the page adds enums for plain RJSF itself).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LISTS } from './lists';


const section = (i: number) => `s${String(i + 1).padStart(2, '0')}`;

export function makeSchema() {
  const properties: Record<string, unknown> = {};
  const ui: Record<string, unknown> = { 'ui:submitButtonOptions': { norender: true } };
  for (let i = 0; i < 40; i++) {
    const list = LISTS[Math.floor(i / 10)];
    const props: Record<string, unknown> = {
      name: { type: 'string', title: 'Name', maxLength: 200 },
      enabled: { type: 'boolean', title: 'Enabled' },
      bid: { type: 'number', title: 'Bid', minimum: 0 },
    };
    const sectionUi: Record<string, unknown> = {};
    if (list) {
      props[list.key] = { type: 'array', title: list.title, uniqueItems: true, items: { type: 'integer' } };
      sectionUi[list.key] = { 'ui:widget': 'lookup', 'ui:options': { source: { collection: list.source } } };
    } else {
      Object.assign(props, {
        daily: { type: 'integer', title: 'Daily limit', minimum: 0 },
        total: { type: 'integer', title: 'Total limit', minimum: 0 },
        note: { type: 'string', title: 'Note' },
      });
    }
    properties[section(i)] = { type: 'object', title: `Section ${i + 1}`, additionalProperties: false, properties: props };
    ui[section(i)] = sectionUi;
  }
  const schema = { $schema: 'http://json-schema.org/draft-07/schema#', title: 'Campaign (benchmark)', type: 'object', additionalProperties: false, properties };
  return { schema, ui };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { schema, ui } = makeSchema();
  const dir = new URL('../schemas/', import.meta.url);
  writeFileSync(new URL('campaign40.schema.json', dir), `${JSON.stringify(schema, null, 2)}\n`);
  writeFileSync(new URL('campaign40.ui.json', dir), `${JSON.stringify(ui, null, 2)}\n`);
  console.log('wrote bench/schemas/campaign40.schema.json');
}
