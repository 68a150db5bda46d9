// Browser tests of the elements in Debian's Chromium. @web/test-runner's own esbuild plugin cannot
// load React (CommonJS), so a Vite dev server transforms the sources and this plugin hands its
// output to the runner (the ready-made Vite plugins for @web/test-runner add their middleware too late).
import { playwrightLauncher } from '@web/test-runner-playwright';
import { createServer } from 'vite';
import { chromiumLaunchOptions } from './test/support/chromium.mjs';

const VITE_PATHS = /^\/(src|test|node_modules|@vite|@id|@fs|@react-refresh)\//;
let vite;

/** @type {import('@web/test-runner').TestRunnerConfig} */
export default {
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: false,
  // Its own port, so that two checkouts can run the browser suite at once.
  port: Number(process.env.VP_WTR_PORT ?? 8000),
  concurrency: 1,
  testFramework: { config: { timeout: 20000 } },
  testsFinishTimeout: 240000,
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: chromiumLaunchOptions,
    }),
  ],
  plugins: [
    {
      name: 'vite-transform',
      async serverStart() {
        vite = await createServer({
          configFile: 'vite.config.ts',
          root: process.cwd(),
          server: { middlewareMode: true, hmr: false },
          appType: 'custom',
          logLevel: 'error',
        });
      },
      async serverStop() {
        await vite?.close();
      },
      async serve(context) {
        if (!VITE_PATHS.test(context.path)) return undefined;
        const url = context.url.replace(/^\/(src|test)\//, '/@fs' + process.cwd() + '/$1/');
        const result = await vite.transformRequest(url);
        if (!result) return undefined;
        return { body: result.code, type: 'js' };
      },
    },
  ],
};
