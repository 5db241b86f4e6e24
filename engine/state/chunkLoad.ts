/** How long a lazy chunk may take before it counts as failed (the spec's ChunkLoadError after 120000 ms). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Why a chunk failed: its script, or a stylesheet it needs. */
export type ChunkFailure = 'CHUNK_LOAD_FAILED' | 'CSS_CHUNK_LOAD_FAILED';

/**
 * A lazy part of the panel (a page, a widget, a chart) whose code did not arrive: the network failed, the file
 * is gone after a new deployment, or it took longer than `CHUNK_LOAD_TIMEOUT_MS`. A reload fetches the current
 * files, so whoever shows it offers one.
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(
    message: string,
    readonly code: ChunkFailure,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** Whether an error is a chunk that failed to load (also one thrown before it was wrapped, by name). */
export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError || (error instanceof Error && error.name === 'ChunkLoadError');
}

// What browsers and Vite say when a dynamic import or its stylesheet fails: Chromium "Failed to fetch dynamically
// imported module", Firefox "error loading dynamically imported module", Safari "Importing a module script
// failed", Vite's preload "Unable to preload CSS for …".
const SCRIPT_FAILED = /dynamically imported module|Importing a module script failed|Unable to preload/i;
const CSS_FAILED = /Unable to preload CSS/i;

/** The failure as a `ChunkLoadError` when it is one, else unchanged (an error thrown by the module's own code). */
export function asChunkLoadError(error: unknown): unknown {
  if (isChunkLoadError(error) || !(error instanceof Error) || !SCRIPT_FAILED.test(error.message)) return error;
  return new ChunkLoadError(error.message, CSS_FAILED.test(error.message) ? 'CSS_CHUNK_LOAD_FAILED' : 'CHUNK_LOAD_FAILED', error);
}

/**
 * Wraps a dynamic import so that it fails as a `ChunkLoadError` (with `code` CSS_CHUNK_LOAD_FAILED when a
 * stylesheet is what failed), and fails after `timeoutMs` instead of spinning for ever on a stalled connection.
 * @example const Page = lazy(loadChunk(() => import('./Page')));
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`, 'CHUNK_LOAD_FAILED')), timeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(asChunkLoadError(error));
        },
      );
    });
}
