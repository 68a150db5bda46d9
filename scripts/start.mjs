#!/usr/bin/env node
// `npm start`: builds the kit when the build is missing or older than its sources, then runs the
// reference server, which serves the API, the demo pages and the built kit on one port.
// SIGINT/SIGTERM stop the whole tree gracefully: the "start" script execs this file (so npm's signal
// reaches it, not a shell that would keep it running), and it passes the signal on to what it runs.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime } from './newest-mtime.mjs';

const root = join(import.meta.dirname, '..');
// The kit, and the player page's script (built by the same `npm run build`).
const bundles = [join(root, 'dist/kit/vp-admin-kit.js'), join(root, 'dist/player/player.js')];
const sources = newestMtime(join(root, 'src'));

/** What runs now: the build (its own process group: npm, a shell, vite, tsc…) or the server. */
let current = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (!current || current.child.exitCode !== null || current.child.signalCode !== null) process.exit(1);
    if (current.group) process.kill(-current.child.pid, signal);
    else current.child.kill(signal); // the server closes cleanly
  });
}

/** Runs a child to its end; resolves to its exit code (1 when a signal ended it). */
function run(command, args, { group = false } = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: group });
  current = { child, group };
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

if (bundles.some((bundle) => !existsSync(bundle) || statSync(bundle).mtimeMs < sources)) {
  console.log('Building the kit (dist/kit) and the player (dist/player) …');
  const status = await run('npm', ['run', 'build', '--silent'], { group: true });
  if (status !== 0) process.exit(status);
}

// Node runs the server itself, with tsx as its loader: tsx's command, between them, passed a signal on and
// then killed the server (SIGKILL, exit 128 + the signal) when it did not say within 30 ms that it had
// received it, which a busy machine's server does not (a stop that cut requests and skipped the close).
process.exit(await run(process.execPath, ['--import', 'tsx', join(root, 'server/src/main.ts'), ...process.argv.slice(2)]));
