// Part 1: gzip bytes of what a page that uses one element loads, from the real import graph of dist/kit.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, fmtKB } from './common.mjs';
import { newestMtime } from '../newest-mtime.mjs';

const DIST = join(ROOT, 'dist/kit');
const ENTRY = join(DIST, 'vp-admin-kit.js');
const KB = 1024;
/** Dynamic imports whose chunk name says they load on a user action (a dialog opened, a file chosen,
 *  a subtitle checked, the first toast after a save or a failure, the list's bulk job bar after "Select all …
 *  matching", the editor's Audience card opened, its Activity shown) or on a condition (stylis-rtl: only
 *  an element with dir="rtl"; locale-*: only an element in that language), not on the element's first render:
 *  listed, not counted in the initial load. */
const ON_ACTION =
  /subtitle|dialog|upload|check|confirm|delete|menu|toast|import-|export-|bulk-job|stylis-rtl|locale-|audience-panel|activity-log/i;
/** Dynamic imports a screen makes once its rows are painted (the live file event stream): what the first
 *  render needs does not wait for them; listed apart, not counted in the initial load. */
const AFTER_PAINT = /^file-events-/;
const notCounted = (file) => ON_ACTION.test(basename(file)) || AFTER_PAINT.test(basename(file));
/** The panel's signed-in area (shell and routes): its lazy import sits in kit-core with the panel's routes, which
 *  the other elements load too, but only a signed-in <vp-admin-panel> runs it (counted as the panel's shell). */
const PANEL_ONLY = /^signed-in-area-/;
/** Text that is only in @mui/x-data-grid's code. */
// A DataGrid state key: found only in the grid's code (a theme key naming the grid is not its code).
const DATAGRID_MARK = /columnHeaders/;

const STATIC_RE = /(?:\bfrom|\bimport)\s*["'](\.\.?\/[^"']+)["']/g;
const DYNAMIC_RE = /\bimport\s*\(\s*[`"'](\.\.?\/[^`"'$]+)[`"']\s*\)/g;

const cache = new Map();
function mod(file) {
  let m = cache.get(file);
  if (!m) {
    const code = readFileSync(file);
    const text = code.toString('utf8');
    const rel = (s) => resolve(dirname(file), s);
    m = {
      file,
      raw: code.length,
      gz: gzipSync(code, { level: 9 }).length,
      grid: DATAGRID_MARK.test(text),
      statics: [...new Set([...text.matchAll(STATIC_RE)].map((x) => rel(x[1])))],
      dynamics: [...new Set([...text.matchAll(DYNAMIC_RE)].map((x) => rel(x[1])))],
    };
    cache.set(file, m);
  }
  return m;
}

/** Static closure of some roots. */
function closure(roots, into = new Set()) {
  const stack = [...roots];
  while (stack.length) {
    const f = stack.pop();
    if (into.has(f)) continue;
    if (!existsSync(f)) throw new Error(`import graph: ${relative(ROOT, f)} is imported but missing (stale dist? run npm run build)`);
    into.add(f);
    stack.push(...mod(f).statics);
  }
  return into;
}

const sum = (set) => [...set].reduce((a, f) => ({ gz: a.gz + mod(f).gz, raw: a.raw + mod(f).raw }), { gz: 0, raw: 0 });
const name = (f) =>
  basename(f)
    .replace(/-[\w-]{8}\.js$/, '')
    .replace(/\.js$/, '');
const minus = (a, b) => new Set([...a].filter((f) => !b.has(f)));
const hasGrid = (set) => [...set].some((f) => mod(f).grid);

/** Initial load of an element: entry + its chunk + static deps, plus dynamic imports made on first render
 *  (all dynamic imports not matching ON_ACTION nor `ignored`, unless `countDynamic` is false), to a fixpoint.
 *  The dynamic imports of `shown` (chunks already on the page: the panel's shell under a route) are
 *  theirs, not the route's: a route that imports a text from the shell does not load the shell's other routes. */
function elementLoad(elementChunk, countDynamic, ignored = null, shown = new Set()) {
  const loaded = closure([ENTRY, elementChunk]);
  const entryDynamics = new Set(mod(ENTRY).dynamics);
  const deferred = new Map();
  for (let changed = true; changed;) {
    changed = false;
    for (const f of [...loaded]) {
      if (f === ENTRY || shown.has(f)) continue;
      for (const d of mod(f).dynamics) {
        if (loaded.has(d) || entryDynamics.has(d) || ignored?.test(basename(d))) continue;
        if (countDynamic && !notCounted(d)) {
          closure([d], loaded);
          changed = true;
        } else deferred.set(d, f);
      }
    }
  }
  return { loaded, deferred };
}

export async function run(options = {}) {
  const notes = [];
  if (options.build || !existsSync(ENTRY)) {
    console.log('Building the kit (npm run build) …');
    const b = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit', timeout: 600_000 });
    if (b.status !== 0) throw new Error(`npm run build failed (${b.status ?? b.signal})`);
  } else if (statSync(ENTRY).mtimeMs < newestMtime(join(ROOT, 'src'))) {
    notes.push(
      `dist/kit (built ${statSync(ENTRY).mtime.toISOString()}) is older than src/: the figures are of that build; \`npm run bench -- size --build\` rebuilds first.`,
    );
  }
  // A page with the script and no element loads the entry and what it imports statically: nothing else
  // until an element connects (the elements' chunks are dynamic imports).
  const entryLoad = closure([ENTRY]);
  const entry = sum(entryLoad);
  const entryImports = minus(entryLoad, new Set([ENTRY]));
  const rows = [
    {
      name: 'a page with the script and no element (the entry and its static imports)',
      figure: `${fmtKB(entry.gz)} (${entryLoad.size} file${entryLoad.size > 1 ? 's' : ''}, ${fmtKB(entry.raw)} min)`,
      budget: '≤ 10 KB',
      status: entry.gz <= 10 * KB ? 'PASS' : 'FAIL',
      note: entryImports.size ? `the entry statically imports: ${[...entryImports].map(name).join(', ')}` : 'the entry alone',
    },
  ];
  // The entry's loader of each tag: `"vp-file-list":()=>(__vpPreload([…]),import(`./chunks/vp-file-list-….js`))`
  // (the panel's element module is in kit-core, which its sign-in page needs whole).
  const chunkOf = (tag) => {
    const loader = new RegExp(
      `["']?${tag}["']?\\s*:\\s*\\(\\)\\s*=>\\s*\\(?(?:__vpPreload\\([^)]*\\),)?import\\(\\s*[\`"'](\\.\\.?/[^\`"'$]+)[\`"']`,
    ).exec(readFileSync(ENTRY, 'utf8'));
    if (!loader) throw new Error(`the entry has no dynamic import of the ${tag} element`);
    return resolve(dirname(ENTRY), loader[1]);
  };
  const detail = (set) =>
    [...set]
      .map((f) => ({ f, gz: mod(f).gz }))
      .sort((a, b) => b.gz - a.gz)
      .map(({ f, gz }) => `${name(f)} ${fmtKB(gz)}`)
      .join(', ');
  const deferredNote = (deferred, loaded) => {
    const listed = (files) => files.map((d) => `${name(d)} +${fmtKB(sum(minus(closure([d]), loaded)).gz)}`).join(', ');
    const afterPaint = [...deferred.keys()].filter((d) => AFTER_PAINT.test(basename(d)));
    const onAction = [...deferred.keys()].filter((d) => !AFTER_PAINT.test(basename(d)));
    return (
      (onAction.length ? `; on user action, not counted: ${listed(onAction)}` : '') +
      (afterPaint.length ? `; after first paint, not counted: ${listed(afterPaint)}` : '')
    );
  };

  // <vp-file-editor>: budget 200 KB, and it must not load DataGrid.
  {
    const { loaded, deferred } = elementLoad(chunkOf('vp-file-editor'), true, PANEL_ONLY);
    const s = sum(loaded);
    rows.push({
      name: 'everything <vp-file-editor> loads',
      figure: `${fmtKB(s.gz)} (${loaded.size} files, ${fmtKB(s.raw)} min)`,
      budget: '≤ 200 KB',
      status: s.gz <= 200 * KB ? 'PASS' : 'FAIL',
      note: `files: ${detail(loaded)}${deferredNote(deferred, loaded)}`,
    });
    // The Audience card (issue 41): its chart and figures load when it is opened, nothing before.
    const audience = [...deferred.keys()].find((d) => /^audience-panel-/.test(basename(d)));
    const added = audience ? minus(elementLoad(audience, true, PANEL_ONLY, loaded).loaded, loaded) : null;
    const opened = added && sum(added);
    rows.push({
      name: "<vp-file-editor>'s Audience card: loaded on open",
      figure: opened ? `+${fmtKB(opened.gz)} (${fmtKB(opened.raw)} min)` : 'no Audience chunk found',
      budget: '≤ 40 KB, nothing before',
      status: opened && opened.gz <= 40 * KB ? 'PASS' : 'FAIL',
      note: added ? `added on open: ${detail(added)}` : 'the card is missing or loads with the editor',
    });
    rows.push({
      name: '<vp-file-editor> loads no DataGrid code',
      figure: hasGrid(loaded) ? 'DataGrid code is loaded' : 'none',
      budget: 'none (docs/budgets.md)',
      status: hasGrid(loaded) ? 'FAIL' : 'PASS',
      note: '',
    });
  }
  // <vp-file-list>: budget 330 KB, DataGrid included.
  {
    const { loaded, deferred } = elementLoad(chunkOf('vp-file-list'), true, PANEL_ONLY);
    const s = sum(loaded);
    rows.push({
      name: 'everything <vp-file-list> loads (DataGrid included)',
      figure: `${fmtKB(s.gz)} (${loaded.size} files, ${fmtKB(s.raw)} min)`,
      budget: '≤ 330 KB',
      status: s.gz <= 330 * KB ? 'PASS' : 'FAIL',
      note: `${hasGrid(loaded) ? '' : 'WARNING: no DataGrid code found in this load (list not built yet?); '}files: ${detail(loaded)}${deferredNote(deferred, loaded)}`,
    });
  }
  // <vp-admin-panel>: the sign-in page alone; then the signed-in shell (layout, dashboard); each route's chunk separately.
  {
    const { loaded, deferred } = elementLoad(chunkOf('vp-admin-panel'), false);
    const s = sum(loaded);
    rows.push({
      name: '<vp-admin-panel> sign-in page (no shell, no route)',
      figure: `${fmtKB(s.gz)} (${loaded.size} files)`,
      budget: '–',
      status: '–',
      note: `files: ${detail(loaded)}`,
    });
    const area = [...deferred.keys()].find((d) => /signed-in-area/.test(basename(d)));
    const shell = area ? elementLoad(area, false) : { loaded: new Set(), deferred: new Map() };
    const withShell = new Set([...loaded, ...shell.loaded]);
    if (area) {
      const a = sum(minus(withShell, loaded));
      rows.push({
        name: '<vp-admin-panel> + signed-in shell (layout, dashboard)',
        figure: `+${fmtKB(a.gz)} → ${fmtKB(s.gz + a.gz)} total`,
        budget: '–',
        status: '–',
        note: `added: ${detail(minus(withShell, loaded))}`,
      });
    }
    const base = sum(withShell);
    for (const d of new Set([...deferred.keys(), ...shell.deferred.keys()])) {
      if (d === area || withShell.has(d)) continue;
      const { loaded: withRoute } = elementLoad(d, true, PANEL_ONLY, withShell);
      const added = minus(withRoute, withShell);
      const a = sum(added);
      const label = /files-route/.test(d)
        ? '/files route (the list)'
        : /file-editor-route/.test(d)
          ? '/files/:id route (the editor)'
          : name(d);
      rows.push({
        name: `<vp-admin-panel> + ${label}`,
        figure: `+${fmtKB(a.gz)} → ${fmtKB(base.gz + a.gz)} total`,
        budget: '–',
        status: '–',
        note: `added: ${detail(added)}${hasGrid(added) ? '' : /files-route/.test(d) ? '; WARNING: no DataGrid code in this route' : ''}`,
      });
    }
  }
  notes.push(
    "Counted: the entry, the element's chunk, their static imports, and the dynamic imports made on first render (every dynamic import whose chunk name does not match " +
      ON_ACTION +
      ' nor ' +
      AFTER_PAINT +
      ", applied to a fixpoint). Dynamic imports matching the first load on a user action, those matching the second once the screen is painted (the live event stream); both are listed, not counted. The panel counts its sign-in page, then what the signed-in shell adds; each route chunk (or on-action chunk) is listed with what it adds to the shell. The entry's imports of the other elements are never counted, nor the panel's signed-in area for the other elements (its import sits in kit-core, only the panel runs it).",
  );
  return { rows, notes };
}
