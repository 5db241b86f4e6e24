import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// isolate false: a worker imports the app's modules once for all its files instead of once per file. Each file
// still builds its own app, database and DOM; tests/setup/sharedWorker.ts resets what a file may leave behind
// (timers, spies, stubs) and tests/setup/dom.ts the DOM and storage. Measured on 2 cores: `vitest run` 680 → 407 s,
// the server suite alone 373 → 248 s.
//
// maxWorkers: a worker per core. Vitest's default for a run is one fewer, which on the 2-core machines here is a
// single worker while the main process (serving transforms) leaves most of the second core idle. Measured on 2 cores:
// `vitest run` 454 → 271 s, all 2,851 tests passing.
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'browser',
          globalSetup: ['tests/setup/generate.ts'],
          environment: 'jsdom',
          include: ['engine/**/*.test.{ts,tsx}', 'widgets/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'stories/**/*.test.{ts,tsx}', 'tests/browser/**/*.test.{ts,tsx}'],
          isolate: false,
          setupFiles: ['tests/setup/sharedWorker.ts', 'tests/setup/dom.ts'],
        },
      },
      {
        test: {
          name: 'server',
          globalSetup: ['tests/setup/generate.ts', 'tests/setup/seededTemplate.ts'],
          environment: 'node',
          isolate: false,
          setupFiles: ['tests/setup/sharedWorker.ts'],
          include: ['server/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/data/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
