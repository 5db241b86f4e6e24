import { afterAll, vi } from 'vitest';

/**
 * Test files share their worker's modules (vitest.config.ts: isolate false), so a file hands the worker back as it
 * found it: real timers, no spies on shared objects, no stubbed globals or environment variables.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
