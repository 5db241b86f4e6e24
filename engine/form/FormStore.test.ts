import { describe, expect, it, vi } from 'vitest';
import { SchemaCatalog } from '../schema/SchemaCatalog';
import { schemaLoaders } from '../../generated/catalog';
import { schemaLoaders as fixtureLoaders } from '../../generated/fixtures';
import { FormStore } from './FormStore';

const catalog = new SchemaCatalog(schemaLoaders);
const fixtures = new SchemaCatalog(fixtureLoaders);
const login = () => catalog.load('accounts_login');

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

describe('FormStore', () => {
  it('validates with the precompiled validator before sending anything', async () => {
    const submit = vi.fn();
    const store = new FormStore(await login(), { submit });
    store.setValues({ email: 'not-an-email', password: '' });
    expect(await store.submit()).toBe(false);
    expect(submit).not.toHaveBeenCalled();
    expect(store.status).toBe('failed');
    expect(Object.keys(store.errors).sort()).toEqual(['email', 'password']);
    expect(store.errorSchema).toMatchObject({ email: { __errors: [expect.any(String)] } });
    // A view counts the fields that need attention and brings the first into sight on each failed submit.
    expect(store.fieldErrorPaths.sort()).toEqual(['email', 'password']);
    expect(store.failures).toBe(1);
    await store.submit();
    expect(store.failures).toBe(2);
  });

  it('sends valid values and tracks dirty state against what was last saved', async () => {
    const submit = vi.fn().mockResolvedValue({ ok: 1 });
    const store = new FormStore(await login(), { submit });
    expect(store.dirty).toBe(false);
    store.setValues({ email: 'a@b.test', password: 'pw' });
    expect(store.dirty).toBe(true);
    expect(await store.submit()).toBe(true);
    expect(submit).toHaveBeenCalledWith({ email: 'a@b.test', password: 'pw' });
    expect(store.result).toEqual({ ok: 1 });
    expect(store.dirty).toBe(false);
  });

  it('shows server errors under their fields, first message only, and clears one when its field is edited', async () => {
    const error = Object.assign(new Error('Sended data is invalid'), {
      errors: { email: ['These credentials do not match our records.', 'second'], password: ['Too short'] },
    });
    const store = new FormStore(await login(), { submit: vi.fn().mockRejectedValue(error) });
    store.setValues({ email: 'a@b.test', password: 'pw' });
    expect(await store.submit()).toBe(false);
    expect(store.errorSchema).toEqual({
      email: { __errors: ['These credentials do not match our records.'] },
      password: { __errors: ['Too short'] },
    });
    expect(store.failures).toBe(1);
    store.setValues({ email: 'a@b.test', password: 'pw2' });
    expect(store.errors).toEqual({ email: ['These credentials do not match our records.', 'second'] });
    expect(store.fieldErrorPaths).toEqual(['email']);
    expect(store.values).toEqual({ email: 'a@b.test', password: 'pw2' }); // the input is kept
  });

  it('puts errors of unknown fields and plain failures at form level', async () => {
    const entry = await login();
    const store = new FormStore(entry, {
      submit: vi.fn().mockRejectedValueOnce(Object.assign(new Error('x'), { errors: { captcha: ['Solve it'] } })).mockRejectedValueOnce(new Error('Network Error')),
    });
    store.setValues({ email: 'a@b.test', password: 'pw' });
    await store.submit();
    expect(store.errorSchema).toEqual({ __errors: ['captcha: Solve it'] });
    await store.submit();
    expect(store.formError).toBe('Network Error');
    expect(store.errorSchema).toEqual({ __errors: ['Network Error'] });
  });

  it('patches values from outside, dropping their errors and remounting the view', async () => {
    const error = Object.assign(new Error('x'), { errors: { code: ['The code has expired.'], email: ['Bad'] } });
    const store = new FormStore(await login(), { submit: vi.fn().mockRejectedValue(error) });
    store.setValues({ email: 'a@b.test', password: 'pw', code: '123456' });
    await store.submit();
    const revision = store.revision;
    store.patch({ code: '' });
    expect(store.values).toEqual({ email: 'a@b.test', password: 'pw', code: '' });
    expect(store.errors).toEqual({ email: ['Bad'] });
    expect(store.revision).toBe(revision + 1);
  });

  it('ignores a cancelled submit', async () => {
    const cancel = Object.assign(new Error('canceled'), { name: 'CanceledError' });
    const store = new FormStore(await login(), { submit: vi.fn().mockRejectedValue(cancel) });
    store.setValues({ email: 'a@b.test', password: 'pw' });
    await store.submit();
    expect(store.status).toBe('idle');
    expect(store.formError).toBeNull();
  });

  it('saves a draft without passwords, restores it, and forgets it after a successful submit', async () => {
    vi.useFakeTimers();
    try {
      const storage = memoryStorage();
      const entry = await login();
      const store = new FormStore(entry, { submit: vi.fn().mockResolvedValue(null), draftKey: 'draft', storage });
      store.setValues({ email: 'typed@b.test', password: 'secret' });
      vi.advanceTimersByTime(1000);
      expect(JSON.parse(storage.data.get('draft') as string)).toEqual({ email: 'typed@b.test' });
      const again = new FormStore(entry, { submit: vi.fn(), draftKey: 'draft', storage });
      expect(again.values).toEqual({ email: 'typed@b.test' });
      again.setValues({ email: 'typed@b.test', password: 'secret' });
      await again.submit();
      expect(storage.data.has('draft')).toBe(false);
      store.dispose();
      again.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('prunes values of conditional branches that are not shown, then validates what is left', async () => {
    const entry = await fixtures.load('conditional');
    const store = new FormStore(entry, { submit: vi.fn().mockResolvedValue(null) });
    store.setValues({ kind: 'code', url: 'https://typed.before.switching', code: '<b>hi</b>', tags: ['a'] });
    expect(store.prunedValues()).toEqual({ kind: 'code', code: '<b>hi</b>', tags: ['a'] });
    expect(await store.submit()).toBe(true);
    store.setValues({ kind: 'link', code: '<b>hi</b>' });
    expect(store.prunedValues()).toEqual({ kind: 'link' });
    expect(await store.submit()).toBe(false);
    expect(Object.keys(store.errors)).toEqual(['url']);
  });
});
