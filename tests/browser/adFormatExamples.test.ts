/**
 * The browser half of the shared examples: every example of every format gets the verdict its file states from
 * the validators the ad form uses (the catalog's precompiled function, and RJSF's precompiled validator that
 * drives the live errors), with the errors under the same fields. tests/api/adFormatExamples.test.ts posts the
 * same examples to the server.
 */
import { describe, expect, it } from 'vitest';
import { schemaLoaders } from '../../generated/catalog';
import { validatorFor } from '../../engine/schema/precompiledValidator';
import { SchemaCatalog } from '../../engine/schema/SchemaCatalog';
import { toFieldErrors } from '../../engine/validation/fieldErrors';
import { creativeSchemaId } from '../../server/settings/adFormats';
import { adFormatExamples, expectedFields } from '../fixtures/adFormatExamples';

const catalog = new SchemaCatalog(schemaLoaders);

describe('ad format examples in the panel', () => {
  it.each(adFormatExamples().map((c) => [`${c.format}: ${c.verdict}: ${c.example.title}`, c] as const))('%s', async (_name, c) => {
    const entry = await catalog.load(creativeSchemaId(c.format));
    const ok = entry.validate(c.example.data);
    expect(Object.keys(toFieldErrors(entry.validate.errors)).sort()).toEqual(expectedFields(c));
    expect(ok).toBe(c.verdict === 'valid');
    const { errors } = validatorFor(entry).validateFormData(c.example.data, entry.schema);
    expect(errors.length > 0).toBe(c.verdict === 'invalid');
  });
});
