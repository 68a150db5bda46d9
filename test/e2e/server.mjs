#!/usr/bin/env node
// Playwright's webServer: a fresh data folder, the kit built from the current sources, and the real
// reference server with the demo seed (as `npm start` gives a newcomer).
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_DATA_DIR, E2E_PORT, ROOT } from './environment.mjs';

rmSync(E2E_DATA_DIR, { recursive: true, force: true });
if (!process.env.VP_E2E_SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'server/src/main.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  // A small storage quota (6 MiB an account) so that a test can reach it with two uploads.
  env: { ...process.env, PORT: String(E2E_PORT), HOST: '127.0.0.1', VP_DATA_DIR: E2E_DATA_DIR, VP_DEMO: '1', VP_ACCOUNT_QUOTA_BYTES: String(6 * 1024 * 1024) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
