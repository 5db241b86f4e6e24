import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { observable } from 'mobx';
import { useIntl } from 'react-intl';
import { SchemaCatalog } from '../../engine/schema/SchemaCatalog';
import { FormStore } from '../../engine/form/FormStore';
import { SchemaForm } from '../../engine/form/SchemaForm';
import { schemaLoaders } from '../../generated/catalog';
import { theme } from '../../widgets';
import { I18nProvider } from './I18nProvider';
import { LanguageSelector } from './LanguageSelector';
import { LocaleStore } from './LocaleStore';

function localeStore(locales: string[]) {
  const network = observable({ settings: { settings: { locales, defaultLocale: 'en' } } }, {}, { deep: false });
  const api = { request: vi.fn().mockResolvedValue({ data: {}, status: 200, headers: {} }) };
  const store = new LocaleStore({ api, network, user: { user: null }, session: { isAuthenticated: false }, languages: [] });
  return { store };
}

function Heading() {
  const intl = useIntl();
  return <h1>{intl.formatMessage({ id: 'notFound.title' })}</h1>;
}

describe('I18nProvider and LanguageSelector', () => {
  it('offers the network locales by their own names and switches the page language', async () => {
    const { store } = localeStore(['en', 'ru', 'jp']);
    render(
      <I18nProvider store={store}>
        <Heading />
        <LanguageSelector />
      </I18nProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.text, o.lang])).toEqual([
      ['en', 'English', 'en'],
      ['ru', 'Русский', 'ru'],
      ['jp', '日本語', 'ja'],
    ]);
    fireEvent.change(select, { target: { value: 'jp' } });
    expect(await screen.findByRole('heading', { name: 'ページが見つかりません' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '言語' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ja');
  });

  it('shows nothing to choose when the network has one language', () => {
    const { store } = localeStore(['de']);
    const { container } = render(
      <I18nProvider store={store}>
        <LanguageSelector />
      </I18nProvider>,
    );
    expect(container.querySelector('select')).toBeNull();
  });

  it('translates a schema form: labels, validation messages (re-phrased on a switch) and the typed values stay', async () => {
    const entry = await new SchemaCatalog(schemaLoaders).load('accounts_login');
    const { store } = localeStore(['en', 'ru', 'de']);
    await store.setLocale('ru');
    const form = new FormStore(entry, { submit: vi.fn() });
    render(
      <I18nProvider store={store}>
        <SchemaForm store={form} theme={theme} submitText="→" />
      </I18nProvider>,
    );
    const email = screen.getByLabelText(/Электронная почта/) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: '→' }));
    expect(await screen.findByText('Введите корректный адрес электронной почты')).toBeTruthy();
    expect(screen.getByText('Заполните это поле')).toBeTruthy();

    await act(() => store.setLocale('de'));
    await waitFor(() => expect(screen.getByText('Geben Sie eine gültige E-Mail-Adresse ein')).toBeTruthy());
    expect(screen.getByText('Dies ist ein Pflichtfeld')).toBeTruthy();
    expect((screen.getByLabelText(/E-Mail/) as HTMLInputElement).value).toBe('not-an-address');
    // The schema object is the one the precompiled validator belongs to.
    expect(form.entry.schema).toBe(entry.schema);
  });
});

describe('SchemaForm uiOverrides under a translation', () => {
  it('keep the translated texts of a node they replace, unless they set them', async () => {
    const entry = await new SchemaCatalog(schemaLoaders).load('accounts_login');
    const { store } = localeStore(['en', 'ru']);
    await store.setLocale('ru');
    const form = new FormStore(entry, { submit: vi.fn() });
    render(
      <I18nProvider store={store}>
        <SchemaForm store={form} theme={theme} uiOverrides={{ email: { 'ui:autofocus': false }, password: { 'ui:title': 'Секретное слово' } }} />
      </I18nProvider>,
    );
    expect(screen.getByLabelText(/Электронная почта/)).toBeTruthy();
    expect(screen.getByLabelText(/Секретное слово/)).toBeTruthy();
  });
});
