import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, asChunkLoadError, isChunkLoadError, loadChunk } from './chunkLoad';

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('resolves with the module when it arrives', async () => {
    const module = { default: 'Page' };
    await expect(loadChunk(() => Promise.resolve(module))()).resolves.toBe(module);
  });

  it('fails as ChunkLoadError after 120000 ms of waiting, not before', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise<never>(() => {}))();
    const settled = vi.fn();
    pending.then(settled, settled);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = settled.mock.calls[0]![0] as ChunkLoadError;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.name).toBe('ChunkLoadError');
    expect(error.code).toBe('CHUNK_LOAD_FAILED');
  });

  it("names a failed script chunk and a failed stylesheet (Vite's CSS preload) apart", async () => {
    const script = await loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x/assets/Page-1.js')))().catch((e: unknown) => e);
    expect(script).toMatchObject({ name: 'ChunkLoadError', code: 'CHUNK_LOAD_FAILED' });
    const css = await loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/Page-1.css')))().catch((e: unknown) => e);
    expect(css).toMatchObject({ name: 'ChunkLoadError', code: 'CSS_CHUNK_LOAD_FAILED' });
    expect(isChunkLoadError(css)).toBe(true);
  });

  it("leaves the module's own errors as they are", async () => {
    const own = new RangeError('bad state in the page module');
    await expect(loadChunk(() => Promise.reject(own))()).rejects.toBe(own);
    expect(asChunkLoadError('text')).toBe('text');
    expect(isChunkLoadError(own)).toBe(false);
  });
});
