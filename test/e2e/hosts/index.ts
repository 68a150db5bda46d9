// Host pages an integrator would write, served on the reference server's origin (Playwright answers
// their URLs), each with the response headers it needs (a strict Content-Security-Policy).
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { ROOT } from '../environment.mjs';

/** Serves `html` at `path` (and everything under `path` that `files` names). */
export async function serveHost(page: Page, path: string, html: string, { headers = {}, files = {} }: { headers?: Record<string, string>; files?: Record<string, string> } = {}) {
  await page.route(`**${path}`, (route) => route.fulfill({ status: 200, contentType: 'text/html', headers, body: html }));
  for (const [filePath, body] of Object.entries(files)) {
    await page.route(`**${filePath}`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body }));
  }
}

/** The React host, bundled with React 19 (React ships no browser ES module of its own). */
export async function buildReactHost(): Promise<string> {
  const output = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    plugins: [react()],
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { write: false, minify: false, lib: { entry: join(import.meta.dirname, 'react-host.tsx'), formats: ['es'], fileName: 'react-host' } },
  });
  const [result] = Array.isArray(output) ? output : [output];
  const chunk = (result as { output: { type: string; code?: string }[] }).output.find((item) => item.type === 'chunk');
  return chunk!.code!;
}

/** Vue 3's own browser build (with the template compiler). */
export const vueBrowserBuild = () => readFileSync(join(ROOT, 'node_modules/vue/dist/vue.esm-browser.prod.js'), 'utf8');
