import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Log = (...args: unknown[]) => void;

/**
 * A request's logger that makes its pino child (bound to the request id, at the route's level) only when something
 * logs. Most answers never log, and a child built for each call was a tenth of a cached read's time: Fastify passes
 * every route's level, which makes pino rebuild all the child's log methods (npm run bench -- --only=api).
 * The methods live on the prototype: one small object per request.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  private method(name: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'): Log {
    return this.real[name] as Log;
  }

  get level(): string {
    return this.#child?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  fatal(...args: unknown[]) { this.method('fatal').apply(this.real, args); }
  error(...args: unknown[]) { this.method('error').apply(this.real, args); }
  warn(...args: unknown[]) { this.method('warn').apply(this.real, args); }
  info(...args: unknown[]) { this.method('info').apply(this.real, args); }
  debug(...args: unknown[]) { this.method('debug').apply(this.real, args); }
  trace(...args: unknown[]) { this.method('trace').apply(this.real, args); }
  silent(...args: unknown[]) { this.method('silent').apply(this.real, args); }
}

/** Fastify's `childLoggerFactory`: each request's logger, made when first used. */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
