#!/usr/bin/env node
// `npm start`: builds the kit when the build is missing or older than its sources, then runs the
// reference server, which serves the API, the demo pages and the built kit on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime } from './newest-mtime.mjs';

const root = join(import.meta.dirname, '..');
// The kit, and the player page's script (built by the same `npm run build`).
const bundles = [join(root, 'dist/kit/vp-admin-kit.js'), join(root, 'dist/player/player.js')];
const sources = newestMtime(join(root, 'src'));

if (bundles.some((bundle) => !existsSync(bundle) || statSync(bundle).mtimeMs < sources)) {
  console.log('Building the kit (dist/kit) and the player (dist/player) …');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'server/src/main.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
