import { describe, expect, it, vi } from 'vitest';
import { SchemaCatalog } from '../schema/SchemaCatalog';
import { schemaLoaders } from '../../generated/catalog';
import { FormStore } from './FormStore';

const login = () => new SchemaCatalog(schemaLoaders).load('accounts_login');

describe('FormStore texts', () => {
  it('phrases validation errors with the given function and re-phrases them on a language switch', async () => {
    const store = new FormStore(await login(), { submit: vi.fn(), texts: { message: (e) => `en:${e.keyword}` } });
    await store.submit();
    expect(store.errors).toEqual({ email: ['en:required'], password: ['en:required'] });
    store.setValues({ email: 'a@b.test' });
    store.setTexts({ message: (e) => `de:${e.keyword}` });
    // The edited field stays without its error.
    expect(store.errors).toEqual({ password: ['de:required'] });
  });

  it('leaves server messages as they came, and uses its failure text for a submit that failed without one', async () => {
    const store = new FormStore(await login(), { submit: vi.fn().mockRejectedValue({}), texts: { failed: 'Etwas ist schiefgelaufen.' } });
    store.setValues({ email: 'a@b.test', password: 'pw' });
    await store.submit();
    expect(store.formError).toBe('Etwas ist schiefgelaufen.');
    store.setErrors({ email: ['Unknown address'] });
    store.setTexts({ message: () => 'x' });
    expect(store.errors).toEqual({ email: ['Unknown address'] });
  });
});
