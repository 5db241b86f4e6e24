import type { LoadStatus } from '../state/Loader';
import type { LookupStore } from './LookupStore';

/** One choice of a lookup: the stored `value` (an id) and the text shown for it. */
export interface LookupOption {
  value: string | number;
  label: string;
}

/** Where a lookup request goes and what it carries; the answer body is `{ data: [...] }`. */
export interface LookupRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Query string parameters (GET). */
  params?: object;
  /** Request body (POST). */
  data?: object;
  signal: AbortSignal;
}

/**
 * How the lookup engine talks to the server: resolve with the answer body, reject on failure.
 * An aborted request should reject (any error); the store ignores failures of aborted requests.
 */
export type LookupTransport = (req: LookupRequest) => Promise<unknown>;

/** Loading state of one query or session (a query loads through a `Loader`). */
export type LookupStatus = LoadStatus;

/**
 * The `formContext` that the form hands to RJSF; lookup widgets read it from `registry.formContext`.
 * `getRootValue` should read observable state (e.g. a MobX form store) so that a source whose params point
 * at other fields reloads when those fields change; params are also re-read whenever the list is opened.
 */
export interface LookupFormContext {
  lookups: LookupStore;
  getRootValue(): unknown;
  /** The text of an id of the source in `uiOptions.source`, if the lookup has seen it (a closed section's summary). */
  labelOf?(uiOptions: Record<string, unknown>, value: unknown): string | undefined;
}
