import { describe, expect, it, vi } from 'vitest';
import { InstallPromptStore } from './InstallPromptStore';

function promptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<unknown> };
  event.prompt = vi.fn(async () => {});
  event.userChoice = Promise.resolve({ outcome });
  return event;
}

describe('InstallPromptStore', () => {
  it('keeps the browser’s prompt and shows it on request', async () => {
    const target = new EventTarget() as unknown as Window;
    const store = new InstallPromptStore(target, null);
    expect(store.visible).toBe(false);
    const event = promptEvent('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(store.visible).toBe(true);
    await store.install();
    expect(event.prompt).toHaveBeenCalled();
    expect(store.installed).toBe(true);
    expect(store.visible).toBe(false);
    store.dispose();
  });

  it('remembers “not now” on the device', () => {
    const data: Record<string, string> = {};
    const storage = { getItem: (k: string) => data[k] ?? null, setItem: (k: string, v: string) => void (data[k] = v) };
    const target = new EventTarget() as unknown as Window;
    const store = new InstallPromptStore(target, storage);
    target.dispatchEvent(promptEvent('dismissed'));
    store.dismiss();
    expect(store.visible).toBe(false);
    const later = new InstallPromptStore(target, storage);
    target.dispatchEvent(promptEvent('dismissed'));
    expect(later.visible).toBe(false);
  });
});
