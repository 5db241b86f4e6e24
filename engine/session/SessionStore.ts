import { makeAutoObservable, runInAction } from 'mobx';

/** How often the token is refreshed while signed in: every 30 minutes. */
export const TOKEN_REFRESH_INTERVAL_MS = 1_800_000;

/** The default localStorage key of the token. */
export const DEFAULT_TOKEN_KEY = 'auth_token';

/** The storage the token is kept in (localStorage in the browser). */
export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** How a `SessionStore` is built; the refresh call and the storage are injected. */
export interface SessionStoreOptions {
  /** Asks the server for a fresh token (`GET auth/refresh`, token in the Authorization header); null if none came. */
  refresh: () => Promise<string | null | undefined>;
  /** Defaults to `localStorage`. */
  storage?: TokenStorage;
  /** The storage key; defaults to `auth_token`. */
  key?: string;
  /** Defaults to 30 minutes. */
  refreshIntervalMs?: number;
  /** Reports a failed refresh that did not end the session (network trouble). */
  report?: (error: unknown) => void;
  /** The window whose `storage` events keep tabs in step; pass null to opt out. Defaults to `window`. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
}

/**
 * Whether a token can be used: non-empty and made only of single-byte characters (code points ≤ 255),
 * since it travels in an HTTP header.
 */
export function isValidToken(token: unknown): token is string {
  if (typeof token !== 'string' || token.trim() === '') return false;
  for (let i = 0; i < token.length; i++) if (token.charCodeAt(i) > 255) return false;
  return true;
}

/**
 * The signed-in state: the bearer token (kept in storage), its periodic refresh and sign-out.
 * Implements the api client's `TokenProvider` (`getToken`, `clearToken`).
 * @example
 * const session = new SessionStore({ refresh: async () => bearerToken((await api.request({ method: 'GET', url: 'auth/refresh' })).headers.authorization) });
 * session.login(tokenFromLoginAnswer); // stored, refreshed every 30 minutes
 */
export class SessionStore {
  token: string | null = null;
  status: 'idle' | 'refreshing' | 'error' = 'idle';
  error: unknown = null;

  private readonly storage: TokenStorage | undefined;
  private readonly key: string;
  private timer: ReturnType<typeof setInterval> | undefined;
  private inflight: Promise<void> | undefined;
  private readonly events: SessionStoreOptions['events'];

  constructor(private readonly options: SessionStoreOptions) {
    this.storage = options.storage ?? globalThis.localStorage;
    this.key = options.key ?? DEFAULT_TOKEN_KEY;
    this.events = options.events === undefined ? globalThis.window : options.events;
    makeAutoObservable<SessionStore, 'options' | 'storage' | 'key' | 'timer' | 'inflight' | 'events' | 'onStorage'>(
      this,
      { options: false, storage: false, key: false, timer: false, inflight: false, events: false, onStorage: false },
      { autoBind: true },
    );
    this.token = this.read();
    this.events?.addEventListener('storage', this.onStorage);
  }

  /** Whether a usable token is held. */
  get isAuthenticated(): boolean {
    return this.token !== null;
  }

  /** The current token, or null (for the api client). */
  getToken(): string | null {
    return this.token;
  }

  /** Drops the token (the api client calls this on a 401). */
  clearToken(): void {
    this.logout();
  }

  /**
   * Stores a token after login or registration and starts the 30-minute refresh.
   * An invalid token (empty, or with characters beyond the single-byte range) signs out instead.
   * @returns whether the token was accepted.
   */
  login(token: string | null | undefined): boolean {
    if (!isValidToken(token)) {
      this.logout();
      return false;
    }
    this.token = token;
    this.write(token);
    this.startTimer();
    return true;
  }

  /** Removes the token and stops the refresh. */
  logout(): void {
    this.token = null;
    this.status = 'idle';
    this.error = null;
    this.stopTimer();
    this.write(null);
  }

  /**
   * On app start (first navigation): refreshes a stored token at once and keeps refreshing it.
   * Resolves when the first refresh settled; does nothing when signed out.
   */
  resume(): Promise<void> {
    if (!this.token) return Promise.resolve();
    this.startTimer();
    return this.refresh();
  }

  /**
   * Asks for a fresh token now. A new valid token replaces the old one; an invalid one ends the session;
   * a failure keeps the session (a 401 has already signed out through the api client) and sets `error`.
   * Concurrent calls share one request.
   */
  refresh(): Promise<void> {
    if (!this.token) return Promise.resolve();
    if (this.inflight) return this.inflight;
    this.status = 'refreshing';
    this.error = null;
    const run = this.options
      .refresh()
      .then((next) => {
        runInAction(() => {
          if (!this.token) return; // signed out meanwhile
          if (next == null) this.status = 'idle';
          else if (isValidToken(next)) {
            this.token = next;
            this.write(next);
            this.status = 'idle';
          } else this.logout();
        });
      })
      .catch((error: unknown) => {
        if (!this.token) return; // a 401 signed out through the api client: nothing more to say
        runInAction(() => {
          this.status = 'error';
          this.error = error;
        });
        this.options.report?.(error);
      })
      .finally(() => {
        this.inflight = undefined;
      });
    this.inflight = run;
    return run;
  }

  /** Stops the timer and the cross-tab listener; the stored token stays. */
  dispose(): void {
    this.stopTimer();
    this.events?.removeEventListener('storage', this.onStorage);
  }

  private read(): string | null {
    let stored: string | null;
    try {
      stored = this.storage?.getItem(this.key) ?? null;
    } catch {
      return null;
    }
    if (stored === null) return null;
    if (isValidToken(stored)) return stored;
    this.write(null);
    return null;
  }

  private write(token: string | null): void {
    try {
      if (token === null) this.storage?.removeItem(this.key);
      else this.storage?.setItem(this.key, token);
    } catch {
      // storage full or blocked (private mode): the session lives in memory only
    }
  }

  private startTimer(): void {
    this.stopTimer();
    this.timer = setInterval(() => void this.refresh(), this.options.refreshIntervalMs ?? TOKEN_REFRESH_INTERVAL_MS);
  }

  private stopTimer(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Another tab signed in or out: follow it (without writing back to the shared storage). */
  private readonly onStorage = (event: StorageEvent): void => {
    if (event.key !== this.key && event.key !== null) return;
    runInAction(() => {
      const next = this.read();
      if (next === this.token) return;
      this.token = next;
      if (next) this.startTimer();
      else this.stopTimer();
    });
  };
}
