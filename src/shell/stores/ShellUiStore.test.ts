import { describe, expect, it } from 'vitest';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_MINI_KEY, ShellUiStore } from './ShellUiStore';

function media(matches: boolean) {
  const listeners: ((e: { matches: boolean }) => void)[] = [];
  const queries: string[] = [];
  return {
    queries,
    fire: (m: boolean) => listeners.forEach((l) => l({ matches: m })),
    matchMedia: (query: string) => {
      queries.push(query);
      return { matches, addEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.push(l), removeEventListener: () => {} } as unknown as MediaQueryList;
    },
  };
}

describe('ShellUiStore', () => {
  it('remembers the collapsed sidebar on the device', () => {
    const data: Record<string, string> = {};
    const storage = { getItem: (k: string) => data[k] ?? null, setItem: (k: string, v: string) => void (data[k] = v) };
    const first = new ShellUiStore({ storage, matchMedia: null });
    expect(first.collapsed).toBe(false);
    first.toggleCollapsed();
    expect(data[SIDEBAR_MINI_KEY]).toBe('1');
    expect(new ShellUiStore({ storage, matchMedia: null }).collapsed).toBe(true);
  });

  it('is narrow below 1264 px and closes the drawer when the window grows', () => {
    const m = media(true);
    const store = new ShellUiStore({ storage: null, matchMedia: m.matchMedia });
    expect(m.queries[0]).toContain(`${MOBILE_BREAKPOINT_PX - 0.02}px`);
    expect(store.narrow).toBe(true);
    store.openDrawer();
    expect(store.drawerOpen).toBe(true);
    m.fire(false);
    expect(store.narrow).toBe(false);
    expect(store.drawerOpen).toBe(false);
  });
});
