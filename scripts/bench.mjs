#!/usr/bin/env node
// `npm run bench [-- size|api|browser|cues|mobile|subtitles|events|storage|access|analytics|poster|webhooks|schedules ...]`: measures the kit against the budgets of docs/budgets.md,
// prints a table per part and rewrites BENCHMARKS.md. Each part can run alone: the results of every
// part live in BENCHMARKS.json (committed, so a fresh clone keeps the other parts' figures) and
// BENCHMARKS.md is regenerated from it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { ROOT, machine, notMeasuredRow } from './bench/common.mjs';
import { renderMarkdown, printPart } from './bench/report.mjs';

const PARTS = [
  'size',
  'api',
  'browser',
  'cues',
  'mobile',
  'subtitles',
  'pipeline',
  'events',
  'storage',
  'access',
  'analytics',
  'poster',
  'webhooks',
  'schedules',
];
const args = process.argv.slice(2);
const options = Object.fromEntries(
  args
    .filter((a) => a.startsWith('--'))
    .map((a) => {
      const [k, v] = a.slice(2).split('=');
      return [k, v ?? true];
    }),
);
const asked = args.filter((a) => !a.startsWith('--'));
for (const p of asked)
  if (!PARTS.includes(p)) {
    console.error(
      `unknown part "${p}"; parts: ${PARTS.join(', ')}; options: --samples=N --build --lhr=DIR (mobile: keep each Lighthouse report) --port=N (mobile: the server's port, Chromium's debugging ports N+1..N+4) --seconds=N (events, webhooks) --engine=SQLite|PostgreSQL --repaint-only (events) --bulk-files=N (api: the bulk job account) --bulk-only (api: the bulk job alone)`,
    );
    process.exit(2);
  }
const parts = asked.length ? asked : PARTS;
// These options measure only some rows of a part: their run is printed, never written, so that a part's
// rows in BENCHMARKS.md always come from one run of the whole part (one date, one machine, one load).
const PARTIAL = ['engine', 'bulk-only', 'repaint-only'].filter((o) => options[o]);

const resultsFile = join(ROOT, 'BENCHMARKS.json');
const readResults = () => {
  try {
    return JSON.parse(readFileSync(resultsFile, 'utf8'));
  } catch {
    return {};
  }
};
let results = readResults();

const info = machine();
const command = `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`;
let failed = false;
for (const part of parts) {
  console.log(`\n=== bench: ${part} ===`);
  const t0 = performance.now();
  const loadStart = loadavg()[0];
  let result;
  try {
    const mod = await import(`./bench/${part}.mjs`);
    result = await mod.run(options);
  } catch (err) {
    console.error(err?.stack ?? err);
    result = {
      rows: [notMeasuredRow(`${part} bench`, err)],
      notes: [String(err?.message ?? err).slice(0, 2000)],
    };
  }
  const seconds = (performance.now() - t0) / 1000;
  const measured = {
    ...result,
    part,
    date: new Date().toISOString(),
    command,
    seconds: +seconds.toFixed(1),
    machine: info,
    load: [+loadStart.toFixed(2), +loadavg()[0].toFixed(2)],
  };
  printPart(measured);
  if (measured.rows.some((r) => r.status === 'FAIL')) failed = true;
  if (PARTIAL.length) continue;
  results = readResults(); // another bench run may have finished a part meanwhile
  results[part] = measured;
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
}
if (PARTIAL.length) console.log(`\nBENCHMARKS.md not written: --${PARTIAL.join(', --')} measures only some rows of a part.`);
else {
  writeFileSync(join(ROOT, 'BENCHMARKS.md'), renderMarkdown(results, PARTS));
  console.log(`\nBENCHMARKS.md written (${parts.join(', ')} updated; other parts kept from BENCHMARKS.json).`);
}
if (failed) console.log('At least one budget FAILS (see the tables above).');
// The exit code stays 0 when a budget fails: the bench reports, it does not gate; pass --strict to gate.
process.exit(failed && options.strict ? 1 : 0);
