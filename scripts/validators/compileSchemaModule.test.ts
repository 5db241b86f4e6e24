import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { getDefaultFormState } from '@rjsf/utils';
import { compileSchemaModule, type SchemaSource } from './compileSchemaModule';
import { SchemaCatalog, type SchemaModule } from '../../engine/schema/SchemaCatalog';

// Generated modules import ajv's runtime by bare specifier, so they must sit inside the repo to resolve it.
const dir = join(import.meta.dirname, '..', '..', 'generated', '.test-tmp');
mkdirSync(dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function load(src: SchemaSource): Promise<SchemaModule> {
  const file = join(dir, `${src.id}_${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, compileSchemaModule(src));
  return (await import(/* @vite-ignore */ file)) as SchemaModule;
}

const source: SchemaSource = {
  id: 'test_thing',
  path: 'test/thing.schema.json',
  uiSchema: { name: { 'ui:autofocus': true } },
  schema: {
    $id: 'test_thing',
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: {
      name: { type: 'string', minLength: 2, maxLength: 5 },
      site: { type: 'string', format: 'uri' },
      kind: { oneOf: [{ title: 'A', const: 'a' }, { title: 'B', const: 'b' }], default: 'a' },
      pricing: {
        anyOf: [
          { type: 'object', properties: { model: { const: 'cpc' }, price: { type: 'number' } } },
          { type: 'object', properties: { model: { const: 'cpm' }, budget: { type: 'string' } } },
        ],
      },
    },
  },
};

describe('compileSchemaModule', () => {
  it('exports the schema, UI schema and a working root validator without compiling at runtime', async () => {
    const mod = await load(source);
    expect(mod.schema).toEqual(source.schema);
    expect(mod.uiSchema).toEqual(source.uiSchema);
    const validate = mod.validateFns.test_thing;
    expect(validate({ name: 'abc', site: 'https://a.example' })).toBe(true);
    // maxLength counts code points through ajv's ucs2length runtime import: 5 emoji are 5 characters.
    expect(validate({ name: '😀😀😀😀😀' })).toBe(true);
    expect(validate({ name: 'a', extra: 1 })).toBe(false);
    expect(validate.errors?.map((e) => e.keyword).sort()).toEqual(['additionalProperties', 'minLength']);
  });

  it('serves RJSF, whose oneOf/anyOf handling looks sub-schemas up by hash', async () => {
    const mod = await load(source);
    const validator = createPrecompiledValidator(mod.validateFns, mod.schema);
    const state = getDefaultFormState(validator, mod.schema, { pricing: { model: 'cpm' } }, mod.schema);
    expect(state).toMatchObject({ kind: 'a', pricing: { model: 'cpm' } });
    const { errors } = validator.validateFormData({ name: 'x' }, mod.schema);
    expect(errors.map((e) => e.property)).toContain('.name');
  });

  it('coerces query-string schemas only', async () => {
    const query: SchemaSource = {
      id: 'test_q',
      path: 'api/list.query.schema.json',
      uiSchema: {},
      schema: { $id: 'test_q', type: 'object', properties: { page: { type: 'integer' }, ids: { type: 'array', items: { type: 'integer' } } } },
    };
    const q = await load(query);
    const data: Record<string, unknown> = { page: '2', ids: '7' };
    expect(q.validateFns.test_q(data)).toBe(true);
    expect(data).toEqual({ page: 2, ids: [7] });
    const body = await load({ ...query, path: 'api/list.schema.json' });
    expect(body.validateFns.test_q({ page: '2' })).toBe(false);
  });

  it('is loaded by the catalog lazily, once, with stable identity', async () => {
    const mod = await load(source);
    let calls = 0;
    const catalog = new SchemaCatalog({ test_thing: async () => (calls++, mod) });
    const [a, b] = await Promise.all([catalog.load('test_thing'), catalog.load('test_thing')]);
    expect(a).toBe(b);
    expect(calls).toBe(1);
    expect(catalog.get('test_thing').schema).toBe(mod.schema);
    await expect(catalog.load('nope')).rejects.toThrow('Unknown schema "nope". Known: test_thing');
  });
});
