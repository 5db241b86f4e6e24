import { makeAutoObservable, runInAction } from 'mobx';

/** Chrome's `beforeinstallprompt` event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'pwa_prompt_dismissed';

/**
 * The install-app offer: keeps the browser's `beforeinstallprompt` event (listened for from app start, as it
 * fires once, early) and shows the browser's own install dialog on request.
 */
export class InstallPromptStore {
  private deferred: BeforeInstallPromptEvent | null = null;
  available = false;
  installed = false;
  dismissed: boolean;
  status: 'idle' | 'prompting' = 'idle';

  constructor(
    private readonly target: Pick<Window, 'addEventListener' | 'removeEventListener'> | null = globalThis.window ?? null,
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null = globalThis.localStorage ?? null,
  ) {
    let dismissed = false;
    try {
      dismissed = storage?.getItem(DISMISSED_KEY) === '1';
    } catch {
      // storage blocked
    }
    this.dismissed = dismissed;
    makeAutoObservable<InstallPromptStore, 'deferred' | 'target' | 'storage'>(
      this,
      { deferred: false, target: false, storage: false },
      { autoBind: true },
    );
    target?.addEventListener('beforeinstallprompt', this.onPrompt);
    target?.addEventListener('appinstalled', this.onInstalled);
  }

  /** Whether to show the offer. */
  get visible(): boolean {
    return this.available && !this.installed && !this.dismissed;
  }

  onPrompt(event: Event) {
    event.preventDefault(); // the panel offers it in the sidebar instead of the browser's mini bar
    this.deferred = event as BeforeInstallPromptEvent;
    this.available = true;
  }

  onInstalled() {
    this.installed = true;
    this.available = false;
    this.deferred = null;
  }

  /** Shows the browser's install dialog; the event can be used once. */
  async install(): Promise<void> {
    const event = this.deferred;
    if (!event) return;
    this.status = 'prompting';
    try {
      await event.prompt();
      const choice = await event.userChoice;
      runInAction(() => {
        if (choice.outcome === 'accepted') this.installed = true;
      });
    } catch {
      // the browser refused (already shown): nothing to offer any more
    } finally {
      runInAction(() => {
        this.deferred = null;
        this.available = false;
        this.status = 'idle';
      });
    }
  }

  /** Hides the offer on this device. */
  dismiss() {
    this.dismissed = true;
    try {
      this.storage?.setItem(DISMISSED_KEY, '1');
    } catch {
      // storage blocked
    }
  }

  dispose() {
    this.target?.removeEventListener('beforeinstallprompt', this.onPrompt);
    this.target?.removeEventListener('appinstalled', this.onInstalled);
  }
}
