import { autorun } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { MediaStore, MediaUploadError, isAcceptedFile, mediaAccept } from './MediaStore';
import { manualMediaTransport as manualTransport, mediaFile } from '../../tests/fixtures/mediaStore';

const file = mediaFile;

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('MediaStore', () => {
  it('loads a file once however many ask, and caches it', async () => {
    const { calls, transport } = manualTransport();
    const store = new MediaStore({ transport });
    const a = store.load(7);
    const b = store.load(7);
    expect(transport).toHaveBeenCalledTimes(1);
    expect(calls[0].req).toMatchObject({ method: 'GET', url: 'media/7' });
    expect(store.status(7)).toBe('loading');
    calls[0].resolve({ data: file(7) });
    expect(await a).toEqual(file(7));
    expect(await b).toBe(await a);
    expect(store.get(7)?.name).toBe('icon.png');
    expect(store.status(7)).toBe('ready');
    await store.load(7);
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it('is observable: a reaction sees the file arrive', async () => {
    const { calls, transport } = manualTransport();
    const store = new MediaStore({ transport });
    const seen: (string | undefined)[] = [];
    const stop = autorun(() => seen.push(store.get(3)?.src));
    void store.load(3);
    calls[0].resolve({ data: file(3) });
    await flush();
    stop();
    expect(seen).toEqual([undefined, 'https://core.example.com/media-files/t3/icon.png']);
  });

  it('records a failed load, reports it, and tries again on the next call', async () => {
    const { calls, transport } = manualTransport();
    const report = vi.fn();
    const store = new MediaStore({ transport, report });
    const first = store.load(9);
    calls[0].reject(new Error('404'));
    expect(await first).toBeUndefined();
    expect(store.status(9)).toBe('error');
    expect((store.error(9) as Error).message).toBe('404');
    expect(report).toHaveBeenCalledTimes(1);
    const second = store.load(9);
    expect(store.status(9)).toBe('loading');
    calls[1].resolve({ data: file(9) });
    expect((await second)?.id).toBe(9);
    expect(store.error(9)).toBeNull();
  });

  it('refuses an answer without a file', async () => {
    const report = vi.fn();
    const store = new MediaStore({ transport: async () => ({ data: null }), report });
    expect(await store.load(1)).toBeUndefined();
    expect(String(store.error(1))).toMatch(/GET media\/1: expected an answer \{ data: \{ id, src/);
  });

  it('uploads multipart file + kind, reports progress and caches the answer', async () => {
    const { calls, transport } = manualTransport();
    const store = new MediaStore({ transport });
    const onProgress = vi.fn();
    const picked = new File([new Uint8Array([137, 80, 78, 71])], 'icon.png', { type: 'image/png' });
    const done = store.upload(picked, 'image', { onProgress });
    expect(store.activeUploads).toBe(1);
    const { req } = calls[0];
    expect(req).toMatchObject({ method: 'POST', url: 'media' });
    expect(req.data).toBeInstanceOf(FormData);
    expect((req.data?.get('file') as File).name).toBe('icon.png');
    expect(req.data?.get('kind')).toBe('image');
    req.onUploadProgress?.(0.5);
    expect(onProgress).toHaveBeenCalledWith(0.5);
    calls[0].resolve({ data: file(42) });
    expect((await done).id).toBe(42);
    expect(store.get(42)?.src).toContain('/t42/');
    expect(store.activeUploads).toBe(0);
  });

  it('turns a 422 into a MediaUploadError with the server message', async () => {
    const refused = Object.assign(new Error('Sended data is invalid'), { errors: { file: ['The image must be at most 300 KB.'] }, status: 422 });
    const report = vi.fn();
    const store = new MediaStore({ transport: async () => Promise.reject(refused), report });
    const error = await store.upload(new Blob(['x'], { type: 'image/png' }), 'image').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaUploadError);
    expect((error as MediaUploadError).message).toBe('The image must be at most 300 KB.');
    expect(report).not.toHaveBeenCalled();
    // An axios-style error carries the body under response.data.
    const axiosLike = { response: { status: 422, data: { errors: { kind: 'Unknown kind' } } } };
    const store2 = new MediaStore({ transport: async () => Promise.reject(axiosLike) });
    await expect(store2.upload(new Blob(['x']), 'image')).rejects.toThrow('Unknown kind');
    expect(store2.activeUploads).toBe(0);
  });

  it('passes an abort through without reporting it', async () => {
    const { transport } = manualTransport();
    const report = vi.fn();
    const store = new MediaStore({ transport, report });
    const controller = new AbortController();
    const done = store.upload(new Blob(['x'], { type: 'video/mp4' }), 'video', { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(report).not.toHaveBeenCalled();
    expect(store.activeUploads).toBe(0);
  });

  it('reports other upload failures and rethrows them', async () => {
    const report = vi.fn();
    const store = new MediaStore({ transport: async () => Promise.reject(new Error('Network Error')), report });
    await expect(store.upload(new Blob(['x']), 'image')).rejects.toThrow('Network Error');
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('checks type and size before sending', () => {
    const store = new MediaStore({ transport: vi.fn(), maxSize: { image: 1000 } });
    expect(store.check(new File(['x'], 'a.png', { type: 'image/png' }), 'image')).toBeNull();
    expect(store.check(new File(['x'], 'a.txt', { type: 'text/plain' }), 'image')).toEqual({ problem: 'type' });
    expect(store.check(new File([new Uint8Array(1001)], 'a.jpg', { type: 'image/jpeg' }), 'image')).toEqual({ problem: 'size', limit: 1000 });
    expect(store.check(new File(['x'], 'clip.mp4', { type: 'video/mp4' }), 'image')).toEqual({ problem: 'type' });
  });

  it('checks each type against its own limit, read when checking (settings that arrive later apply), and lists them for a hint', () => {
    let limits: Record<string, number> = {};
    const store = new MediaStore({ transport: vi.fn(), typeLimits: () => limits });
    const gif = new File([new Uint8Array(2000)], 'a.gif', { type: 'image/gif' });
    expect(store.check(gif, 'image')).toBeNull();
    expect(store.limitsOf('image')).toEqual([]);
    limits = { 'image/jpeg': 5000, 'image/gif': 1000, 'application/zip': 3000 };
    expect(store.check(gif, 'image')).toEqual({ problem: 'size', limit: 1000 });
    expect(store.check(new File([new Uint8Array(2000)], 'a.jpg', { type: 'image/jpeg' }), 'image')).toBeNull();
    // A zip the browser names otherwise is held to the zip limit.
    expect(store.check(new File([new Uint8Array(4000)], 'b.zip', { type: 'application/x-zip-compressed' }), 'package')).toEqual({ problem: 'size', limit: 3000 });
    expect(store.limitsOf('image')).toEqual([
      { type: 'image/jpeg', bytes: 5000 },
      { type: 'image/gif', bytes: 1000 },
    ]);
  });

  it('knows the accept lists and zip files by extension', () => {
    expect(mediaAccept('image')).toBe('image/jpeg,image/png,image/gif,image/webp');
    expect(mediaAccept('video')).toBe('video/mp4');
    expect(mediaAccept('package')).toBe('application/zip');
    expect(isAcceptedFile({ type: 'application/x-zip-compressed', name: 'banner.zip' }, 'package')).toBe(true);
    expect(isAcceptedFile({ type: '', name: 'banner.ZIP' }, 'package')).toBe(true);
    expect(isAcceptedFile({ type: '', name: 'banner.html' }, 'package')).toBe(false);
  });

  it('takes files from elsewhere into the cache', () => {
    const store = new MediaStore({ transport: vi.fn() });
    store.put(file(1), file(2));
    expect(store.status(2)).toBe('ready');
    expect(store.get(1)?.id).toBe(1);
  });
});
