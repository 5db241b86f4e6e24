import { makeAutoObservable, runInAction } from 'mobx';

/** How often the panel checks for a new build: every 60 seconds. */
export const UPDATE_CHECK_MS = 60_000;

/** The build's fingerprint in an index.html: the hashed entry script's path. */
export function buildIdOf(html: string): string | null {
  return /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/i.exec(html)?.[1] ?? /<script\b[^>]*\bsrc="([^"]+)"[^>]*\btype="module"/i.exec(html)?.[1] ?? null;
}

export interface UpdateCheckEnv {
  /** Fetches the current index.html (uncached). */
  fetchIndex?: () => Promise<string>;
  /** The build this page runs. */
  currentBuild?: () => string | null;
  reload?: () => void;
}

/**
 * Notices a new deployment: every minute it fetches index.html again and compares its entry script (its
 * name carries the build hash) with the one this page loaded; when they differ it offers a reload.
 */
export class UpdateCheckStore {
  updateAvailable = false;
  private readonly env: Required<UpdateCheckEnv>;

  constructor(env: UpdateCheckEnv = {}) {
    this.env = {
      fetchIndex: env.fetchIndex ?? (async () => (await fetch('/index.html', { cache: 'no-store', headers: { Accept: 'text/html' } })).text()),
      currentBuild:
        env.currentBuild ?? (() => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? null),
      reload: env.reload ?? (() => window.location.reload()),
    };
    makeAutoObservable<UpdateCheckStore, 'env'>(this, { env: false }, { autoBind: true });
  }

  /** One check; network trouble is ignored (the next check tries again). */
  async check(): Promise<void> {
    const current = this.env.currentBuild();
    if (!current) return;
    try {
      const next = buildIdOf(await this.env.fetchIndex());
      if (next && next !== current) runInAction(() => (this.updateAvailable = true));
    } catch {
      // offline or the server restarting
    }
  }

  /** Checks every `intervalMs` until the returned function is called. */
  start(intervalMs: number = UPDATE_CHECK_MS): () => void {
    const timer = setInterval(() => void this.check(), intervalMs);
    return () => clearInterval(timer);
  }

  reload() {
    this.env.reload();
  }
}
