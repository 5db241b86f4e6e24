import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assembleParts } from './assembleParts';

function tree(parts: Record<string, unknown>) {
  const root = mkdtempSync(join(tmpdir(), 'assemble-'));
  mkdirSync(join(root, 'form'));
  mkdirSync(join(root, 'parts'));
  for (const [name, body] of Object.entries(parts)) writeFileSync(join(root, 'parts', name), JSON.stringify(body));
  return { root, file: join(root, 'form', 'x.schema.json') };
}

const schema = { type: 'object', properties: { name: { type: 'string' }, targets: { type: 'object', 'x-assemble': { dir: '../parts', suffix: '.part.json' }, properties: {} } } };

describe('assembleParts', () => {
  it('puts every part under its id, in order, with its UI schema, and drops the keyword', () => {
    const { root, file } = tree({
      'b.part.json': { id: 'b', order: 1, schema: { type: 'object', properties: { on: { type: 'boolean' } } }, ui: { on: { 'ui:widget': 'switch' } } },
      'a.part.json': { id: 'a', order: 2, schema: { type: 'string' }, ui: {} },
      'README.md': 'not a part',
    });
    const out = assembleParts(schema, { targets: { b: { 'ui:help': 'kept' } } }, file, root);
    const targets = (out.schema.properties as Record<string, Record<string, unknown>>).targets;
    expect(Object.keys(targets.properties as object)).toEqual(['b', 'a']);
    expect(targets['x-assemble']).toBeUndefined();
    expect(out.uiSchema.targets).toEqual({ b: { on: { 'ui:widget': 'switch' }, 'ui:help': 'kept' }, a: {}, 'ui:order': ['b', 'a', '*'] });
    expect((schema.properties.targets as Record<string, unknown>)['x-assemble']).toBeDefined();
  });

  it('names the file and the fix when a part is wrong', () => {
    const { root, file } = tree({ 'a.part.json': { id: 'z', order: 1, schema: {}, ui: {} } });
    expect(() => assembleParts(schema, {}, file, root)).toThrow('form/x.schema.json: a.part.json must have "id": "a" (its file name), got "z"');
  });
});
