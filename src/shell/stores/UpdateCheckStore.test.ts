import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_CHECK_MS, UpdateCheckStore, buildIdOf } from './UpdateCheckStore';

const html = (src: string) => `<html><head><script type="module" crossorigin src="${src}"></script></head></html>`;

afterEach(() => {
  vi.useRealTimers();
});

describe('UpdateCheckStore', () => {
  it('reads the entry script of an index.html', () => {
    expect(buildIdOf(html('/assets/index-abc.js'))).toBe('/assets/index-abc.js');
    expect(buildIdOf('<script src="/x.js" type="module"></script>')).toBe('/x.js');
    expect(buildIdOf('<p>no script</p>')).toBeNull();
  });

  it('checks every minute and offers a reload once the build changed', async () => {
    vi.useFakeTimers();
    const fetchIndex = vi.fn().mockResolvedValueOnce(html('/assets/index-a.js')).mockResolvedValueOnce(html('/assets/index-b.js'));
    const reload = vi.fn();
    const store = new UpdateCheckStore({ fetchIndex, currentBuild: () => '/assets/index-a.js', reload });
    const stop = store.start();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS);
    expect(store.updateAvailable).toBe(false);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_MS);
    expect(store.updateAvailable).toBe(true);
    stop();
    store.reload();
    expect(reload).toHaveBeenCalled();
    expect(fetchIndex).toHaveBeenCalledTimes(2);
  });

  it('ignores network trouble', async () => {
    const store = new UpdateCheckStore({ fetchIndex: vi.fn().mockRejectedValue(new Error('offline')), currentBuild: () => '/a.js' });
    await store.check();
    expect(store.updateAvailable).toBe(false);
  });
});
