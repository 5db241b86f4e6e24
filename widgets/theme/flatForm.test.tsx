import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { UiSchema } from '@rjsf/utils';
import { SchemaCatalog, type SchemaEntry } from '../../engine/schema/SchemaCatalog';
import { FormStore } from '../../engine/form/FormStore';
import { SchemaForm } from '../../engine/form/SchemaForm';
import { FlatSchemaForm, flatFields } from '../../engine/form/FlatSchemaForm';
import { schemaLoaders } from '../../generated/catalog';
import { theme } from '../index';

afterEach(cleanup);

const catalog = new SchemaCatalog(schemaLoaders);

/** The markup a renderer gives a form, once its lazy parts settled. */
async function markup(Renderer: typeof SchemaForm, entry: SchemaEntry, setup: (store: FormStore) => void, uiOverrides?: UiSchema) {
  const store = new FormStore(entry, { submit: vi.fn() });
  setup(store);
  const { container, unmount } = render(<Renderer store={store} theme={theme} submitText="Go" uiOverrides={uiOverrides} />);
  await waitFor(() => expect(container.querySelector('form')).not.toBeNull());
  const html = container.innerHTML;
  unmount();
  return html;
}

describe('FlatSchemaForm', () => {
  it('draws the sign-in and password forms itself, and leaves every richer form to RJSF', async () => {
    const flat: string[] = [];
    for (const id of catalog.ids()) {
      const entry = await catalog.load(id);
      if (flatFields(entry.schema, entry.uiSchema as UiSchema)) flat.push(id);
    }
    expect(flat).toEqual(expect.arrayContaining(['accounts_login', 'accounts_password_reset']));
    expect(flat).not.toContain('accounts_registration');
    expect(flat).not.toContain('accounts_password_email'); // its captcha is a widget of its own
  }, 60_000);

  // The same theme templates in the same markup: a user (and a style) cannot tell which renderer drew the form.
  it.each([
    ['accounts_login', 'empty', () => {}],
    ['accounts_login', 'filled, with a field error and a form error', (s: FormStore) => {
      s.setValues({ email: 'a@b.test', password: 'x' });
      s.setErrors({ email: ['These credentials do not match our records.'] }, 'The server did not answer.');
    }],
    ['accounts_password_reset', 'read-only e-mail and a hidden token', (s: FormStore) => s.setValues({ email: 'a@b.test', token: 't0k3n' })],
  ] as const)('%s (%s): the markup RJSF gives it', async (id, _case, setup) => {
    const entry = await catalog.load(id);
    expect(await markup(FlatSchemaForm, entry, setup)).toBe(await markup(SchemaForm, entry, setup));
  });

  it('the second sign-in step (the code shown as a text field with its help) is drawn the same', async () => {
    const entry = await catalog.load('accounts_login');
    const overrides = { code: { 'ui:autofocus': true, 'ui:title': 'Code', 'ui:help': 'We sent a code.', 'ui:options': { inputType: 'text', autocomplete: 'one-time-code', inputMode: 'numeric' } } };
    expect(await markup(FlatSchemaForm, entry, () => {}, overrides)).toBe(await markup(SchemaForm, entry, () => {}, overrides));
  });

  it('types into the store, validates with the precompiled validator, and moves to the first error', async () => {
    const entry = await catalog.load('accounts_login');
    const submit = vi.fn().mockResolvedValue('ok');
    const store = new FormStore(entry, { submit });
    render(<FlatSchemaForm store={store} theme={theme} submitText="Sign in" />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('root_email'));
    expect(screen.getAllByRole('alert').length).toBeGreaterThan(0);
    expect(submit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'a@b.test' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'pw' } });
    expect(store.values).toEqual({ email: 'a@b.test', password: 'pw' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ email: 'a@b.test', password: 'pw' }));
  });

  it('a form it does not draw goes to SchemaForm, loaded then', async () => {
    const entry = await catalog.load('accounts_registration');
    const store = new FormStore(entry, { submit: vi.fn() });
    render(<FlatSchemaForm store={store} theme={theme} submitText="Sign up" />);
    expect(await screen.findByLabelText(/E-mail/)).toBeTruthy();
  });
});
