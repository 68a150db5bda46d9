import { defineConfig } from 'vitest/config';

/**
 * Unit tests (jsdom, next to the code in src/) and server tests (node, real server on 127.0.0.1).
 * Browser tests run in @web/test-runner and end-to-end flows in Playwright: see scripts/test.mjs.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
