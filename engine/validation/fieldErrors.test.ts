import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv';
import { toFieldErrors } from './fieldErrors';

const err = (e: Partial<ErrorObject>): ErrorObject => ({ instancePath: '', schemaPath: '#', keyword: 'type', params: {}, message: 'must be string', ...e });

describe('toFieldErrors', () => {
  it('maps Ajv errors to dotted field paths with person-facing messages', () => {
    expect(
      toFieldErrors([
        err({ instancePath: '/name' }),
        err({ instancePath: '/name' }),
        err({ instancePath: '/creatives/0', keyword: 'required', params: { missingProperty: 'url' } }),
        err({ keyword: 'additionalProperties', params: { additionalProperty: 'role' } }),
        err({ instancePath: '/a~1b', message: 'must be >= 1', keyword: 'minimum' }),
        err({ keyword: 'if', message: 'must match "then" schema' }),
        err({ keyword: 'oneOf', message: 'must match exactly one schema in oneOf' }),
      ]),
    ).toEqual({
      name: ['must be string'],
      'creatives.0.url': ['This field is required'],
      role: ['This field is not allowed'],
      'a/b': ['must be >= 1'],
      '': ['must match exactly one schema in oneOf'],
    });
  });

  it('is empty without errors', () => {
    expect(toFieldErrors(null)).toEqual({});
  });

  // API fuzz (tests/api/fuzz.test.ts): `{"name":"!","constructor":{...}}` found Object.prototype.constructor as the list.
  it('lists fields named after Object.prototype members as any other', () => {
    const unknown = (name: string) => err({ keyword: 'additionalProperties', params: { additionalProperty: name } });
    const out = toFieldErrors([unknown('constructor'), unknown('toString'), unknown('__proto__')]);
    expect(Object.entries(out)).toEqual([
      ['constructor', ['This field is not allowed']],
      ['toString', ['This field is not allowed']],
      ['__proto__', ['This field is not allowed']],
    ]);
    expect(JSON.parse(JSON.stringify(out))).toEqual(out);
  });
});

describe('toFieldErrors with a message function', () => {
  it('puts a missing dependency under the missing field and phrases errors with the given function', () => {
    const errors = [err({ keyword: 'dependencies', params: { property: 'company_name', missingProperty: 'vat', deps: 'vat', depsCount: 1 } })];
    expect(toFieldErrors(errors)).toEqual({ vat: ['This field is required'] });
    expect(toFieldErrors(errors, (e) => `[${e.keyword}]`)).toEqual({ vat: ['[dependencies]'] });
  });
});
