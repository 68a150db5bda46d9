// Part 3: in headless Chromium, the built kit served by the real server (demo seed, temp data dir):
// (a) <vp-file-list> connected → first rows painted, (b) 'next page' click → new rows painted,
// (c) Active switch → switch updated; and the floor: a plain React <table> paging the same rows.
// Times are taken in the page: performance.now() at the trigger, a MutationObserver on the shadow root
// (or the table) sees the DOM change, then two requestAnimationFrame callbacks = the frame was painted.
// The list's and the floor's page changes alternate (each in its own tab), so both see the same load on
// a shared machine and their ratio compares like with like.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { signInByApi } from '../../test/support/sign-in.mjs';
import { CHROMIUM, CHROMIUM_ARGS, ROOT, fmtMs, fmtKB, notMeasuredRow, removeDir, startServer, stats, tempDir } from './common.mjs';

const NEXT_BUDGET = 100;
/** The list's 'next page' p95 at most this many times the plain-table floor's, in the same run. */
const FLOOR_RATIO_BUDGET = 1.5;
const CLICKS = 40;
const WARMUP = 3;

/** Installed in every page (addInitScript) before the page's own scripts (the events part uses it too). */
export const IN_PAGE = `
window.__bench = {
  afterPaint() { return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(performance.now())))); },
  rowIds(root) { return [...root.querySelectorAll('[role="row"][data-id]')].map((r) => r.getAttribute('data-id')).join(','); },
  waitFor(root, pred, timeout) {
    return new Promise((resolve, reject) => {
      if (pred()) return resolve(performance.now());
      const t = setTimeout(() => { mo.disconnect(); reject(new Error('no DOM change within ' + timeout + ' ms')); }, timeout);
      const mo = new MutationObserver(() => { if (pred()) { const now = performance.now(); mo.disconnect(); clearTimeout(t); resolve(now); } });
      mo.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    });
  },
  async change(root, trigger, pred, timeout = 10000) {
    // The trigger runs in a task of its own, as a user's click does: called from the frame callback that
    // afterPaint() waited for, a change made at once (the list's prefetched page) would be painted in
    // that very frame and then measured two frames later, one more than a change made in a task.
    await new Promise((r) => setTimeout(r, 0));
    const t0 = performance.now();
    const seen = this.waitFor(root, pred, timeout);
    trigger();
    const tDom = await seen;
    const tPaint = await this.afterPaint();
    return { dom: tDom - t0, paint: tPaint - t0 };
  },
  host(tag) { const el = document.querySelector(tag); if (!el || !el.shadowRoot) throw new Error('no <' + tag + '> with a shadow root'); return el.shadowRoot; },
  async connect(tag, attrs, timeout = 30000) {
    document.querySelectorAll(tag).forEach((e) => e.remove());
    await this.afterPaint();
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    const t0 = performance.now();
    document.body.append(el);
    while (!el.shadowRoot) {
      await new Promise((r) => setTimeout(r, 1));
      if (performance.now() - t0 > timeout) throw new Error('<' + tag + '> was not upgraded within ' + timeout + ' ms');
    }
    const tUpgraded = performance.now();
    const tDom = await this.waitFor(el.shadowRoot, () => el.shadowRoot.querySelector('[role="row"][data-id]'), timeout);
    const tPaint = await this.afterPaint();
    return { upgraded: tUpgraded - t0, dom: tDom - t0, paint: tPaint - t0 };
  },
  async nextPage(root, timeout = 10000) {
    const btn = root.querySelector('button[aria-label="Go to next page"]');
    if (!btn) throw new Error('no "Go to next page" button');
    if (btn.disabled) return null;
    const before = this.rowIds(root);
    return this.change(root, () => btn.click(), () => { const ids = this.rowIds(root); return ids !== '' && ids !== before; }, timeout);
  },
  async toggleActive(root, timeout = 10000) {
    const row = root.querySelector('[role="row"][data-id]');
    const cell = row && row.querySelector('[data-field="isActive"]');
    const toggle = cell && cell.querySelector('input[role="switch"]');
    if (!toggle) throw new Error('no Active switch in the first row');
    const id = row.getAttribute('data-id');
    const before = toggle.checked;
    const current = () => root.querySelector('[role="row"][data-id="' + id + '"] [data-field="isActive"] input[role="switch"]');
    return this.change(root, () => toggle.click(), () => { const c = current(); return !!c && c.checked !== before; }, timeout);
  },
};
`;

/** A page with only the kit's entry: the bench adds the element it measures. */
export const BLANK =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title></head><body style="margin:0"><script type="module" src="/kit/vp-admin-kit.js"></script><script type="module">window.__kitReady = true;</script></body></html>';

/** Percentiles of timings as every browser row writes them (and when the DOM changed, if measured). */
export function describe(s, dom) {
  return `p50 ${fmtMs(s.p50)} / p95 ${fmtMs(s.p95)} ms (n=${s.n}, max ${fmtMs(s.max)})${dom ? `; DOM changed at p50 ${fmtMs(dom.p50)} / p95 ${fmtMs(dom.p95)}` : ''}`;
}

/** Builds the kit when dist/kit is missing (or when asked). */
export function ensureKitBuilt(force = false) {
  if (existsSync(join(ROOT, 'dist/kit/vp-admin-kit.js')) && !force) return;
  const b = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit', timeout: 600_000 });
  if (b.status !== 0) throw new Error('npm run build failed');
}

async function buildFloor(outDir) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [join(import.meta.dirname, 'floor-table.jsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: join(outDir, 'floor.js'),
    logLevel: 'silent',
  });
  return readFileSync(join(outDir, 'floor.js'));
}

export async function run(options = {}) {
  const rows = [];
  const notes = [];
  const notMeasured = (name, budget, reason) => rows.push(notMeasuredRow(name, reason, budget));
  ensureKitBuilt(options.build);
  notes.push(
    `Kit: dist/kit built ${statSync(join(ROOT, 'dist/kit/vp-admin-kit.js')).mtime.toISOString()}. Server: reference server, VP_DEMO=1 (demo seed), temp data dir, signed in as demo via POST /api/auth/login, key in localStorage.apiKey. Each time: trigger at performance.now() → MutationObserver on the shadow root sees the change → two requestAnimationFrame callbacks (the frame with the change was produced). Clicks are dispatched in the page (element.click()), so Playwright's own latency is not counted. Viewport 1280×900, software rendering (--disable-gpu).`,
  );
  const dataDir = tempDir('vp-bench-browser-');
  const { chromium } = await import('playwright-core');
  let server, browser, floorPage;
  const floorTimes = [],
    floorDoms = [];
  try {
    server = await startServer({ dataDir, demo: true });
    const apiKey = await signInByApi(server.url, 'demo', 'demo-password');
    const floorJs = await buildFloor(dataDir);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(30_000);
    await context.addInitScript(
      ({ key, code }) => {
        localStorage.setItem('apiKey', key);
        (0, eval)(code);
      },
      { key: apiKey, code: IN_PAGE },
    );
    let listQuery = null;
    await context.route(`${server.url}/bench/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/bench/blank.html') return route.fulfill({ contentType: 'text/html', body: BLANK });
      if (path === '/bench/floor.js') return route.fulfill({ contentType: 'text/javascript', body: floorJs });
      if (path === '/bench/floor.html')
        return route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head><body><div id="root"></div><script>window.BENCH_QUERY = ${JSON.stringify(listQuery ?? { limit: '10', sort_by: 'created_at', order: 'desc' })};</script><script type="module" src="/bench/floor.js"></script></body></html>`,
        });
      return route.fulfill({ status: 404, body: 'not found' });
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const scripts = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/kit/')) scripts.push(u.pathname);
      if (u.pathname === '/api/files/' && !listQuery) listQuery = Object.fromEntries([...u.searchParams].filter(([k]) => k !== 'page'));
    });

    // (a) connected → first rows painted: cold (the element's chunks load), then warm.
    await page.goto(`${server.url}/bench/blank.html`);
    await page.waitForFunction(() => window.__kitReady === true);
    let listReady = false;
    try {
      const before = scripts.length;
      const cold = await page.evaluate(() => window.__bench.connect('vp-file-list', { 'url-state': 'memory' }));
      const loaded = scripts.slice(before).filter((p) => p.endsWith('.js'));
      const gz = loaded.reduce((a, p) => {
        const f = join(ROOT, 'dist', p);
        return a + (existsSync(f) ? gzipSync(readFileSync(f), { level: 9 }).length : 0);
      }, 0);
      rows.push({
        name: '<vp-file-list> connected → first rows painted (cold: loads its chunks)',
        figure: `${fmtMs(cold.paint)} ms (upgraded at ${fmtMs(cold.upgraded)}, rows in DOM at ${fmtMs(cold.dom)})`,
        budget: '–',
        status: '–',
        note: `fetched ${loaded.length} kit files, ${fmtKB(gz)} gz: ${loaded.map((p) => basename(p)).join(', ')}`,
      });
      const warm = [];
      for (let i = 0; i < 6; i++)
        warm.push((await page.evaluate(() => window.__bench.connect('vp-file-list', { 'url-state': 'memory' }))).paint);
      rows.push({
        name: '<vp-file-list> connected → first rows painted (warm: chunks cached)',
        figure: describe(stats(warm.slice(1))),
        budget: '–',
        status: '–',
        note: 'a new element each time (first of 6 dropped)',
      });
      listReady = true;
    } catch (err) {
      notMeasured('<vp-file-list> connected → first rows painted', '–', `not measured: ${err.message}`);
    }

    // (b) next page → new rows painted, alternating with the floor's page change in its own tab.
    let listNext = null;
    if (listReady) {
      try {
        floorPage = await context.newPage();
        floorPage.on('pageerror', (e) => errors.push(e.message));
        await floorPage.goto(`${server.url}/bench/floor.html`);
        await floorPage.waitForSelector('tbody tr[data-id]');
        const times = [],
          doms = [];
        for (let i = 0; i < CLICKS + WARMUP; i++) {
          // Only the tab in front paints at frame rate: bring each forward and let it paint before its click.
          await page.bringToFront();
          const r = await page.evaluate(() =>
            window.__bench.afterPaint().then(() => window.__bench.nextPage(window.__bench.host('vp-file-list'))),
          );
          await floorPage.bringToFront();
          const f = await floorPage.evaluate(() =>
            window.__bench.afterPaint().then(() => window.__bench.nextPage(document.getElementById('root'))),
          );
          if (!r || !f) break;
          if (i >= WARMUP) {
            times.push(r.paint);
            doms.push(r.dom);
            floorTimes.push(f.paint);
            floorDoms.push(f.dom);
          }
        }
        if (times.length < 30) throw new Error(`only ${times.length} pages to click through`);
        listNext = stats(times);
        rows.push({
          name: "<vp-file-list> 'next page' click → new rows painted",
          figure: describe(listNext, stats(doms)),
          budget: `p95 ≤ ${NEXT_BUDGET} ms`,
          status: listNext.p95 <= NEXT_BUDGET ? 'PASS' : 'FAIL',
          note: `${WARMUP} warm-up clicks dropped; includes the API round trip; query ${JSON.stringify(listQuery)}`,
        });
      } catch (err) {
        notMeasured("<vp-file-list> 'next page' click → new rows painted", `p95 ≤ ${NEXT_BUDGET} ms`, `not measured: ${err.message}`);
      }
      // (c) Active switch → switch updated (pairs, so the data ends as it began).
      try {
        await page.bringToFront();
        const times = [],
          doms = [];
        for (let i = 0; i < 10; i++) {
          const r = await page.evaluate(() => window.__bench.toggleActive(window.__bench.host('vp-file-list')));
          times.push(r.paint);
          doms.push(r.dom);
        }
        rows.push({
          name: '<vp-file-list> Active switch click → switch updated',
          figure: describe(stats(times), stats(doms)),
          budget: '– (none in docs/budgets.md)',
          status: '–',
          note: 'includes the PATCH round trip; 10 toggles of the first row',
        });
      } catch (err) {
        notMeasured('<vp-file-list> Active switch click → switch updated', '–', `not measured: ${err.message}`);
      }
    } else {
      notMeasured(
        "<vp-file-list> 'next page' click → new rows painted",
        `p95 ≤ ${NEXT_BUDGET} ms`,
        'not measured: the list did not render rows (see the row above)',
      );
      notMeasured('<vp-file-list> Active switch click → switch updated', '–', 'not measured: the list did not render rows');
    }

    // The floor: a plain React <table>, same query, same API, same measurement, measured in turn with the list above.
    try {
      if (floorTimes.length < 30) throw new Error(`only ${floorTimes.length} floor page changes (the list's were not measured)`);
      const floor = stats(floorTimes);
      rows.push({
        name: "floor: plain React <table>, 'next page' → new rows painted",
        figure: describe(floor, stats(floorDoms)),
        budget: '–',
        status: '–',
        note: `react-dom ${JSON.parse(readFileSync(join(ROOT, 'node_modules/react-dom/package.json'), 'utf8')).version}, same API query and rows, its clicks alternate with the list's (own tab)`,
      });
      rows.push(
        listNext
          ? {
              name: 'list ÷ floor (page change)',
              figure: `p50 ${(listNext.p50 / floor.p50).toFixed(1)}× / p95 ${(listNext.p95 / floor.p95).toFixed(1)}×`,
              budget: `p95 ≤ ${FLOOR_RATIO_BUDGET}×`,
              status: listNext.p95 / floor.p95 <= FLOOR_RATIO_BUDGET ? 'PASS' : 'FAIL',
              note: 'how far the DataGrid list is from the React floor, in the same run',
            }
          : {
              name: 'list ÷ floor (page change)',
              figure: '–',
              budget: `p95 ≤ ${FLOOR_RATIO_BUDGET}×`,
              status: 'not measured',
              note: 'not measured: no list figure',
            },
      );
    } catch (err) {
      notMeasured("floor: plain React <table>, 'next page' → new rows painted", '–', `not measured: ${err.message}`);
    }
    if (errors.length) notes.push(`Page errors: ${[...new Set(errors)].slice(0, 5).join(' | ')}`);
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop();
    removeDir(dataDir);
  }
  return { rows, notes };
}
