import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT } from './environment.mjs';
import { expect, test } from './fixtures';

/**
 * The kit as an integrator gets it: `npm pack`, installed into a fresh project, imported by name with
 * its types, rendered in Chromium; and its dist/kit folder copied as it is to a CDN path.
 * (`--ignore-scripts`: the suite already built dist/; `prepack` would rebuild it under the other tests.)
 */
test.describe('the packed kit', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  const work = mkdtempSync(join(tmpdir(), 'vp-consumer-'));
  const consumer = join(work, 'consumer');
  test.afterAll(() => rmSync(work, { recursive: true, force: true }));

  test('installs from the tarball without the server or the UI libraries, and type-checks by name', () => {
    const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const tarball = npm(['pack', '--ignore-scripts', '--pack-destination', work, '--silent'], ROOT).trim().split('\n').at(-1)!;
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', join(work, tarball)], consumer);

    const installed = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8')).packages as Record<string, unknown>;
    const names = Object.keys(installed)
      .filter(Boolean)
      .map((path) => path.replace(/^.*node_modules\//, ''));
    expect(names).toContain('vp-admin-kit');
    for (const heavy of ['fastify', 'better-sqlite3', '@node-rs/argon2', 'react', '@mui/material']) expect(names).not.toContain(heavy);

    // Node resolves the package's exports; TypeScript its types (strict, no React types installed: the
    // JSX typings need @types/react, an optional peer, so the library files are not checked, as `tsc --init` sets).
    const resolved = execFileSync(process.execPath, ['--input-type=module', '-e', "console.log(import.meta.resolve('vp-admin-kit'))"], {
      cwd: consumer,
      encoding: 'utf8',
    });
    expect(resolved).toContain('node_modules/vp-admin-kit/dist/kit/vp-admin-kit.js');
    writeFileSync(
      join(consumer, 'main.ts'),
      `import { loadElement, type VideoFile, type VpEventDetail } from 'vp-admin-kit';
const editor = document.createElement('vp-file-editor');
editor.fileId = 42;
editor.addEventListener('vp-file-saved', (event) => {
  const detail: VpEventDetail<'vp-file-saved'> = event.detail;
  const file: VideoFile = detail.file;
  console.log(file.file_title);
});
await loadElement('vp-file-editor');
document.body.append(editor);
`,
    );
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'bundler',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          lib: ['ES2022', 'DOM'],
          types: [],
        },
        files: ['main.ts'],
      }),
    );
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript-native/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: consumer,
      encoding: 'utf8',
    });
  });

  /** Serves `folder` at http://consumer.test/ (module scripts need their MIME type). */
  async function serveFolder(page: Page, folder: string) {
    const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json' };
    await page.route('http://consumer.test/**', (route) => {
      const path = join(folder, decodeURIComponent(new URL(route.request().url()).pathname));
      try {
        return route.fulfill({ body: readFileSync(path), contentType: types[extname(path)] ?? 'application/octet-stream' });
      } catch {
        return route.fulfill({ status: 404 });
      }
    });
  }

  test('renders an element imported by package name (import map over node_modules)', async ({ page }) => {
    writeFileSync(
      join(consumer, 'index.html'),
      `<!doctype html><script type="importmap">{"imports":{"vp-admin-kit":"/node_modules/vp-admin-kit/dist/kit/vp-admin-kit.js"}}</script>
<script type="module">import { loadElement } from 'vp-admin-kit'; await loadElement('vp-admin-panel'); document.body.append(Object.assign(document.createElement('vp-admin-panel'), { routing: 'memory' }));</script><body></body>`,
    );
    await serveFolder(page, consumer);
    await page.goto('http://consumer.test/index.html');
    await expect(page.locator('vp-admin-panel').getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('works from a CDN-style copy of dist/kit with a plain <script type="module">', async ({ page }) => {
    const cdn = join(work, 'cdn');
    cpSync(join(consumer, 'node_modules/vp-admin-kit/dist/kit'), join(cdn, 'vp-admin-kit@1'), { recursive: true });
    writeFileSync(
      join(cdn, 'index.html'),
      `<!doctype html><script type="module" src="/vp-admin-kit@1/vp-admin-kit.js"></script><vp-file-editor file-id="42"></vp-file-editor>`,
    );
    await serveFolder(page, cdn);
    await page.goto('http://consumer.test/index.html');
    // Signed out, the editor shows the sign-in form in place.
    await expect(page.locator('vp-file-editor').getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});
