#!/usr/bin/env node
// `npm run dev`: the reference server plus Vite's dev server (hot reload), which serves the demo
// pages from the sources and proxies /api, /player and /images to that server.
//   PORT        the reference server's port (default 8080)
//   VITE_PORT   Vite's port (default 5173)
//   VP_API_URL  proxy to this server instead (e.g. http://127.0.0.1:9000); no local server is started
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const vitePort = process.env.VITE_PORT || '5173';
const ownServer = !process.env.VP_API_URL;
const apiUrl = process.env.VP_API_URL || `http://127.0.0.1:${process.env.PORT || '8080'}`;
console.log(`Dev pages: http://127.0.0.1:${vitePort} (VITE_PORT) — API proxied to ${apiUrl} (${ownServer ? 'PORT' : 'VP_API_URL'})`);

const env = { ...process.env, VP_API_URL: apiUrl };
const children = [
  ...(ownServer
    ? [
        spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', join(root, 'server/src/main.ts')], {
          cwd: root,
          env,
          stdio: 'inherit',
        }),
      ]
    : []),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--port', vitePort, '--strictPort'], {
    cwd: root,
    env,
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
