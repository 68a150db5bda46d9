// Part 3: in headless Chromium, the built kit served by the real server (demo seed, temp data dir):
// (a) <vp-file-list> connected → first rows painted, (b) 'next page' click → new rows painted,
// (c) Active switch → switch updated, (d) 'next page' at the largest page size, ten pages back to back;
// and the floor: a plain React <table> paging the same rows, with a plain checkbox as its Active switch.
// Times are taken in the page: performance.now() at the trigger, a MutationObserver on the shadow root
// (or the table) sees the DOM change, then two requestAnimationFrame callbacks = the frame was painted.
// The list's and the floor's clicks alternate (each in its own tab), so both see the same load on a
// shared machine and their ratio compares like with like.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { signInByApi } from '../../test/support/sign-in.mjs';
import {
  CHROMIUM,
  PLAYWRIGHT_CHROMIUM_ARGS,
  ROOT,
  fmtMs,
  fmtKB,
  notMeasuredRow,
  removeDir,
  startServer,
  stats,
  tempDir,
} from './common.mjs';

const NEXT_BUDGET = 100;
/** The list's page change and Active switch at most this many times the plain-table floor's, p50 and p95, in the same run (issue 44). */
const FLOOR_RATIO_BUDGET = 1.25;
const CLICKS = 40;
const WARMUP = 3;
/** Active toggles each side, after TOGGLE_WARMUP dropped (the list's first toast loads its chunk); both even, so the data ends as it began. */
const TOGGLES = 20;
const TOGGLE_WARMUP = 2;
/**
 * The scale case: the largest page size the list offers, ten pages back to back. Issue 44 asked for
 * limit=100 (1,000 rows); the list's page sizes are the spec's 10–30 (docs/spec.md §2), so a page of 100
 * is not one the list can show.
 */
const LARGE_LIMIT = 30;
const LARGE_PAGES = 10;

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
    // that very frame and then measured two frames later, one more than a change made in a task (decision D74).
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
  async toggleActive(root, last = false, timeout = 10000) {
    const rows = root.querySelectorAll('[role="row"][data-id]');
    const row = last ? rows[rows.length - 1] : rows[0];
    const cell = row && row.querySelector('[data-field="isActive"]');
    const toggle = cell && cell.querySelector('input[role="switch"]');
    if (!toggle) throw new Error('no Active switch in the ' + (last ? 'last' : 'first') + ' row');
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

/**
 * `count` + `warmup` measures, the list's (`inList`, run in its tab) and the floor's (`inFloor`) in turns;
 * the first `warmup` of each dropped. Stops early when a side answers null (it ran out of pages).
 */
async function inTurns(page, floorPage, count, warmup, inList, inFloor) {
  const list = { paint: [], dom: [] };
  const floor = { paint: [], dom: [] };
  for (let i = 0; i < count + warmup; i++) {
    // Only the tab in front paints at frame rate: bring each forward and let it paint before its click.
    await page.bringToFront();
    const r = await page.evaluate(inList);
    await floorPage.bringToFront();
    const f = await floorPage.evaluate(inFloor);
    if (!r || !f) break;
    if (i < warmup) continue;
    list.paint.push(r.paint);
    list.dom.push(r.dom);
    floor.paint.push(f.paint);
    floor.dom.push(f.dom);
  }
  return { list, floor };
}

/** Page changes, the list's and the floor's in turns. */
const pageChangesInTurns = (page, floorPage, count, warmup) =>
  inTurns(
    page,
    floorPage,
    count,
    warmup,
    () => window.__bench.afterPaint().then(() => window.__bench.nextPage(window.__bench.host('vp-file-list'))),
    () => window.__bench.afterPaint().then(() => window.__bench.nextPage(document.getElementById('root'))),
  );

/** Active toggles, the list's first row and the floor's last row in turns (never the same file). */
const togglesInTurns = (page, floorPage, count, warmup) =>
  inTurns(
    page,
    floorPage,
    count,
    warmup,
    () => window.__bench.afterPaint().then(() => window.__bench.toggleActive(window.__bench.host('vp-file-list'))),
    () => window.__bench.afterPaint().then(() => window.__bench.toggleActive(document.getElementById('root'), true)),
  );

/** The list ÷ floor row: p50 and p95 each within the budget. */
function ratioRow(name, list, floor, note) {
  const p50 = list.p50 / floor.p50;
  const p95 = list.p95 / floor.p95;
  return {
    name,
    figure: `p50 ${p50.toFixed(2)}× / p95 ${p95.toFixed(2)}×`,
    budget: `p50 and p95 ≤ ${FLOOR_RATIO_BUDGET}×`,
    status: p50 <= FLOOR_RATIO_BUDGET && p95 <= FLOOR_RATIO_BUDGET ? 'PASS' : 'FAIL',
    note,
  };
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
  try {
    server = await startServer({ dataDir, demo: true });
    const apiKey = await signInByApi(server.url, 'demo', 'demo-password');
    const floorJs = await buildFloor(dataDir);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: PLAYWRIGHT_CHROMIUM_ARGS, timeout: 60_000 });
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
      if (path === '/bench/floor.html') {
        // The list's own query (read from its first request), with what the floor's address adds (a page size).
        const query = {
          ...(listQuery ?? { limit: '10', sort_by: 'created_at', order: 'desc' }),
          ...Object.fromEntries(new URL(route.request().url()).searchParams),
        };
        return route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head><body><div id="root"></div><script>window.BENCH_QUERY = ${JSON.stringify(query)};</script><script type="module" src="/bench/floor.js"></script></body></html>`,
        });
      }
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
    const floorNote = `react-dom ${JSON.parse(readFileSync(join(ROOT, 'node_modules/react-dom/package.json'), 'utf8')).version}, same API query and rows, its clicks alternate with the list's (own tab)`;
    if (listReady) {
      floorPage = await context.newPage();
      floorPage.on('pageerror', (e) => errors.push(e.message));
      await floorPage.goto(`${server.url}/bench/floor.html`);
      await floorPage.waitForSelector('tbody tr[data-id]');
      try {
        const changes = await pageChangesInTurns(page, floorPage, CLICKS, WARMUP);
        if (changes.list.paint.length < 30) throw new Error(`only ${changes.list.paint.length} pages to click through`);
        const list = stats(changes.list.paint);
        const floor = stats(changes.floor.paint);
        rows.push({
          name: "<vp-file-list> 'next page' click → new rows painted",
          figure: describe(list, stats(changes.list.dom)),
          budget: `p95 ≤ ${NEXT_BUDGET} ms`,
          status: list.p95 <= NEXT_BUDGET ? 'PASS' : 'FAIL',
          note: `${WARMUP} warm-up clicks dropped; the list fetches the next page ahead, the floor asks for it on the click; query ${JSON.stringify(listQuery)}`,
        });
        rows.push({
          name: "floor: plain React <table>, 'next page' → new rows painted",
          figure: describe(floor, stats(changes.floor.dom)),
          budget: '–',
          status: '–',
          note: floorNote,
        });
        rows.push(
          ratioRow('list ÷ floor (page change)', list, floor, 'how far the DataGrid list is from the React floor, in the same run'),
        );
      } catch (err) {
        notMeasured("<vp-file-list> 'next page' click → new rows painted", `p95 ≤ ${NEXT_BUDGET} ms`, `not measured: ${err.message}`);
      }

      try {
        // (c) Active switch → switch updated, the list's and the floor's in turns. After the page changes:
        // paging after a few toggles sometimes leaves the list on the page before (a bug of the list's
        // own, found by this bench: its click waits 10 s for rows that never come).
        const toggles = await togglesInTurns(page, floorPage, TOGGLES, TOGGLE_WARMUP);
        const list = stats(toggles.list.paint);
        const floor = stats(toggles.floor.paint);
        rows.push({
          name: '<vp-file-list> Active switch click → switch updated',
          figure: describe(list, stats(toggles.list.dom)),
          budget: '– (the ratio below)',
          status: '–',
          note: `includes the PUT round trip and the toast; ${TOGGLES} toggles of the first row after ${TOGGLE_WARMUP} dropped`,
        });
        rows.push({
          name: "floor: plain React <table>, a row's Active checkbox → checkbox updated",
          figure: describe(floor, stats(toggles.floor.dom)),
          budget: '–',
          status: '–',
          note: `${floorNote}; PUT, then the row as the reply has it; its last row (another file than the list's)`,
        });
        rows.push(ratioRow('list ÷ floor (Active switch)', list, floor, "the list's switch against a plain checkbox, in the same run"));
      } catch (err) {
        notMeasured('<vp-file-list> Active switch click → switch updated', '–', `not measured: ${err.message}`);
      }
      // (d) the largest page size, ten pages back to back: a new list and floor at that size.
      const large = `${LARGE_LIMIT} rows a page, ${LARGE_PAGES} pages back to back`;
      try {
        await page.bringToFront();
        await page.goto(`${server.url}/bench/blank.html?limit=${LARGE_LIMIT}`);
        await page.waitForFunction(() => window.__kitReady === true);
        await page.evaluate(() => window.__bench.connect('vp-file-list', { 'url-state': 'query' }));
        await floorPage.goto(`${server.url}/bench/floor.html?limit=${LARGE_LIMIT}`);
        await floorPage.waitForSelector('tbody tr[data-id]');
        const shown = await page.evaluate(() => window.__bench.host('vp-file-list').querySelectorAll('[role="row"][data-id]').length);
        if (shown !== LARGE_LIMIT) throw new Error(`the list shows ${shown} rows, not ${LARGE_LIMIT}`);
        // Elements in a row, the row included: what each side creates, styles and lays out per row.
        const rowSizeIn = (root) => root.querySelectorAll('[role="row"][data-id]')[0].querySelectorAll('*').length + 1;
        const rowSize = {
          list: await page.evaluate(`(${rowSizeIn})(window.__bench.host('vp-file-list'))`),
          floor: await floorPage.evaluate(`(${rowSizeIn})(document.getElementById('root'))`),
        };
        const changes = await pageChangesInTurns(page, floorPage, LARGE_PAGES, 1);
        if (changes.list.paint.length < LARGE_PAGES) throw new Error(`only ${changes.list.paint.length} pages to click through`);
        const list = stats(changes.list.paint);
        const floor = stats(changes.floor.paint);
        rows.push({
          name: `<vp-file-list> 'next page' click → new rows painted, ${large}`,
          figure: describe(list, stats(changes.list.dom)),
          budget: '– (the ratio below)',
          status: '–',
          note: `${LARGE_LIMIT * LARGE_PAGES} rows in all, 1 warm-up click dropped; the list's largest page size (the spec's 10–30; issue 44 asked for 100)`,
        });
        rows.push({
          name: `floor: plain React <table>, 'next page' → new rows painted, ${large}`,
          figure: describe(floor, stats(changes.floor.dom)),
          budget: '–',
          status: '–',
          note: floorNote,
        });
        rows.push(
          ratioRow(
            `list ÷ floor (page change, ${large})`,
            list,
            floor,
            `so a cost that grows with the rows shows. Not the same cells: a row of the floor is ${rowSize.floor} elements (7 text cells and a checkbox), of the list ${rowSize.list} (the DataGrid's row and 10 cells: selection checkbox, status badge, player link, switch, icon buttons); and here the list keeps its state in the address (url-state query, for the page size), so its page changes also run history.pushState. Taken apart in decision D87: the DataGrid with plain-text cells alone is at 1.19–1.27×`,
          ),
        );
      } catch (err) {
        notMeasured(`<vp-file-list> 'next page' click → new rows painted, ${large}`, '–', `not measured: ${err.message}`);
      }
    } else {
      notMeasured(
        "<vp-file-list> 'next page' click → new rows painted",
        `p95 ≤ ${NEXT_BUDGET} ms`,
        'not measured: the list did not render rows (see the row above)',
      );
      notMeasured('<vp-file-list> Active switch click → switch updated', '–', 'not measured: the list did not render rows');
    }
    if (errors.length) notes.push(`Page errors: ${[...new Set(errors)].slice(0, 5).join(' | ')}`);
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop();
    removeDir(dataDir);
  }
  return { rows, notes };
}
