import { describe, expect, it } from 'vitest';
import { localizeUiSchema, schemaTexts, unlabelledEnums } from './schemaTexts';
import type { Translator } from './Translator';

const schema = {
  title: 'Campaign',
  type: 'object',
  definitions: { money: { type: 'string', title: 'Amount', description: 'In the account currency' } },
  properties: {
    name: { type: 'string', title: 'Name' },
    budget: { $ref: '#/definitions/money' },
    pricing: { type: 'string', title: 'Pricing', enum: ['cpm', 'cpc'] },
    kind: { type: 'string', title: 'Kind', oneOf: [{ const: 'url', title: 'Link' }, { const: 'html', title: 'HTML code' }] },
    status: { type: 'string', enum: ['on', 'off'] },
    creatives: { type: 'array', title: 'Creatives', items: { type: 'object', properties: { url: { type: 'string', title: 'URL' } } } },
    secret: { type: 'string', title: 'Hidden title' },
  },
  if: { properties: { kind: { const: 'html' } } },
  then: { title: 'Not the form title', properties: { html: { type: 'string', title: 'HTML' } } },
} as const;

const uiSchema = {
  'ui:submitButtonOptions': { submitText: 'Save', props: { fill: true } },
  name: { 'ui:help': 'Only you see it', 'ui:options': { placeholder: 'My campaign' } },
  pricing: { 'ui:enumNames': ['Per thousand views', 'Per click'] },
  secret: { 'ui:title': '' },
  creatives: { items: { url: { 'ui:placeholder': 'https://' } } },
};

const entry = { id: 'campaign_form', schema, uiSchema };

function translator(locale: string, messages: Record<string, string>): Translator {
  return { locale, message: (id) => messages[id] };
}

describe('schemaTexts', () => {
  it('keys every text by schema id and property path', () => {
    expect(Object.fromEntries(schemaTexts(entry).map((t) => [t.key, t.text]))).toEqual({
      'schema.campaign_form.title': 'Campaign',
      'schema.campaign_form.name.title': 'Name',
      'schema.campaign_form.name.help': 'Only you see it',
      'schema.campaign_form.name.placeholder': 'My campaign',
      'schema.campaign_form.budget.title': 'Amount',
      'schema.campaign_form.budget.description': 'In the account currency',
      'schema.campaign_form.pricing.title': 'Pricing',
      'schema.campaign_form.pricing.enum.cpm': 'Per thousand views',
      'schema.campaign_form.pricing.enum.cpc': 'Per click',
      'schema.campaign_form.kind.title': 'Kind',
      'schema.campaign_form.kind.enum.url': 'Link',
      'schema.campaign_form.kind.enum.html': 'HTML code',
      'schema.campaign_form.creatives.title': 'Creatives',
      'schema.campaign_form.creatives[].url.title': 'URL',
      'schema.campaign_form.creatives[].url.placeholder': 'https://',
      'schema.campaign_form.html.title': 'HTML',
      'schema.campaign_form.submit': 'Save',
    });
  });

  it('names enums whose options would show raw values', () => {
    expect(unlabelledEnums(entry)).toEqual(['status']);
  });
});

describe('localizeUiSchema', () => {
  const ru = translator('ru', {
    'schema.campaign_form.name.title': 'Название',
    'schema.campaign_form.name.placeholder': 'Моя кампания',
    'schema.campaign_form.pricing.enum.cpc': 'За клик',
    'schema.campaign_form.kind.enum.html': 'HTML-код',
    'schema.campaign_form.creatives[].url.title': 'Адрес',
    'schema.campaign_form.submit': 'Сохранить',
  });

  it('puts the translations into a new UI schema and leaves the schema and its UI schema untouched', () => {
    const before = JSON.stringify({ schema, uiSchema });
    const ui = localizeUiSchema(entry, ru) as Record<string, Record<string, unknown>>;
    expect(JSON.stringify({ schema, uiSchema })).toBe(before);
    expect(ui.name).toMatchObject({ 'ui:title': 'Название', 'ui:placeholder': 'Моя кампания', 'ui:help': 'Only you see it', 'ui:options': { placeholder: 'Моя кампания' } });
    // An array of names becomes a record by value; the untranslated one stays English.
    expect(ui.pricing['ui:enumNames']).toEqual({ cpm: 'Per thousand views', cpc: 'За клик' });
    expect(ui.kind.oneOf).toEqual([{}, { 'ui:title': 'HTML-код' }]);
    expect((ui.creatives.items as Record<string, unknown>).url).toEqual({ 'ui:placeholder': 'https://', 'ui:title': 'Адрес' });
    expect(ui['ui:submitButtonOptions']).toEqual({ submitText: 'Сохранить', props: { fill: true } });
    expect(ui.secret).toBe(uiSchema.secret);
  });

  it('is memoized per entry and locale', () => {
    expect(localizeUiSchema(entry, ru)).toBe(localizeUiSchema(entry, translator('ru', {})));
    expect(localizeUiSchema(entry, translator('de', {}))).not.toBe(localizeUiSchema(entry, ru));
  });
});
