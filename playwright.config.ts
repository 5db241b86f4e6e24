import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

const PORT = Number(process.env.E2E_PORT ?? 8191);
const BIDDER_PORT = Number(process.env.E2E_BIDDER_PORT ?? 8192);
// The echo bidder's endpoint, for the RTB specs (the workers inherit this process's environment).
process.env.E2E_BIDDER_URL = `http://127.0.0.1:${BIDDER_PORT}/bid`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// On CI a missing browser is a failure, not a skip: the launch below fails loudly when it is absent.
if (!existsSync(chromium) && process.env.CI !== 'true') {
  console.warn(`Chromium not found at ${chromium}: install it with apt-get install -y chromium`);
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  // Two cores run the server, the browser and the test at once: give assertions room under load.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: chromium,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: [
    {
      // The real server on a throwaway in-memory PGlite, serving the built panel (npm run test:e2e builds first).
      // ALLOW_PRIVATE_TARGETS: the RTB "send a test bid request" may call the echo bidder below on 127.0.0.1.
      command: 'npx tsx server/main.ts',
      url: `http://localhost:${PORT}/api/private/v1/network`,
      // DEMO_EVENTS: a smaller event log than npm start's (each demo advertiser's statistics are generated at start).
      env: { PORT: String(PORT), DATA_DIR: 'memory://', HOST: '127.0.0.1', DEV_OUTBOX: '1', ALLOW_PRIVATE_TARGETS: '1', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '0', SIGNUP_RATE_LIMIT: '0', DEMO_EVENTS: '30000' },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      // A local OpenRTB bidder that bids on every imp (tests/fixtures/echoBidder.ts); specs read its URL from E2E_BIDDER_URL.
      command: `npx tsx tests/fixtures/echoBidder.ts --port ${BIDDER_PORT}`,
      url: `http://127.0.0.1:${BIDDER_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
