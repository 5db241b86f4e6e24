/**
 * Every data file is checked against its contract: JSON Schemas are valid draft-07 and keep big option lists
 * out of `enum`; operator data (network configs, menus, column sets) passes its meta-schema; every data
 * folder explains itself in a README.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import Ajv, { type AnySchema } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { readSchemas } from '../../scripts/validators/readSchemas';
import { parseOptionSource } from '../../engine/lookup/parseOptionSource';
import { checkManifest, type ResourceManifest } from '../../engine/resource/manifest';
import type { ColumnSet } from '../../engine/table/columnSet';
import { menuIcons } from '../../src/shell/menuIcons';

const root = join(import.meta.dirname, '..', '..');
const rel = (file: string) => relative(root, file);
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;

function files(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, suffix);
    return name.endsWith(suffix) ? [path] : [];
  });
}

/** Larger lists come from lookups (option sources), never from the schema itself. */
const MAX_ENUM = 50;

function bigEnums(node: unknown, path = ''): string[] {
  if (!node || typeof node !== 'object') return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'enum' || key === 'oneOf' || key === 'anyOf') && Array.isArray(value) && value.length > MAX_ENUM) found.push(`${path}/${key} (${value.length})`);
    found.push(...bigEnums(value, `${path}/${key}`));
  }
  return found;
}

describe('schemas/', () => {
  const sources = readSchemas(join(root, 'schemas'));
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);

  it('holds schemas', () => expect(sources.length).toBeGreaterThan(0));

  it.each(sources.map((s) => [s.path, s] as const))('%s is a valid draft-07 schema without big enums', (_path, source) => {
    expect(ajv.validateSchema(source.schema as AnySchema), ajv.errorsText(ajv.errors)).toBe(true);
    expect(bigEnums(source.schema)).toEqual([]);
  });

  it('has no UI schema without its schema', () => {
    const orphans = files(join(root, 'schemas'), '.ui.json').filter((f) => !existsSync(f.replace(/\.ui\.json$/, '.schema.json')));
    expect(orphans.map(rel)).toEqual([]);
  });
});

/**
 * Operator data and the meta-schema it must pass. Column sets live with the area that shows them (schemas/ads/,
 * schemas/campaigns/, schemas/traffic/, the statistics groupings in schemas/statistics/), so each folder holding one
 * explains it in its own README (`readmeInEachFolder`); the other kinds have one folder with one README.
 */
const contracts = [
  { dir: 'network-configs', suffix: '.json', meta: 'schemas/meta/network-config.schema.json' },
  { dir: 'schemas/menus', suffix: '.json', meta: 'schemas/meta/menu.schema.json' },
  { dir: 'schemas', suffix: '.columns.json', meta: 'schemas/meta/column-set.schema.json', readmeInEachFolder: true },
  { dir: 'schemas/ad-formats', suffix: 'format.json', meta: 'schemas/meta/ad-format.schema.json' },
  { dir: 'schemas/ad-formats', suffix: 'examples.json', meta: 'schemas/meta/ad-format-examples.schema.json' },
  { dir: 'schemas/targets', suffix: '.target.json', meta: 'schemas/meta/target.schema.json' },
  { dir: 'schemas', suffix: '.resource.json', meta: 'schemas/meta/resource.schema.json', readmeInEachFolder: true },
];

describe.each(contracts)('$dir/**/*$suffix', ({ dir, suffix, meta, readmeInEachFolder }) => {
  const data = files(join(root, dir), suffix);

  it('has a README for operators', () => {
    const folders = readmeInEachFolder ? [...new Set(data.map((f) => dirname(f)))] : [join(root, dir)];
    expect(folders.length).toBeGreaterThan(0);
    expect(folders.filter((folder) => !existsSync(join(folder, 'README.md'))).map(rel)).toEqual([]);
  });

  it.each(data.map((f) => [rel(f), f]))(`%s passes ${meta}`, (_name, file) => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(readJson(join(root, meta)) as AnySchema);
    expect(validate(readJson(file)), ajv.errorsText(validate.errors, { dataVar: rel(file) })).toBe(true);
  });
});

it('schemas/ explains its contract in a README', () => {
  expect(existsSync(join(root, 'schemas', 'README.md'))).toBe(true);
});

/** The kinds of operator data no one area owns (schemas/README.md, "Folders"). */
const DATA_KINDS = ['ad-formats', 'menus', 'meta', 'targets'];

it("schemas/ has one folder per area, named like the server's, beside the kinds of operator data", () => {
  const folders = (dir: string) => readdirSync(join(root, dir)).filter((name) => statSync(join(root, dir, name)).isDirectory());
  // An area of the server (server/areas/<area>/), or a folder of server/routes/ that is no area (dev/).
  const known = new Set([...folders('server/areas'), ...folders('server/routes'), ...DATA_KINDS]);
  expect(folders('schemas').filter((name) => !known.has(name)), 'a folder of schemas/ named after no server area').toEqual([]);
});

describe('schemas/ad-formats/', () => {
  const dir = join(root, 'schemas', 'ad-formats');
  const folders = readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());

  it('holds the eleven formats of the product', () => {
    expect(folders.sort()).toEqual(
      ['banner', 'direct-link', 'gallery', 'in-page', 'in-stream', 'interstitial', 'ios-calendar', 'native', 'notification-widget', 'popunder', 'web-push'].sort(),
    );
  });

  it.each(folders)('%s has its manifest, form, UI schema and examples, and the manifest names the folder', (name) => {
    for (const file of ['format.json', 'creative.schema.json', 'creative.ui.json', 'examples.json']) expect(existsSync(join(dir, name, file)), `${name}/${file}`).toBe(true);
    expect((readJson(join(dir, name, 'format.json')) as { id: string }).id).toBe(name);
  });

  it.each(folders)('%s: the text limits of the manifest are the maxLength of the form', (name) => {
    const manifest = readJson(join(dir, name, 'format.json')) as { textLimits?: Record<string, number> };
    const schema = readJson(join(dir, name, 'creative.schema.json')) as Record<string, unknown>;
    for (const [path, limit] of Object.entries(manifest.textLimits ?? {})) {
      let node: Record<string, unknown> | undefined = schema;
      for (const part of path.split('.')) {
        const props = node?.properties as Record<string, Record<string, unknown>> | undefined;
        node = props?.[part];
        if (node?.type === 'array') node = node.items as Record<string, unknown>;
      }
      expect(node?.maxLength, `${name}: ${path}`).toBe(limit);
    }
  });

  it.each(folders)('%s: every field the UI schema names exists in the form, and media fields hold ids', (name) => {
    const schema = readJson(join(dir, name, 'creative.schema.json')) as Record<string, unknown>;
    const ui = readJson(join(dir, name, 'creative.ui.json')) as Record<string, unknown>;
    const problems: string[] = [];
    const walk = (uiNode: Record<string, unknown>, node: Record<string, unknown> | undefined, path: string) => {
      for (const [key, value] of Object.entries(uiNode)) {
        if (key.startsWith('ui:') || !value || typeof value !== 'object') continue;
        const child = key === 'items' ? (node?.items as Record<string, unknown> | undefined) : (node?.properties as Record<string, Record<string, unknown>> | undefined)?.[key];
        if (!child) problems.push(`${path}/${key} is not in the schema`);
        const widget = (value as Record<string, unknown>)['ui:widget'];
        if (widget === 'media' && child?.type !== 'integer') problems.push(`${path}/${key}: a media field must be an integer (an upload id)`);
        walk(value as Record<string, unknown>, child, `${path}/${key}`);
      }
    };
    walk(ui, schema, name);
    expect(problems).toEqual([]);
  });

  it('every network sells only formats that exist here', () => {
    for (const file of files(join(root, 'network-configs'), '.json')) {
      const config = readJson(file) as { adFormats: string[] };
      expect(config.adFormats.filter((id) => !folders.includes(id)), rel(file)).toEqual([]);
    }
  });
});

describe('schemas/targets/', () => {
  const dir = join(root, 'schemas', 'targets');
  const targets = files(dir, '.target.json').map((file) => ({ file, target: readJson(file) as { id: string; schema: Record<string, unknown>; ui: Record<string, unknown> } }));
  const ids = targets.map((t) => t.target.id);

  it('holds every target of the product', () => {
    expect(ids.length).toBe(28);
  });

  it.each(targets.map((t) => [rel(t.file), t] as const))('%s: id is the file name, the UI names only its fields, every lookup source is well formed', (_name, { file, target }) => {
    expect(`${target.id}.target.json`).toBe(file.split('/').pop());
    const properties = target.schema.properties as Record<string, unknown>;
    for (const [key, node] of Object.entries(target.ui)) {
      if (key.startsWith('ui:')) continue;
      expect(properties[key], `${target.id}: ui names ${key}`).toBeDefined();
      const source = ((node as Record<string, unknown>)['ui:options'] as Record<string, unknown> | undefined)?.source;
      if (source !== undefined) expect(() => parseOptionSource(source, `${target.id}/${key}`)).not.toThrow();
    }
  });

  it('every ad format lists only targets that exist here, and every network offers only those', () => {
    const formats = join(root, 'schemas', 'ad-formats');
    for (const name of readdirSync(formats).filter((n) => statSync(join(formats, n)).isDirectory())) {
      const manifest = readJson(join(formats, name, 'format.json')) as { targets: string[] };
      expect(manifest.targets.filter((id) => !ids.includes(id)), name).toEqual([]);
    }
    for (const file of files(join(root, 'network-configs'), '.json')) {
      expect((readJson(file) as { targetTypes: string[] }).targetTypes.filter((id) => !ids.includes(id)), rel(file)).toEqual([]);
    }
  });

  it('are assembled into the campaign form in their order', () => {
    const campaign = readSchemas(join(root, 'schemas')).find((s) => s.path === 'campaigns/campaign.schema.json');
    const assembled = (campaign?.schema.properties as Record<string, { properties: Record<string, unknown> }>).targets.properties;
    expect(Object.keys(assembled).sort()).toEqual([...ids].sort());
    expect(JSON.stringify(campaign?.schema)).not.toContain('"x-assemble":');
    expect((campaign?.uiSchema.targets as Record<string, unknown>)['ui:order']).toEqual([...targets].sort((a, b) => (a.target as unknown as { order: number }).order - (b.target as unknown as { order: number }).order).map((t) => t.target.id).concat('*'));
  });
});

describe('schemas/<area>/*.resource.json', () => {
  const manifests = files(join(root, 'schemas'), '.resource.json').map((file) => ({ file, manifest: readJson(file) as ResourceManifest }));
  const schemaIds = new Set(readSchemas(join(root, 'schemas')).map((s) => s.id));
  const menus = new Set(files(join(root, 'schemas', 'menus'), '.json').map((f) => (readJson(f) as { id: string }).id));

  it('declare the product’s resources', () => {
    expect(manifests.map((m) => m.manifest.id).sort()).toEqual(['api-tokens', 'conversions', 'feeds', 'flat-deal-applications', 'invoices', 'payments', 'referrals', 'rtb-endpoints', 'rtb-networks', 'traffic-providers', 'transactions']);
  });

  it.each(manifests.map((m) => [rel(m.file), m] as const))('%s: its id is its file name, and what it names exists (column set, form schema, statuses, menu, icon)', (_name, { file, manifest }) => {
    expect(`${manifest.id}.resource.json`).toBe(file.split('/').pop());
    const columnsFile = join(dirname(file), manifest.list.columns);
    const columnSet = existsSync(columnsFile) ? (readJson(columnsFile) as ColumnSet) : undefined;
    expect(checkManifest(manifest, { columnSet, schemaIds, menus })).toEqual([]);
    if (manifest.menu) expect(() => menuIcons.get(manifest.menu!.icon)).not.toThrow();
    const fields = [...(manifest.view?.fields ?? []), ...(manifest.actions ?? []).flatMap((a) => a.result?.fields ?? [])];
    for (const field of fields.filter((f) => f.source)) expect(() => parseOptionSource(field.source, `${manifest.id}/${field.id}`)).not.toThrow();
  });

  it('give every page a route no other page has', () => {
    const paths = manifests.flatMap((m) => Object.values(m.manifest.routes) as string[]);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });
});
