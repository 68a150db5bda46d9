#!/usr/bin/env node
// `npm run dev`: the reference server on :8080 plus Vite's dev server (hot reload) on :5173,
// which serves the demo pages from the sources and proxies /api, /player and /images.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', join(root, 'server/src/main.ts')], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--port', process.env.VITE_PORT ?? '5173'], {
    cwd: root,
    stdio: 'inherit',
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
