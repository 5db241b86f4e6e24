import { ApiClient, type FailureReason } from '../../engine/api';
import { SessionStore } from '../../engine/session/SessionStore';
import { refreshVia } from '../../engine/session/refreshVia';
import { SchemaCatalog } from '../../engine/schema/SchemaCatalog';
import { formSchemaLoaders } from '../../generated/catalog';
import { schemaLoaders as resourceFixtureLoaders } from '../../generated/resourceFixtures';
import { NetworkStore } from './NetworkStore';
import { UserStore } from './UserStore';
import { SettingsStore } from './SettingsStore';
import { NotificationCountStore } from '../shell/stores/NotificationCountStore';
import { listenForInstallPrompt } from './earlyInstallPrompt';

/** What the RootStore needs of the shell's own stores (src/shell/stores/ShellStores.ts, loaded with the shell). */
export interface ShellStoresHandle {
  reset(): void;
}

export interface RootStoreOptions {
  /** Shows an error toast. */
  notify: (message: string) => void;
  /** Reports an unexpected error. */
  report?: (error: unknown) => void;
  /** Leaves the page for another address (impersonation's way back to the admin panel). */
  assign?: (url: string) => void;
}

/** Everything the panel shares, built once at start and handed down through React context. */
export class RootStore {
  readonly api: ApiClient;
  readonly session: SessionStore;
  /** The precompiled schemas; the end-to-end tests' build adds the form of the resource fixture (src/resources/registry.ts). */
  readonly catalog = new SchemaCatalog(import.meta.env.VITE_E2E_FIXTURES === '1' ? { ...formSchemaLoaders, ...resourceFixtureLoaders } : formSchemaLoaders);
  readonly network: NetworkStore;
  readonly user: UserStore;
  /** Global settings (`GET settings`) and the server clock. */
  readonly settings: SettingsStore;
  /** The unread notification count (sidebar badge, bell); the notifications page updates it. */
  readonly notifications: NotificationCountStore;
  /** The signed-in shell's stores, set by the shell on its first render (see useShellStores). */
  shell: ShellStoresHandle | null = null;
  /** Set by the router once it exists: what a 401 forgets (RequireAuth then sends the user to login). */
  onUnauthorized: () => void = () => {};
  /** Set by the router inside the translations: the interface language's words for a failure without a message. */
  failureText: (reason: FailureReason) => string | undefined = () => undefined;
  private readonly assign: (url: string) => void;

  constructor(options: RootStoreOptions) {
    const report = options.report ?? ((error: unknown) => console.error(error));
    // The client and the session need each other; the closures run only after both exist.
    this.api = new ApiClient({
      tokens: { getToken: () => this.session.getToken(), clearToken: () => this.session.clearToken() },
      onUnauthorized: () => this.onUnauthorized(),
      failureText: (reason) => this.failureText(reason),
      // The LocaleStore keeps <html lang> on the interface language; the server answers in it.
      language: () => (typeof document === 'undefined' ? null : document.documentElement.lang || null),
      notify: options.notify,
      report,
    });
    this.session = new SessionStore({ refresh: refreshVia(this.api), report });
    this.network = new NetworkStore(this.api);
    this.user = new UserStore(this.api);
    this.settings = new SettingsStore(this.api);
    this.notifications = new NotificationCountStore(this.api);
    // The browser fires `beforeinstallprompt` once, early: caught now, offered later by the shell.
    listenForInstallPrompt();
    this.assign = options.assign ?? ((url) => window.location.assign(url));
  }

  /** Forgets everything that belonged to the signed-in user (sign-out, a 401, leaving impersonation). */
  resetUserData() {
    this.user.clear();
    this.notifications.reset();
    this.shell?.reset();
  }

  /** Signs out: revokes the token on the server, then drops it here even if the server could not be reached. */
  async signOut(): Promise<void> {
    try {
      await this.api.post('auth/logout', undefined, { silent: true });
    } catch {
      // The token is dropped either way; a failed revoke must not keep the user signed in on this device.
    } finally {
      this.session.logout();
      this.resetUserData();
    }
  }

  /**
   * Ends an impersonation: `GET impersonate/leave` names where support goes back to; the impersonated
   * session ends here and the page follows `data.redirect_url` (http(s) or a path of this site only).
   * A failure has shown its message (the api client's toast) and keeps the session.
   * @returns whether the page is leaving.
   */
  async leaveImpersonation(): Promise<boolean> {
    let url: unknown;
    try {
      url = (await this.api.get<{ data?: { redirect_url?: unknown } }>('impersonate/leave')).data?.redirect_url;
    } catch {
      return false;
    }
    this.session.logout();
    this.resetUserData();
    // http(s) or a path of this site; never javascript: and the like.
    const safe = typeof url === 'string' && (/^https?:\/\//i.test(url) || /^\/(?![/\\])/.test(url));
    this.assign(safe ? (url as string) : '/login');
    return true;
  }
}
