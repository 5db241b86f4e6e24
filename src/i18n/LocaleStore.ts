import { makeAutoObservable, observableRef, reaction, runInAction } from 'mobx';
import type { ApiClient } from '../../engine/api';
import { DEFAULT_LOCALE, isLocale, languageTag, LOCALES, localeOfTag, type Locale } from './locales';
import { englishMessages, loadMessages, type CompiledMessages, type MessageBundle } from './messages';

/** Where the device remembers the chosen locale. */
export const LOCALE_STORAGE_KEY = 'locale';
/** Where the device remembers the signed-in user's saved locale, for the moment after a reload before `GET user` answers. */
export const USER_LOCALE_STORAGE_KEY = 'user-locale';
/** A choice made while signed out (the sign-in page's selector), to save to the profile of whoever signs in next. */
export const UNSAVED_LOCALE_STORAGE_KEY = 'locale-unsaved';

export interface LocaleStoreDeps {
  api: Pick<ApiClient, 'request'>;
  /** `GET network`: `settings.locales` are the enabled locales, `settings.defaultLocale` the default. */
  network: { settings: { settings?: { locales?: unknown; defaultLocale?: unknown } } | null };
  /** `GET user`: the locale saved on the server. */
  user: { user: { locale?: unknown } | null };
  session: { isAuthenticated: boolean };
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  /** The page whose `<html lang>` follows the locale. */
  document?: Document;
  /** The browser's preferred languages (`navigator.languages`). */
  languages?: readonly string[];
  /** Fetches a locale's precompiled messages (default: the lazy chunk of generated/locales/<locale>.json). */
  load?: (locale: Locale, bundles: readonly MessageBundle[]) => Promise<CompiledMessages>;
  /** Reports a failure nobody needs to see (a lost save, a chunk that did not load). */
  report?: (error: unknown) => void;
}

/**
 * The interface language: which locales the network enables, the current one and its messages. The current
 * locale is the one chosen on the device, else the signed-in user's saved locale (until `GET user` answers after a
 * reload, the one this device last saw for the signed-in user, so a German user's page does not flash English),
 * else the browser's language when enabled, else the network's default. `setLocale` is the user's choice: remembered on the
 * device and, when signed in, saved on the server. A choice made signed out (on the sign-in page) is saved to the
 * profile of the user who signs in next, when it differs from theirs: the language they last picked is theirs, for
 * the panel on other devices and for the mails the server sends.
 */
export class LocaleStore {
  locale: Locale = DEFAULT_LOCALE;
  /** The messages of `locale` over English, precompiled. */
  messages: CompiledMessages = englishMessages;
  /** The locale whose messages are loading, if any. */
  pending: Locale | null = null;
  status: 'ready' | 'loading' | 'error' = 'ready';
  error: unknown = null;
  /** True from `start()` until the messages of the locale remembered on the device have loaded (or failed). */
  booting = false;
  /** The message bundles in use: the guest pages' always, the panel's once the signed-in panel opened. */
  bundles: MessageBundle[] = ['guest'];

  private readonly deps: LocaleStoreDeps;
  private ticket = 0;

  constructor(deps: LocaleStoreDeps) {
    this.deps = deps;
    makeAutoObservable<LocaleStore, 'deps' | 'ticket'>(this, { deps: false, ticket: false, messages: observableRef });
  }

  /** The locales the network enables, in the panel's order; until the network is known, only the current one. */
  get enabled(): Locale[] {
    const settings = this.deps.network.settings;
    if (!settings) return [this.locale];
    const listed = settings.settings?.locales;
    const enabled = Array.isArray(listed) ? LOCALES.filter((l) => listed.includes(l)) : [];
    return enabled.length ? enabled : [this.defaultLocale];
  }

  /** The network's default locale (`settings.defaultLocale`), else en. */
  get defaultLocale(): Locale {
    const wanted = this.deps.network.settings?.settings?.defaultLocale;
    return isLocale(wanted) ? wanted : DEFAULT_LOCALE;
  }

  /** The BCP 47 tag for Intl formatting and `<html lang>` (`jp` → `ja`). */
  get languageTag(): string {
    return languageTag(this.locale);
  }

  /** The locale the page should show now, by the rules in the class comment. */
  resolve(): Locale {
    const device = localeOfTag(this.read());
    const user = this.deps.user.user;
    const saved = this.deps.session.isAuthenticated ? localeOfTag(String(user ? (user.locale ?? '') : (this.read(USER_LOCALE_STORAGE_KEY) ?? ''))) : undefined;
    // Before the network says which locales it enables, only a choice made on this device or the user's applies.
    if (!this.deps.network.settings) return device ?? saved ?? this.locale;
    const enabled = this.enabled;
    if (device && enabled.includes(device)) return device;
    if (saved && enabled.includes(saved)) return saved;
    const languages = this.deps.languages ?? (typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);
    const browser = languages.map(localeOfTag).find((l): l is Locale => !!l && enabled.includes(l));
    if (browser) return browser;
    return enabled.includes(this.defaultLocale) ? this.defaultLocale : enabled[0];
  }

  /**
   * Follows the device, the network and the user: applies the resolved locale now and whenever they change.
   * @returns a function that stops following.
   */
  start(): () => void {
    // The signed-in user's saved locale is remembered for the next reload; signing out forgets it.
    const remember = reaction(
      () => (this.deps.session.isAuthenticated ? (localeOfTag(String(this.deps.user.user?.locale ?? '')) ?? null) : ''),
      (locale) => {
        if (locale !== null) this.write(USER_LOCALE_STORAGE_KEY, locale);
      },
      { fireImmediately: true },
    );
    // A language picked on the sign-in page becomes the profile's once the user who signed in is known.
    const saveUnsaved = reaction(
      () => (this.deps.session.isAuthenticated ? this.deps.user.user : null),
      (user) => {
        const unsaved = localeOfTag(this.read(UNSAVED_LOCALE_STORAGE_KEY) ?? '');
        if (!user || !unsaved) return;
        this.write(UNSAVED_LOCALE_STORAGE_KEY, '');
        if (unsaved !== localeOfTag(String(user.locale ?? '')) && this.enabled.includes(unsaved)) this.save(unsaved);
      },
      { fireImmediately: true },
    );
    const first = this.resolve();
    // A returning user's language loads before the first screen, so it does not flash up in English.
    if (first !== this.locale) {
      this.booting = true;
      void this.apply(first).finally(() => runInAction(() => (this.booting = false)));
    } else {
      void this.apply(first);
    }
    const follow = reaction(
      () => this.resolve(),
      (locale) => void this.apply(locale),
    );
    return () => {
      remember();
      saveUnsaved();
      follow();
    };
  }

  /**
   * The user's choice: loads the messages, switches, sets `<html lang>`, remembers it on the device and, when
   * signed in, saves it with `PUT profile/locale` (a failed save is only reported).
   * @returns whether the locale is now in use (false for a locale the network does not enable or messages that failed to load).
   */
  async setLocale(locale: Locale): Promise<boolean> {
    if (!this.enabled.includes(locale) && this.deps.network.settings) return false;
    if (!(await this.apply(locale))) return false;
    try {
      this.storage?.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Storage disabled: the choice lasts for this page only.
    }
    if (this.deps.session.isAuthenticated) this.save(locale);
    else this.write(UNSAVED_LOCALE_STORAGE_KEY, locale);
    return true;
  }

  /** `PUT profile/locale`; a failed save is only reported. */
  private save(locale: Locale) {
    this.deps.api.request({ method: 'PUT', url: 'profile/locale', data: { locale }, silent: true }).catch((error: unknown) => this.report(error));
  }

  /** Whether the panel's texts are loaded (the main layout waits for them). */
  get hasPanel(): boolean {
    return this.bundles.includes('panel') && this.status !== 'loading';
  }

  /** Loads the signed-in panel's texts of the current locale (once; they follow later locale switches). */
  async requirePanel(): Promise<void> {
    if (this.bundles.includes('panel')) return;
    this.bundles = [...this.bundles, 'panel'];
    // A switch still loading (the user's saved locale, just known) wins: reloading the current one would cancel it.
    await this.apply(this.pending ?? this.locale, true);
  }

  /** Loads and switches to `locale`; a later call wins over an earlier one still loading. */
  private async apply(locale: Locale, reload = false): Promise<boolean> {
    const ticket = ++this.ticket;
    if (locale === this.locale && this.status !== 'loading' && !reload) {
      this.setPageLanguage();
      return true;
    }
    this.pending = locale;
    this.status = 'loading';
    let messages: CompiledMessages;
    try {
      messages = await (this.deps.load ?? loadMessages)(locale, this.bundles);
    } catch (error) {
      if (ticket === this.ticket) {
        runInAction(() => {
          this.pending = null;
          this.status = 'error';
          this.error = error;
        });
      }
      this.report(error);
      return false;
    }
    if (ticket !== this.ticket) return false;
    runInAction(() => {
      this.locale = locale;
      this.messages = messages;
      this.pending = null;
      this.status = 'ready';
      this.error = null;
    });
    this.setPageLanguage();
    return true;
  }

  private setPageLanguage() {
    const doc = this.deps.document ?? (typeof document === 'undefined' ? undefined : document);
    if (doc) doc.documentElement.lang = this.languageTag;
  }

  private get storage() {
    return this.deps.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  }

  private read(key = LOCALE_STORAGE_KEY): string | null {
    try {
      return this.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  private write(key: string, value: string) {
    try {
      this.storage?.setItem(key, value);
    } catch {
      // Storage disabled: nothing is remembered.
    }
  }

  private report(error: unknown) {
    (this.deps.report ?? ((e: unknown) => console.error(e)))(error);
  }
}
