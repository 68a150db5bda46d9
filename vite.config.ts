import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { flattenImports, preloadElementChunks, runtimeHelpersInto } from './scripts/vite-chunk-plugins.js';

const root = import.meta.dirname;
const apiServer = process.env.VP_API_URL ?? 'http://127.0.0.1:8080';

/** Libraries the dev server pre-bundles up front; a mid-run re-optimisation would load React twice. */
export const PREBUNDLED = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  '@mui/material',
  '@mui/material/styles',
  '@mui/x-data-grid',
  '@emotion/react',
  '@emotion/styled',
  '@emotion/cache',
  'stylis-plugin-rtl',
  'notistack',
  '@esm-bundle/chai',
  'wouter',
  'wouter/use-browser-location',
  'wouter/use-hash-location',
  'wouter/memory-location',
  'ky',
  'valibot',
  ...[...readFileSync(resolve(root, 'src/app/ui/icons.ts'), 'utf8').matchAll(/from '(@mui\/icons-material\/\w+)'/g)].map((m) => m[1]!),
];

/**
 * MUI's Dialog, the kit's yes/no question and its conflict dialog: only for dialogs, which open on a user
 * action (the conflict dialog is shared by three of them, which would put it, and MUI's Table, in the
 * shared chunk the editor loads up front). Switch and FormControlLabel too: only the list's cards and the
 * embed builder dialog use them, and in the shared chunk the editor would load them up front. Likewise
 * Table (the grid's pagination and the conflict dialog), Checkbox (the list's selection, a webhook's
 * events), Radio, RadioGroup (with its FormGroup) and FormLabel (the webhook and player-access dialogs,
 * Account → Where videos may play): bytes the editor never shows. The view stats' charts, figures and
 * CSV download too: only the Audience card once opened and the dashboard use them (and the subtitle
 * versions dialog the download). And the player access and schedule pieces the editor's dialogs share
 * with the list's bulk dialog (D63), and the bulk job's hook and API, which the two bulk bars' chunks share.
 */
const DIALOG =
  /[\\/](@mui[\\/]material[\\/](Dialog\w*|Switch|FormControlLabel|Table\w*|Checkbox|Radio\w*|FormLabel|FormGroup)|src[\\/]app[\\/]ui[\\/]confirm-dialog|src[\\/]app[\\/]shared[\\/](conflict-dialog|day-bars|retention-curve|view-figures|player-access-\w+|schedule-times)|src[\\/]app[\\/](files[\\/]bulk[\\/]use-bulk-job|api[\\/](download|stats|bulk-jobs|file-events|sse-parser)))[\\/.]/;

/**
 * Dates and language names as sentences ('3 hours ago'), and the subtitle facts (languages, limits):
 * the subtitle card and its dialogs, the editor's activity and conflict dialog, and the Trash use
 * them, <vp-file-list> never; kept out of kit-shared, which it loads.
 */
const DATES = /[\\/]src[\\/](app[\\/]i18n[\\/](format|languages)|contract[\\/]subtitles)\.ts$/;

/** `<vp-admin-panel>`'s element module: the root of the kit-core chunk. */
const PANEL_ELEMENT = /[\\/]src[\\/]elements[\\/]vp-admin-panel\.ts$/;

/** Dev only: /portal/* falls back to the portal page, as the reference server does. */
function portalFallback(): Plugin {
  return {
    name: 'vp-portal-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (/^\/portal(\/|$)/.test(req.url ?? '') && req.headers.accept?.includes('text/html')) req.url = '/portal.html';
        next();
      });
    },
  };
}

/** What the DataGrid's default slots import only for features the kit turns off (`disableColumnFilter`, no Pro panels). */
const UNUSED_GRID_SLOTS = new Set(['@mui/material/Autocomplete', '@mui/material/Tabs', '@mui/material/Tab']);
const GRID_SLOTS_MODULE = /[\\/]@mui[\\/]x-data-grid[\\/]material[\\/]index\.m?js$/;

/**
 * The DataGrid's default slots import MUI's Autocomplete (the filter panel's multi-value inputs) and
 * Tabs (Pro panels) whatever the grid uses: about 10 KB gzip of `<vp-file-list>`'s 330 KB budget for
 * nothing. With the filter panel off, they are replaced by a component that throws if ever rendered
 * (the e2e and browser tests render every grid feature the kit offers).
 */
function dropUnusedGridSlots(): Plugin {
  const stub = resolve(root, 'src/app/files/grid/unused-grid-slot.ts');
  return {
    name: 'vp-drop-unused-grid-slots',
    enforce: 'pre',
    resolveId(source, importer) {
      return importer && UNUSED_GRID_SLOTS.has(source) && GRID_SLOTS_MODULE.test(importer) ? stub : null;
    },
  };
}

/**
 * Build only: writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) next to every built
 * file, so the server sends them as they are — the best ratio, and no compression work per request.
 */
export function precompress(): Plugin {
  return {
    name: 'vp-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        const path = join(options.dir!, fileName);
        const content = readFileSync(path);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    dropUnusedGridSlots(),
    portalFallback(),
    runtimeHelpersInto('kit-core'),
    flattenImports(),
    preloadElementChunks(),
    precompress(),
  ],
  define: { 'process.env.NODE_ENV': JSON.stringify(command === 'build' ? 'production' : 'development') },
  // Dev: the demo pages load /kit/vp-admin-kit.js as they do from the build; here it is the source entry.
  ...(command === 'serve'
    ? {
        root: resolve(root, 'demo'),
        resolve: { alias: [{ find: /^\/kit\/vp-admin-kit\.js$/, replacement: resolve(root, 'src/index.ts') }] },
      }
    : {}),
  publicDir: false,
  build: {
    outDir: resolve(root, 'dist/kit'),
    emptyOutDir: true,
    target: 'es2022',
    lib: { entry: resolve(root, 'src/index.ts'), formats: ['es'], fileName: () => 'vp-admin-kit.js' },
    rolldownOptions: {
      output: {
        minify: true,
        chunkFileNames: 'chunks/[name]-[hash].js',
        // Code the elements share in two chunks (many small chunks cost gzip size):
        // - kit-core: everything <vp-admin-panel> runs to show its sign-in form (React, MUI's core, the kit
        //   root, the panel's routes and the form), so a phone on the sign-in page downloads one chunk after
        //   the entry: no second request competes with it for the bandwidth, and no chunk waits for another;
        // - kit-shared: the rest the elements share (the screens' widgets: menus, selects, tooltips, Modal…).
        // Dialogs stay out of both: an element that opens none never downloads them.
        codeSplitting: {
          groups: [
            // The panel's element module with all its static dependencies (a lazy screen is not one).
            { name: 'kit-core', priority: 2, test: (id) => PANEL_ELEMENT.test(id) },
            { name: 'kit-shared', minShareCount: 3, priority: 1, test: (id) => !DIALOG.test(id) && !DATES.test(id) },
            // Together: the screens that use one use the others, one request instead of three.
            { name: 'dates', minShareCount: 2, test: (id) => DATES.test(id) },
          ],
        },
      },
    },
    reportCompressedSize: false,
  },
  server: {
    host: '127.0.0.1',
    fs: { allow: [root] },
    proxy: Object.fromEntries(['/api', '/player', '/images'].map((path) => [path, apiServer])),
  },
  optimizeDeps: { include: PREBUNDLED },
}));
