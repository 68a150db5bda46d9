import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Unit tests (jsdom, next to the code in src/) and server tests (node, real server on 127.0.0.1).
 * The server suite runs on SQLite, and once more on PostgreSQL when VP_TEST_DATABASE_URL names a
 * database whose role may create databases (each test server gets a fresh one).
 * Browser tests run in @web/test-runner and end-to-end flows in Playwright: see scripts/test.mjs.
 */
const postgresUrl = process.env.VP_TEST_DATABASE_URL?.trim();
// In CI a failed test runs once more: a pass on the second try is reported by name as flaky at the
// end of `npm test` (scripts/test.mjs), so it is seen and fixed without one timing blip failing the run.
const retry = process.env.CI === 'true' ? 1 : 0;
const server = {
  include: ['server/**/*.test.ts'],
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  retry,
  // The files of one worker share its modules: each file imported the whole server again (a quarter
  // of the suite's CPU: 105 s of imports for 12 files, 26 s shared). Every file builds its own app and
  // servers, and puts back any environment variable it changes.
  isolate: false,
};

// The unit test files of one worker share its jsdom and modules, except those that replace a module
// or a global (vi.mock, vi.doMock, vi.stubGlobal, vi.stubEnv): a replaced module could reach the
// next file. A fresh jsdom for every file cost 58 s of the unit tests' 102 s of CPU (53 s of wall
// time against 13 s shared).
const unitFiles = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file}`);
const replacesModules = unitFiles.filter((file) => /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/.test(readFileSync(file, 'utf8')));
const unit = {
  environment: 'jsdom' as const,
  // The corpus-wide subtitle tests take 2 s alone and 7 s beside the server suite on 2 busy cores.
  testTimeout: 20_000,
  retry,
};

export default defineConfig({
  test: {
    // The server tests wait on sockets, child processes, PostgreSQL and timers far more than they compute:
    // Vitest's default (cores − 1) ran them one file at a time on 2 cores, at 109 % CPU (13 min against 23).
    // One file more than the cores: alone, two workers kept 2 cores 1.5 busy; in `npm test`, beside the
    // end-to-end flows, a third took the suite from 868 to 728 s on 2 cores (with no test slower to fail).
    maxWorkers: Math.max(2, os.availableParallelism()) + 1,
    projects: [
      {
        test: {
          name: 'unit',
          ...unit,
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...replacesModules],
          isolate: false,
        },
      },
      { test: { name: 'unit-isolated', ...unit, include: replacesModules } },
      { test: { name: 'server', ...server, env: { VP_TEST_DATABASE_URL: '' } } },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'server-pg',
                ...server,
                env: { VP_TEST_DATABASE_URL: postgresUrl },
                // One migrated database per run, which each test server's database copies.
                globalSetup: ['server/test/postgres-template.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
