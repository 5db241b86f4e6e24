import { makeAutoObservable, runInAction } from 'mobx';
import { isCancel } from '../api/errors';

/** The states of a load. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** How a `Loader` is built. */
export interface LoaderOptions<T> {
  /** Fetches the data; must honour `signal` (a superseded or aborted load is cancelled through it). */
  fetch: (signal: AbortSignal) => Promise<T>;
  /** Applies an answer to the store; runs inside a MobX action, only for the newest load. */
  apply: (answer: T) => void;
  /** Whether a failure is kept as `error` (default) or is the status the store names (e.g. a 404 as `missing`). */
  failed?: (error: unknown) => 'error' | 'missing';
}

/** A `failed` for loads of one thing by id: a 404 (it does not exist, or is not the user's) is `missing`. */
export function notFoundIsMissing(error: unknown): 'error' | 'missing' {
  return (error as { status?: unknown } | null)?.status === 404 ? 'missing' : 'error';
}

/**
 * Loading written once: the status, the error, retry and cancellation of one thing a store loads. `run` starts a
 * load and aborts the one before it (its late answer is dropped); `once` loads unless loaded or loading (callers
 * share the load in flight); `retry` repeats the last load after a failure; `abort` stops it. A cancelled load
 * changes nothing. The store keeps its data; the loader keeps the state of getting it.
 * @example
 * readonly loader = new Loader({ fetch: (signal) => this.api.get('week-spent', { signal }), apply: ({ data }) => (this.total = sum(data)) });
 * get status() { return this.loader.status; }
 */
export class Loader<T> {
  status: LoadStatus | 'missing' = 'idle';
  error: unknown = null;
  /** Whether a load has succeeded since the last reset (the data on screen is real, even while reloading). */
  loaded = false;

  private controller: AbortController | null = null;
  private pending: Promise<boolean> | null = null;
  private readonly options: LoaderOptions<T>;

  constructor(options: LoaderOptions<T>) {
    this.options = options;
    makeAutoObservable<Loader<T>, 'controller' | 'pending' | 'options'>(this, { controller: false, pending: false, options: false }, { autoBind: true });
  }

  get isLoading(): boolean {
    return this.status === 'loading';
  }

  /** Loading for the first time: nothing to show yet. */
  get isFirstLoad(): boolean {
    return this.status === 'loading' && !this.loaded;
  }

  /** Starts a load, cancelling the one in flight. Resolves whether this load succeeded (false when superseded). */
  run(): Promise<boolean> {
    this.controller?.abort();
    const controller = (this.controller = new AbortController());
    this.status = 'loading';
    const load = this.settle(controller);
    this.pending = load;
    return load;
  }

  /** Loads unless loaded or loading; a call during a load shares it. */
  once(): Promise<boolean> {
    if (this.status === 'ready') return Promise.resolve(true);
    if (this.status === 'loading' && this.pending) return this.pending;
    return this.run();
  }

  /** Loads again (after a failure, or to refresh). */
  retry(): Promise<boolean> {
    return this.run();
  }

  /** Cancels the load in flight; the status goes back to what it was before it (`ready` if data was loaded). */
  abort(): void {
    if (!this.controller) return;
    this.controller.abort();
    this.controller = null;
    this.pending = null;
    if (this.status === 'loading') this.status = this.loaded ? 'ready' : 'idle';
  }

  /** Forgets everything (sign-out): cancels a load in flight and goes back to idle. */
  reset(): void {
    this.abort();
    this.status = 'idle';
    this.error = null;
    this.loaded = false;
  }

  private async settle(controller: AbortController): Promise<boolean> {
    const current = () => this.controller === controller && !controller.signal.aborted;
    try {
      const answer = await this.options.fetch(controller.signal);
      if (!current()) return false;
      runInAction(() => {
        this.options.apply(answer);
        this.status = 'ready';
        this.error = null;
        this.loaded = true;
        this.finish(controller);
      });
      return true;
    } catch (error) {
      if (!current() || isCancel(error)) return false;
      runInAction(() => {
        this.error = error;
        this.status = this.options.failed?.(error) ?? 'error';
        this.finish(controller);
      });
      return false;
    }
  }

  private finish(controller: AbortController) {
    if (this.controller !== controller) return;
    this.controller = null;
    this.pending = null;
  }
}

/**
 * Several loads a view waits for together (a page that shows nothing until it has all of them): `error` as soon as
 * one failed, `ready` once each has an answer, `loading` until then.
 */
export function statusOfAll(loaders: readonly Pick<Loader<unknown>, 'status' | 'loaded'>[]): 'loading' | 'error' | 'ready' {
  if (loaders.some((l) => l.status === 'error')) return 'error';
  return loaders.every((l) => l.loaded) ? 'ready' : 'loading';
}
