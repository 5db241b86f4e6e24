import { describe, expect, it } from 'vitest';
import type { ErrorObject } from 'ajv';
import { TranslatableString } from '@rjsf/utils';
import { toFieldErrors } from '../validation/fieldErrors';
import { translatedErrorMessage, validationMessageId } from './validationMessages';
import { rjsfStringId, rjsfTranslateString } from './rjsfStrings';
import { fillPlaceholders, type Translator } from './Translator';

const err = (e: Partial<ErrorObject>): ErrorObject => ({ instancePath: '', schemaPath: '#', keyword: 'type', params: {}, message: 'must be string', ...e });

const de: Translator = {
  locale: 'de',
  message: (id, values) =>
    ({
      'validation.required': 'Dies ist ein Pflichtfeld',
      'validation.maxLength': fillPlaceholders('Höchstens {limit} Zeichen', values),
      'validation.format.email': 'Ungültige E-Mail-Adresse',
      'rjsf.AddItemButton': 'Eintrag hinzufügen',
      'rjsf.OptionPrefix': fillPlaceholders('Option {1}', values),
    })[id],
};

describe('validation messages', () => {
  it('maps Ajv errors to message ids with their params', () => {
    expect(validationMessageId(err({ keyword: 'maxLength', params: { limit: 254 } }))).toEqual({ id: 'validation.maxLength', values: { limit: 254 } });
    expect(validationMessageId(err({ keyword: 'format', params: { format: 'email' } })).id).toBe('validation.format.email');
    expect(validationMessageId(err({ keyword: 'format', params: { format: 'date-time' } })).id).toBe('validation.format.dateTime');
    expect(validationMessageId(err({ keyword: 'format', params: { format: 'color' } })).id).toBe('validation.format');
    expect(validationMessageId(err({ keyword: 'type', params: { type: 'integer' } })).id).toBe('validation.type.integer');
    expect(validationMessageId(err({ keyword: 'multipleOf', params: { multipleOf: 5 } }))).toEqual({ id: 'validation.multipleOf', values: { multipleOf: 5 } });
    expect(validationMessageId(err({ keyword: 'dependencies', params: { missingProperty: 'b' } })).id).toBe('validation.required');
    expect(validationMessageId(err({ keyword: 'somethingNew' })).id).toBe('validation.invalid');
  });

  it('phrases field errors in the locale, keeping English where the locale has no message', () => {
    expect(
      toFieldErrors(
        [
          err({ keyword: 'required', params: { missingProperty: 'email' } }),
          err({ instancePath: '/name', keyword: 'maxLength', params: { limit: 5 } }),
          err({ instancePath: '/site', keyword: 'format', params: { format: 'email' } }),
          err({ instancePath: '/age', keyword: 'minimum', params: { limit: 18 }, message: 'must be >= 18' }),
        ],
        translatedErrorMessage(de),
      ),
    ).toEqual({ email: ['Dies ist ein Pflichtfeld'], name: ['Höchstens 5 Zeichen'], site: ['Ungültige E-Mail-Adresse'], age: ['must be >= 18'] });
  });

  it('stays English without a translator (the server path)', () => {
    expect(toFieldErrors([err({ keyword: 'required', params: { missingProperty: 'email' } })], translatedErrorMessage(null))).toEqual({
      email: ['This field is required'],
    });
  });
});

describe('RJSF template strings', () => {
  it('are translated by their TranslatableString member, with %n parameters as {n}', () => {
    const t = rjsfTranslateString(de);
    expect(rjsfStringId(TranslatableString.AddItemButton)).toBe('rjsf.AddItemButton');
    expect(t(TranslatableString.AddItemButton)).toBe('Eintrag hinzufügen');
    expect(t(TranslatableString.OptionPrefix, ['2'])).toBe('Option 2');
    expect(t(TranslatableString.MoveUpButton)).toBe('Move up');
    expect(rjsfTranslateString(null)(TranslatableString.TitleOptionPrefix, ['Kind', '1'])).toBe('Kind option 1');
  });
});
