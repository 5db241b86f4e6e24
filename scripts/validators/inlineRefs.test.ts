import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { typeNames } from '../compile-types';
import { inlineFileRefs } from './inlineRefs';

let root = '';
const write = (path: string, json: unknown) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), JSON.stringify(json));
  return join(root, path);
};
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('inlineFileRefs', () => {
  it('replaces a reference to another file by its schema, keeping keywords beside the reference', () => {
    root = mkdtempSync(join(tmpdir(), 'refs-'));
    write('ads/approval.answer.schema.json', { $schema: 'x', title: 'Approval', type: 'object', description: 'own', properties: { id: { type: 'integer' } } });
    const host = write('campaigns/view.answer.schema.json', {});
    const schema = { type: 'object', definitions: { m: { type: 'string' } }, properties: { a: { $ref: '#/definitions/m' }, b: { $ref: '../ads/approval.answer.schema.json', description: 'beside' } } };
    expect(inlineFileRefs(schema, host, root)).toEqual({
      type: 'object',
      definitions: { m: { type: 'string' } },
      properties: { a: { $ref: '#/definitions/m' }, b: { type: 'object', description: 'beside', properties: { id: { type: 'integer' } } } },
    });
  });

  it('takes a part of another file by pointer, resolving that file’s own references inside it', () => {
    root = mkdtempSync(join(tmpdir(), 'refs-'));
    write('meta/config.schema.json', {
      definitions: { url: { type: 'string', format: 'uri' }, theme: { type: 'object', properties: { logo: { $ref: '#/definitions/url' } } }, settings: { type: 'object', properties: { light: { $ref: '#/definitions/theme', description: 'Light' } } } },
    });
    const host = write('shell/network.answer.schema.json', {});
    expect(inlineFileRefs({ properties: { settings: { $ref: '../meta/config.schema.json#/definitions/settings' } } }, host, root)).toEqual({
      properties: { settings: { type: 'object', properties: { light: { type: 'object', description: 'Light', properties: { logo: { type: 'string', format: 'uri' } } } } } },
    });
  });

  it('names the file for a missing target, a dangling pointer, a recursive part and a cycle', () => {
    root = mkdtempSync(join(tmpdir(), 'refs-'));
    const host = write('a/host.schema.json', {});
    expect(() => inlineFileRefs({ $ref: 'none.schema.json' }, host, root)).toThrow('schemas/a/host.schema.json: $ref none.schema.json names no file');
    write('a/local.schema.json', { definitions: { x: { items: { $ref: '#/definitions/x' } } }, properties: { y: { $ref: '#/definitions/z' } } });
    expect(() => inlineFileRefs({ $ref: 'local.schema.json#/definitions/none' }, host, root)).toThrow('points at nothing in schemas/a/local.schema.json');
    expect(() => inlineFileRefs({ $ref: 'local.schema.json' }, host, root)).toThrow('schemas/a/local.schema.json: $ref #/definitions/z points at nothing');
    expect(() => inlineFileRefs({ $ref: 'local.schema.json#/definitions/x' }, host, root)).toThrow('cannot be recursive');
    const one = write('a/one.schema.json', { $ref: 'two.schema.json' });
    write('a/two.schema.json', { $ref: 'one.schema.json' });
    expect(() => inlineFileRefs({ $ref: 'two.schema.json' }, one, root)).toThrow('refers back to itself');
  });
});

describe('typeNames', () => {
  it('names a type after its file, and after its whole path where two files share a name', () => {
    const names = typeNames([
      { id: 'campaigns_campaign_row_answer', path: 'campaigns/campaign-row.answer.schema.json' },
      { id: 'ads_ads_table_query', path: 'ads/ads-table.query.schema.json' },
      { id: 'ad_formats_banner_creative', path: 'ad-formats/banner/creative.schema.json' },
      { id: 'ad_formats_native_creative', path: 'ad-formats/native/creative.schema.json' },
    ]);
    expect([...names.values()]).toEqual(['CampaignRow', 'AdsTableQuery', 'AdFormatsBannerCreative', 'AdFormatsNativeCreative']);
  });
});
