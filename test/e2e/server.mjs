#!/usr/bin/env node
// Playwright's webServer: a fresh data folder, the kit built from the current sources, and the real
// reference server with the demo seed (as `npm start` gives a newcomer).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { spawnServer } from '../support/server.mjs';
import { E2E_DATA_DIR, E2E_PORT, E2E_WEBHOOK_PORT, ROOT } from './environment.mjs';

rmSync(E2E_DATA_DIR, { recursive: true, force: true });
if (!process.env.VP_E2E_SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// A small storage quota (6 MiB an account) so that a test can reach it with two uploads; webhooks may
// reach the webhooks spec's receiver on loopback (E2E_WEBHOOK_PORT), and a delivery is retried once,
// after 1 s, so that an endpoint is failing within a test; signed player links on, with playback grants
// of 10 s, so a signed embed's player renews its grant within a test.
const server = spawnServer({
  port: E2E_PORT,
  dataDir: E2E_DATA_DIR,
  demo: true,
  env: {
    VP_ACCOUNT_QUOTA_BYTES: String(6 * 1024 * 1024),
    VP_WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${E2E_WEBHOOK_PORT}`,
    VP_WEBHOOK_BACKOFF: '1s',
    VP_SIGNING_SECRET: 'e2e-signing-secret-not-for-production',
    VP_PLAYBACK_GRANT_SECONDS: '10',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
