import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { LookupSession } from './LookupSession';
import { resolveParams, type LookupStore } from './LookupStore';
import { parseOptionSource, type OptionSource } from './parseOptionSource';

/** What `useOptionSource` needs: the app's lookup store and, for dependent params, the root form data. */
export interface OptionSourceContext {
  lookups: LookupStore;
  getRootValue?: () => unknown;
}

const parsed = new WeakMap<object, OptionSource>();

/**
 * Parses a declaration once per declaration object (UI schemas keep object identity).
 * @throws {OptionSourceError} when the declaration is malformed.
 */
export function parseOptionSourceOnce(declaration: unknown, path?: string): OptionSource {
  if (!declaration || typeof declaration !== 'object') return parseOptionSource(declaration, path);
  let source = parsed.get(declaration);
  if (!source) {
    source = parseOptionSource(declaration, path);
    parsed.set(declaration, source);
  }
  return source;
}

/**
 * The lookup session of one widget over a declared source; render the widget with `observer` and read
 * `session.options`, `status`, `error`, `index`. The session follows params that point at other fields,
 * and is disposed (its request aborted if nobody else waits) on unmount.
 * @throws {OptionSourceError} when the declaration is malformed (a developer mistake, surfaced at first render).
 * @example
 * const session = useOptionSource(options.source, registry.formContext, 'root_geo_cities');
 */
export function useOptionSource(declaration: unknown, context: OptionSourceContext, where?: string): LookupSession {
  const source = useMemo(
    () => parseOptionSourceOnce(declaration, where ? `${where}: ui:options/source` : undefined),
    [declaration, where],
  );
  const { lookups, getRootValue } = context;
  const rootRef = useRef(getRootValue);
  useLayoutEffect(() => {
    rootRef.current = getRootValue;
  }, [getRootValue]);

  const session = useMemo(
    () => lookups.session(source, () => resolveParams(source, rootRef.current?.())),
    [lookups, source],
  );
  useEffect(() => {
    session.start();
    return () => session.dispose();
  }, [session]);
  return session;
}
