import { describe, expect, it, vi, afterEach } from 'vitest';
import { render, screen, fireEvent, waitFor } from '@testing-library/react';
import Ajv from 'ajv';
import { SchemaCatalog } from '../schema/SchemaCatalog';
import { schemaLoaders } from '../../generated/catalog';
import { schemaLoaders as fixtureLoaders } from '../../generated/fixtures';
import { FormStore } from './FormStore';
import { mergeUi, SchemaForm } from './SchemaForm';

// RJSF's own look: the engine test needs no Blueprint (widgets/ has its own tests).
const plainTheme = {};

afterEach(() => vi.restoreAllMocks());

describe('SchemaForm', () => {
  it('renders a catalog schema, submits through the store, and never compiles a schema in the browser', async () => {
    const compile = vi.spyOn(Ajv.prototype, 'compile');
    const compileAsync = vi.spyOn(Ajv.prototype, 'compileAsync');
    const entry = await new SchemaCatalog(schemaLoaders).load('accounts_login');
    const submit = vi.fn().mockResolvedValue({ token: 't' });
    const store = new FormStore(entry, { submit });
    render(<SchemaForm store={store} theme={plainTheme} submitText="Sign in" />);

    fireEvent.change(screen.getByLabelText(/E-mail/), { target: { value: 'a@b.test' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ email: 'a@b.test', password: 'pw' }));
    expect(compile).not.toHaveBeenCalled();
    expect(compileAsync).not.toHaveBeenCalled();
  });

  it('starts a list of plain values or of lists empty, but fills a list of objects up to its minItems with cards to fill in', async () => {
    const entry = await new SchemaCatalog(fixtureLoaders).load('min_items');
    const submit = vi.fn();
    const store = new FormStore(entry, { submit });
    render(<SchemaForm store={store} theme={plainTheme} submitText="Save" />);
    await waitFor(() => expect(store.values.cards).toEqual([{}, {}]));
    expect(store.values.formats ?? []).toEqual([]);
    // A week of hour lists (a campaign's schedule) left alone means "no value", never seven empty slots the
    // validator refuses as "must be array".
    expect(store.values.week).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0][0]).not.toHaveProperty('week');
  });

  it('shows the first server error under its field and drops it when the field is edited', async () => {
    const entry = await new SchemaCatalog(schemaLoaders).load('accounts_login');
    const error = Object.assign(new Error('Sended data is invalid'), { errors: { email: ['These credentials do not match our records.'] } });
    const store = new FormStore(entry, { submit: vi.fn().mockRejectedValue(error) });
    render(<SchemaForm store={store} theme={plainTheme} submitText="Sign in" />);
    const email = screen.getByLabelText(/E-mail/);
    fireEvent.change(email, { target: { value: 'a@b.test' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('These credentials do not match our records.')).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('a@b.test');
    fireEvent.change(email, { target: { value: 'c@b.test' } });
    await waitFor(() => expect(screen.queryByText('These credentials do not match our records.')).toBeNull());
  });

  it('renders only the fields of the branch the data selects', async () => {
    const entry = await new SchemaCatalog(fixtureLoaders).load('conditional');
    const store = new FormStore(entry, { submit: vi.fn() });
    render(<SchemaForm store={store} theme={plainTheme} />);
    expect(screen.getByLabelText(/URL/)).toBeTruthy();
    expect(screen.queryByLabelText(/HTML code/)).toBeNull();
  });
});

describe('mergeUi', () => {
  it('merges nested nodes key by key; other values of the patch replace', () => {
    const base = { a: { 'ui:title': 'A', b: { 'ui:help': 'kept', 'ui:options': { x: 1 } } }, c: ['x'] };
    expect(mergeUi(base, { a: { b: { 'ui:options': { y: 2 } } }, c: ['y'], d: { 'ui:widget': 'hidden' } })).toEqual({
      a: { 'ui:title': 'A', b: { 'ui:help': 'kept', 'ui:options': { x: 1, y: 2 } } },
      c: ['y'],
      d: { 'ui:widget': 'hidden' },
    });
    expect(base.a.b['ui:options']).toEqual({ x: 1 });
  });
});
