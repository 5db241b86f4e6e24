import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { LookupOption, LookupRequest, LookupStatus, LookupTransport } from './types';

/** Lower-cases and strips accents, so "sao" finds "São Paulo". */
export function searchText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** What a query needs from its store. */
export interface LookupQueryDeps {
  transport: LookupTransport;
  report(error: unknown): void;
  /** Turns an answer body into options; throws on an unexpected shape. */
  toOptions(body: unknown): LookupOption[];
  /** Called with the options of every successful load (to feed the label index). */
  onLoaded(options: readonly LookupOption[]): void;
  /** Called when a load is aborted because nobody waits for it any more. */
  onAbandoned(query: LookupQuery): void;
}

/**
 * One request for options (one source with one set of params and search text), shared by every
 * widget that asks the same thing; aborted when the last one leaves while it is still loading.
 */
export class LookupQuery {
  status: LookupStatus = 'idle';
  options: readonly LookupOption[] = [];
  error: unknown = null;
  /** Lower-cased, accent-free labels in the order of `options`, for local filtering. */
  haystack: readonly string[] = [];
  private controller: AbortController | null = null;
  private users = 0;

  constructor(
    readonly key: string,
    readonly request: Omit<LookupRequest, 'signal'>,
    private readonly deps: LookupQueryDeps,
  ) {
    makeAutoObservable<LookupQuery, 'controller' | 'users' | 'deps'>(this, {
      key: false,
      request: false,
      options: observableRef,
      haystack: observableRef,
      error: observableRef,
      controller: false,
      users: false,
      deps: false,
      isInUse: false,
    });
  }

  /** Whether some widget currently shows this query. */
  isInUse(): boolean {
    return this.users > 0;
  }

  /** Starts the request unless it is loading or loaded; after an error it tries again. */
  load(): void {
    if (this.status === 'loading' || this.status === 'ready') return;
    const controller = new AbortController();
    this.controller = controller;
    this.status = 'loading';
    this.error = null;
    let pending: Promise<unknown>;
    try {
      pending = Promise.resolve(this.deps.transport({ ...this.request, signal: controller.signal }));
    } catch (error) {
      pending = Promise.reject(error);
    }
    pending
      .then((body) => {
        if (controller.signal.aborted) return;
        const options = this.deps.toOptions(body);
        runInAction(() => {
          this.options = options;
          this.haystack = options.map((o) => searchText(o.label));
          this.status = 'ready';
          this.controller = null;
        });
        this.deps.onLoaded(options);
      })
      .catch((error: unknown) => {
        // Cancelled requests are ignored; everything else is reported silently and shown in place.
        if (controller.signal.aborted) return;
        runInAction(() => {
          this.error = error;
          this.status = 'error';
          this.controller = null;
        });
        this.deps.report(error);
      });
  }

  /** Same as `load`: after a failure, asks again. */
  retry(): void {
    this.load();
  }

  /** Marks one more user of this query. */
  retain(): void {
    this.users += 1;
  }

  /** Marks one user fewer; the last one out aborts a request still in flight. */
  release(): void {
    this.users = Math.max(0, this.users - 1);
    if (this.users === 0 && this.status === 'loading') this.abort();
  }

  /** Aborts a request in flight and returns to `idle`. */
  abort(): void {
    const controller = this.controller;
    if (!controller) return;
    this.controller = null;
    controller.abort();
    this.status = 'idle';
    this.deps.onAbandoned(this);
  }
}
