/** One call a test answers by hand: its arguments, the signal it was given, and how to settle it. */
export interface PendingCall {
  args: unknown[];
  /** The `signal` of the call's options (the last argument object that has one). */
  signal: AbortSignal | undefined;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * For store tests: an API method (`get`, `post`, `request`…) whose calls wait until the test answers them, keeping
 * each call's signal. An aborted call rejects as a cancelled request does (`AbortError`).
 * @example
 * const { calls, call } = pendingCalls();
 * const store = new WeekSpendStore({ get: call } as never);
 * void store.load();
 * calls[0].resolve({ data: [] });
 */
export function pendingCalls() {
  const calls: PendingCall[] = [];
  const call = (...args: unknown[]): Promise<never> =>
    new Promise((resolve, reject) => {
      const options = [...args].reverse().find((a): a is { signal: AbortSignal } => typeof a === 'object' && a !== null && 'signal' in a);
      const signal = options?.signal;
      calls.push({ args, signal, resolve: resolve as (value: unknown) => void, reject });
      signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
  return { calls, call };
}
