import { defineConfig } from '@playwright/test';

/** End-to-end flows: Debian's Chromium against the real reference server (test/e2e/server.mjs). */
import { E2E_PORT } from './test/e2e/environment.mjs';
import { chromiumLaunchOptions } from './test/support/chromium.mjs';

export default defineConfig({
  testDir: 'test/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  // In CI a failed test runs once more; scripts/test.mjs names a pass on the second try as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node test/e2e/server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/api/openapi.json`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
