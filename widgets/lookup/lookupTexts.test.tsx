import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LookupStore } from '../../engine/lookup';
import { TranslatorContext } from '../../engine/i18n/TranslatorContext';
import { fillPlaceholders, type Translator } from '../../engine/i18n/Translator';
import { fields, templates, widgets } from '../index';
import type { LOOKUP_TEXTS } from './lookupTexts';

const RU: Partial<Record<keyof typeof LOOKUP_TEXTS, string>> = {
  'lookup.searchToAdd': 'Начните вводить, чтобы добавить…',
  'lookup.selected': 'Выбрано: {count}',
  'lookup.loadFailed': 'Не удалось загрузить список.',
  'lookup.retry': 'Повторить',
};
const ru: Translator = { locale: 'ru', message: (id, values) => (id in RU ? fillPlaceholders(RU[id as keyof typeof RU] as string, values) : undefined) };

function CitiesForm() {
  const lookups = new LookupStore({ transport: vi.fn().mockRejectedValue(new Error('503')), report: vi.fn() });
  return (
    <Form
      schema={{ type: 'object', properties: { cities: { type: 'array', title: 'Cities', items: { type: 'integer' } } } }}
      uiSchema={{ cities: { 'ui:widget': 'lookup', 'ui:options': { source: { collection: 'cities' } } } }}
      validator={validator}
      widgets={widgets}
      templates={templates}
      fields={fields}
      formContext={{ lookups, getRootValue: () => ({}) }}
      formData={{ cities: [] }}
    />
  );
}

describe('lookup texts', () => {
  it('are English without a translator', async () => {
    render(<CitiesForm />);
    expect(await screen.findByPlaceholderText('Search to add…')).toBeTruthy();
  });

  it('come from the app translator, each text the locale lacks staying English', async () => {
    const user = userEvent.setup();
    render(
      <TranslatorContext.Provider value={ru}>
        <CitiesForm />
      </TranslatorContext.Provider>,
    );
    await user.click(await screen.findByPlaceholderText('Начните вводить, чтобы добавить…'));
    expect(await screen.findByText('Не удалось загрузить список.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
    expect(screen.getByText(/Выбрано: 0/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select all' })).toBeTruthy();
  });
});
