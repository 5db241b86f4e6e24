import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../paths';
import { AdFormatError, loadAdFormats } from './adFormats';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An ad-formats folder holding a copy of banner/ named `id`, its format.json replaced by `edit` of banner's (with that id). */
function formatsDir(id: string, edit: (manifest: Record<string, unknown>) => Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'ad-formats-'));
  made.push(dir);
  cpSync(join(paths.schemas, 'ad-formats', 'banner'), join(dir, id), { recursive: true });
  const banner = JSON.parse(readFileSync(join(dir, id, 'format.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, id, 'format.json'), JSON.stringify(edit({ ...banner, id })));
  return dir;
}

describe('loadAdFormats', () => {
  it('reads every manifest of the product, with the ways each can be a flat deal', () => {
    const formats = loadAdFormats();
    expect(formats.get('popunder')?.flat_deal).toEqual(['site', 'country-group']);
    expect(formats.get('native')?.flat_deal).toEqual(['site']);
    expect(formats.get('web-push')).not.toHaveProperty('flat_deal');
  });

  it('refuses a manifest that breaks schemas/meta/ad-format.schema.json, naming the file, the JSON path and the problem', () => {
    const dir = formatsDir('broken', (m) => ({ ...m, pricingModels: ['cpm', 'cpv'], flatDeal: ['site', 'site'], colour: 'red' }));
    expect(() => loadAdFormats(dir)).toThrow(AdFormatError);
    let message = '';
    try {
      loadAdFormats(dir);
    } catch (e) {
      message = (e as Error).message;
    }
    const file = join(dir, 'broken', 'format.json');
    expect(message.split('\n').sort()).toEqual([
      `${file}: / has an unknown field "colour" (allowed: $schema, id, name, description, pricingModels, targets, preview, statistics, textLimits, order, type, sourceType, icon, size, flatDeal)`,
      `${file}: /flatDeal lists "site" twice (items 0 and 1)`,
      `${file}: /pricingModels/1 must be one of: "cpc", "cpm", "cpa", "cpm_goal", "cpc_goal"`,
    ]);
  });

  it('refuses a manifest without a required field or with an id that is not its folder', () => {
    const missing = formatsDir('no-targets', (m) => ({ ...m, targets: undefined }));
    expect(() => loadAdFormats(missing)).toThrow(`${join(missing, 'no-targets', 'format.json')}: / is missing the required field "targets"`);
    const renamed = formatsDir('renamed', (m) => ({ ...m, id: 'other' }));
    expect(() => loadAdFormats(renamed)).toThrow(`${join(renamed, 'renamed', 'format.json')}: id must be "renamed" (the folder name), got "other"`);
  });

  it('refuses a manifest that is not JSON', () => {
    const dir = formatsDir('garbled', (m) => m);
    writeFileSync(join(dir, 'garbled', 'format.json'), '{ "id": "garbled", ');
    expect(() => loadAdFormats(dir)).toThrow(`${join(dir, 'garbled', 'format.json')} is not valid JSON: `);
  });
});
