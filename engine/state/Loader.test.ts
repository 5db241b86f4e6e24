import { describe, expect, it } from 'vitest';
import { Loader, notFoundIsMissing, statusOfAll } from './Loader';

/** A fetch whose answers the test releases by hand, recording the signals it was given. */
function manual<T>() {
  const calls: { signal: AbortSignal; resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const fetch = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject });
      signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
    });
  return { calls, fetch };
}

describe('Loader', () => {
  it('goes idle → loading → ready and applies the answer', async () => {
    const seen: number[] = [];
    const loader = new Loader({ fetch: async () => 7, apply: (n: number) => seen.push(n) });
    expect(loader.status).toBe('idle');
    const done = loader.run();
    expect([loader.status, loader.isFirstLoad]).toEqual(['loading', true]);
    expect(await done).toBe(true);
    expect([loader.status, loader.loaded, loader.error, seen]).toEqual(['ready', true, null, [7]]);
  });

  it('keeps the error, names a 404 as the store says, and clears it on a good retry', async () => {
    let fail: unknown = Object.assign(new Error('gone'), { status: 404 });
    const loader = new Loader({
      fetch: async () => {
        if (fail) throw fail;
        return 1;
      },
      apply: () => {},
      failed: notFoundIsMissing,
    });
    expect(await loader.run()).toBe(false);
    expect(loader.status).toBe('missing');
    fail = new Error('down');
    await loader.retry();
    expect([loader.status, (loader.error as Error).message]).toEqual(['error', 'down']);
    fail = null;
    expect(await loader.retry()).toBe(true);
    expect([loader.status, loader.error]).toEqual(['ready', null]);
  });

  it('cancels a superseded load: its signal aborts and its late answer is dropped', async () => {
    const { calls, fetch } = manual<string>();
    const applied: string[] = [];
    const loader = new Loader({ fetch, apply: (s) => applied.push(s) });
    const first = loader.run();
    const second = loader.run();
    expect(calls[0].signal.aborted).toBe(true);
    calls[1].resolve('new');
    calls[0].resolve('old'); // too late: already rejected by its abort
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(applied).toEqual(['new']);
  });

  it('drops the answer of a load whose fetch ignored the abort', async () => {
    const resolvers: ((v: string) => void)[] = [];
    const applied: string[] = [];
    const loader = new Loader({ fetch: () => new Promise<string>((r) => resolvers.push(r)), apply: (s) => applied.push(s) });
    const first = loader.run();
    const second = loader.run();
    resolvers[1]('new');
    resolvers[0]('old');
    await Promise.all([first, second]);
    expect(applied).toEqual(['new']);
  });

  it('once shares the load in flight and does not reload what is loaded', async () => {
    let calls = 0;
    const loader = new Loader({ fetch: async () => ++calls, apply: () => {} });
    await Promise.all([loader.once(), loader.once(), loader.once()]);
    await loader.once();
    expect(calls).toBe(1);
    await loader.run();
    expect(calls).toBe(2);
  });

  it('abort stops the load without an error and keeps loaded data ready', async () => {
    const { calls, fetch } = manual<number>();
    const loader = new Loader({ fetch, apply: () => {} });
    const first = loader.run();
    loader.abort();
    expect(await first).toBe(false);
    expect([loader.status, loader.error, calls[0].signal.aborted]).toEqual(['idle', null, true]);

    const second = loader.run();
    calls[1].resolve(1);
    await second;
    void loader.run();
    loader.abort();
    expect(loader.status).toBe('ready');
  });

  it('reset forgets the state', async () => {
    const loader = new Loader({ fetch: async () => 1, apply: () => {} });
    await loader.run();
    loader.reset();
    expect([loader.status, loader.loaded, loader.error]).toEqual(['idle', false, null]);
  });
});

describe('statusOfAll', () => {
  it('is loading until every load has an answer, and an error as soon as one failed', async () => {
    const first = manual<number>();
    const second = manual<number>();
    const a = new Loader({ fetch: first.fetch, apply: () => {} });
    const b = new Loader({ fetch: second.fetch, apply: () => {} });
    const runs = [a.run(), b.run()];
    expect(statusOfAll([a, b])).toBe('loading');
    first.calls[0]!.resolve(1);
    await runs[0];
    expect(statusOfAll([a, b])).toBe('loading');
    second.calls[0]!.reject(new Error('503'));
    await runs[1];
    expect(statusOfAll([a, b])).toBe('error');
    const again = b.retry();
    second.calls[1]!.resolve(2);
    await again;
    expect(statusOfAll([a, b])).toBe('ready');
  });
});
