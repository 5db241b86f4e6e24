import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { observable, runInAction } from 'mobx';
import { ApiClient } from '../../engine/api';
import { json, startTestServer } from '../../engine/api/testServer';
import { LOCALE_STORAGE_KEY, LocaleStore, UNSAVED_LOCALE_STORAGE_KEY } from './LocaleStore';
import type { CompiledMessages } from './messages';

const P = '/api/private/v1';
let server: Awaited<ReturnType<typeof startTestServer>>;
let putStatus = 200;

beforeAll(async () => {
  server = await startTestServer({
    [`PUT ${P}/profile/locale`]: (req, res) => json(res, putStatus, putStatus === 200 ? { data: JSON.parse(req.body) } : { message: 'No route' }),
  });
});
afterAll(() => server.close());
beforeEach(() => {
  putStatus = 200;
  document.documentElement.lang = '';
});

/** The text of a precompiled message made of one literal. */
const literal = (messages: CompiledMessages, id: string) => (messages[id]?.[0] as { value?: string } | undefined)?.value;

function setup({ locales = ['en', 'ru', 'de', 'jp'], defaultLocale = 'en', signedIn = false, userLocale = 'en', languages = [] as string[] } = {}) {
  const network = observable({ settings: null as null | { settings: { locales: string[]; defaultLocale: string } } }, {}, { deep: false });
  const user = observable({ user: null as null | { locale: string } }, {}, { deep: false });
  const session = observable({ isAuthenticated: signedIn });
  const report = vi.fn();
  const api = new ApiClient({ origin: server.origin, tokens: { getToken: () => (session.isAuthenticated ? 'tok-1' : null), clearToken: () => {} } });
  const store = new LocaleStore({ api, network, user, session, languages, report });
  const stop = store.start();
  const loadNetwork = () => runInAction(() => (network.settings = { settings: { locales, defaultLocale } }));
  const loadUser = () => runInAction(() => (user.user = { locale: userLocale }));
  return { store, stop, network, user, session, report, loadNetwork, loadUser };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('LocaleStore', () => {
  it('switching: sets <html lang> (jp → ja), remembers the choice, loads the messages and saves it on the server when signed in', async () => {
    const { store, loadNetwork, stop } = setup({ signedIn: true });
    loadNetwork();
    const seen = server.seen.length;
    expect(await store.setLocale('jp')).toBe(true);
    expect(store.locale).toBe('jp');
    expect(document.documentElement.lang).toBe('ja');
    expect(store.languageTag).toBe('ja');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('jp');
    expect(literal(store.messages, 'i18n.language')).toBe('言語');
    await vi.waitFor(() => expect(server.seen.length).toBe(seen + 1));
    const put = server.seen.at(-1)!;
    expect(put).toMatchObject({ method: 'PUT', url: `${P}/profile/locale` });
    expect(put.headers.authorization).toBe('Bearer tok-1');
    expect(JSON.parse(put.body)).toEqual({ locale: 'jp' });
    stop();
  });

  it('does not call the server for a guest, and a failed save is only reported', async () => {
    const guest = setup();
    guest.loadNetwork();
    const seen = server.seen.length;
    await guest.store.setLocale('ru');
    expect(guest.store.locale).toBe('ru');
    await settled();
    expect(server.seen.length).toBe(seen);
    guest.stop();

    putStatus = 404;
    const member = setup({ signedIn: true });
    member.loadNetwork();
    await member.store.setLocale('de');
    await vi.waitFor(() => expect(member.report).toHaveBeenCalledTimes(1));
    expect(member.store.locale).toBe('de');
    expect(member.store.status).toBe('ready');
    member.stop();
  });

  it('saves a language picked on the sign-in page to the profile of the user who signs in, once, and only when it differs', async () => {
    const page = setup({ userLocale: 'de' });
    page.loadNetwork();
    await page.store.setLocale('ru');
    expect(localStorage.getItem(UNSAVED_LOCALE_STORAGE_KEY)).toBe('ru');
    const seen = server.seen.length;
    runInAction(() => (page.session.isAuthenticated = true));
    await settled();
    expect(server.seen.length, 'nothing is saved before the user is known').toBe(seen);
    page.loadUser();
    await vi.waitFor(() => expect(server.seen.length).toBe(seen + 1));
    expect(JSON.parse(server.seen.at(-1)!.body)).toEqual({ locale: 'ru' });
    expect(localStorage.getItem(UNSAVED_LOCALE_STORAGE_KEY)).toBe('');
    expect(page.store.locale).toBe('ru');
    page.stop();

    // Picked what the profile already says: nothing to save.
    const same = setup({ userLocale: 'de' });
    same.loadNetwork();
    await same.store.setLocale('de');
    runInAction(() => (same.session.isAuthenticated = true));
    same.loadUser();
    await settled();
    expect(server.seen.length).toBe(seen + 1);
    expect(localStorage.getItem(UNSAVED_LOCALE_STORAGE_KEY)).toBe('');
    same.stop();
  });

  it('keeps English underneath, so a key a locale lacks shows in English', async () => {
    const { store, loadNetwork, stop } = setup();
    loadNetwork();
    await store.setLocale('ru');
    expect(literal(store.messages, 'i18n.language')).toBe('Язык');
    expect(Object.keys(store.messages).length).toBeGreaterThanOrEqual(Object.keys((await import('./messages')).englishMessages).length);
    stop();
  });

  it('offers only the network locales and refuses the others', async () => {
    const { store, loadNetwork, stop } = setup({ locales: ['en', 'de'] });
    expect(store.enabled).toEqual(['en']);
    loadNetwork();
    expect(store.enabled).toEqual(['en', 'de']);
    expect(await store.setLocale('ru')).toBe(false);
    expect(store.locale).toBe('en');
    stop();
  });

  it('starts from the device choice, else the signed-in user, else the browser language, else the network default', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'de');
    const device = setup({ signedIn: true, userLocale: 'ru', languages: ['jp'] });
    // The provider shows nothing until the remembered language is there, so the page never flashes English.
    expect(device.store.booting).toBe(true);
    await vi.waitFor(() => expect(device.store.locale).toBe('de'));
    expect(device.store.booting).toBe(false);
    device.loadNetwork();
    device.loadUser();
    await settled();
    expect(device.store.locale).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    device.stop();
    localStorage.clear();

    const saved = setup({ signedIn: true, userLocale: 'ru', languages: ['ja-JP'] });
    saved.loadNetwork();
    await vi.waitFor(() => expect(saved.store.locale).toBe('jp'));
    saved.loadUser();
    await vi.waitFor(() => expect(saved.store.locale).toBe('ru'));
    saved.stop();

    const fallback = setup({ locales: ['en', 'de', 'ru'], defaultLocale: 'ru', languages: ['fr-FR', 'es'] });
    fallback.loadNetwork();
    await vi.waitFor(() => expect(fallback.store.locale).toBe('ru'));
    expect(document.documentElement.lang).toBe('ru');
    fallback.stop();
  });

  it("after a reload shows the signed-in user's saved locale before GET user answers, and forgets it on sign-out", async () => {
    const first = setup({ signedIn: true, userLocale: 'de', languages: ['en-US'] });
    first.loadNetwork();
    first.loadUser();
    await vi.waitFor(() => expect(first.store.locale).toBe('de'));
    first.stop();

    // The reload: the token is there at once, the user is not yet; the browser would say English.
    const reload = setup({ signedIn: true, userLocale: 'de', languages: ['en-US'] });
    expect(reload.store.booting).toBe(true);
    reload.loadNetwork();
    await vi.waitFor(() => expect(reload.store.locale).toBe('de'));
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull();
    runInAction(() => (reload.session.isAuthenticated = false));
    await vi.waitFor(() => expect(reload.store.locale).toBe('en'));
    reload.stop();

    const guest = setup({ languages: ['en-US'] });
    guest.loadNetwork();
    await settled();
    expect(guest.store.locale).toBe('en');
    guest.stop();
  });

  it('drops a device choice the network does not enable', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'jp');
    const { store, loadNetwork, stop } = setup({ locales: ['en', 'de'] });
    await vi.waitFor(() => expect(store.locale).toBe('jp'));
    loadNetwork();
    await vi.waitFor(() => expect(store.locale).toBe('en'));
    stop();
  });

  it('lets the latest choice win when an earlier one is still loading', async () => {
    const { store, loadNetwork, stop } = setup();
    loadNetwork();
    const first = store.setLocale('jp');
    const second = store.setLocale('de');
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(store.locale).toBe('de');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
    stop();
  });

  it("loads the panel's texts for the user's saved locale when the panel opens while it is still loading", async () => {
    // After a reload: English until the user is known, then German loads; the panel's layout asks for its texts
    // in between. Reloading English then cancelled the switch, and the panel stayed English (an end-to-end flake).
    const { store, loadNetwork, loadUser, stop } = setup({ signedIn: true, userLocale: 'de' });
    loadNetwork();
    await vi.waitFor(() => expect(store.locale).toBe('en'));
    loadUser();
    const panel = store.requirePanel();
    await panel;
    await vi.waitFor(() => expect(store.locale).toBe('de'));
    expect(store.hasPanel).toBe(true);
    await settled();
    expect(store.locale).toBe('de');
    stop();
  });
});
