import { makeAutoObservable, observableRef } from 'mobx';
import { Loader } from '../state/Loader';
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
  options: readonly LookupOption[] = [];
  /** Lower-cased, accent-free labels in the order of `options`, for local filtering. */
  haystack: readonly string[] = [];
  /** The request, silent: a failure (an unexpected answer too) is reported and shown in place. */
  readonly loader: Loader<readonly LookupOption[]>;
  private users = 0;

  constructor(
    readonly key: string,
    readonly request: Omit<LookupRequest, 'signal'>,
    private readonly deps: LookupQueryDeps,
  ) {
    this.loader = new Loader<readonly LookupOption[]>({
      fetch: async (signal) => {
        try {
          return this.deps.toOptions(await this.deps.transport({ ...this.request, signal }));
        } catch (error) {
          // Cancelled requests are ignored; everything else is reported.
          if (!signal.aborted) this.deps.report(error);
          throw error;
        }
      },
      apply: (options) => {
        this.options = options;
        this.haystack = options.map((o) => searchText(o.label));
        this.deps.onLoaded(options);
      },
    });
    makeAutoObservable<LookupQuery, 'users' | 'deps'>(this, {
      key: false,
      request: false,
      loader: false,
      options: observableRef,
      haystack: observableRef,
      users: false,
      deps: false,
      isInUse: false,
    });
  }

  get status(): LookupStatus {
    return this.loader.status === 'missing' ? 'error' : this.loader.status;
  }

  get error(): unknown {
    return this.loader.error;
  }

  /** Whether some widget currently shows this query. */
  isInUse(): boolean {
    return this.users > 0;
  }

  /** Starts the request unless it is loading or loaded; after an error it tries again. */
  load(): void {
    void this.loader.once();
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
    if (this.status !== 'loading') return;
    this.loader.abort();
    this.deps.onAbandoned(this);
  }
}
