import { makeAutoObservable } from 'mobx';

/** Below this width the sidebar becomes a drawer (and the top bar moves balance and add funds into the user menu). */
export const MOBILE_BREAKPOINT_PX = 1264;
/** The collapsed sidebar's width. */
export const SIDEBAR_MINI_PX = 82;
/** The localStorage key remembering the collapsed sidebar. */
export const SIDEBAR_MINI_KEY = 'sidebar_mini';

export interface ShellUiEnv {
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  matchMedia?: ((query: string) => MediaQueryList) | null;
}

/** The shell's own state: sidebar collapsed (remembered on the device), drawer open, narrow screen. */
export class ShellUiStore {
  collapsed: boolean;
  drawerOpen = false;
  narrow: boolean;
  private readonly storage: ShellUiEnv['storage'];
  private readonly query: MediaQueryList | null;

  constructor(env: ShellUiEnv = {}) {
    this.storage = env.storage === undefined ? safeLocalStorage() : env.storage;
    const matchMedia = env.matchMedia === undefined ? globalThis.matchMedia?.bind(globalThis) : env.matchMedia;
    this.query = matchMedia ? matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`) : null;
    this.narrow = this.query?.matches ?? false;
    let stored: string | null = null;
    try {
      stored = this.storage?.getItem(SIDEBAR_MINI_KEY) ?? null;
    } catch {
      // storage blocked
    }
    this.collapsed = stored === '1';
    makeAutoObservable<ShellUiStore, 'storage' | 'query'>(this, { storage: false, query: false }, { autoBind: true });
    this.query?.addEventListener?.('change', this.onMediaChange);
  }

  toggleCollapsed() {
    this.collapsed = !this.collapsed;
    try {
      this.storage?.setItem(SIDEBAR_MINI_KEY, this.collapsed ? '1' : '0');
    } catch {
      // storage full or blocked: collapsed for this visit only
    }
  }

  openDrawer() {
    this.drawerOpen = true;
  }

  closeDrawer() {
    this.drawerOpen = false;
  }

  onMediaChange(event: { matches: boolean }) {
    this.narrow = event.matches;
    if (!event.matches) this.drawerOpen = false;
  }

  dispose() {
    this.query?.removeEventListener?.('change', this.onMediaChange);
  }
}

function safeLocalStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
