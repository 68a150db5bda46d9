#!/usr/bin/env node
// `npm test`: every suite side by side — lint (ESLint's layer rules and Prettier's format), the type
// check, browser tests of the elements (@web/test-runner in Chromium), unit and server tests (Vitest)
// and the end-to-end flows (Playwright against the real server). All suites run even when one fails;
// the last line counts every test. A suite's output is streamed as it runs when it runs alone, else
// printed whole when it ends (and kept, to count its tests at the end).
// The server suite runs on SQLite, and again on PostgreSQL when VP_TEST_DATABASE_URL is set (a role
// that may create databases); in CI (CI=true) a missing or unreachable PostgreSQL is a failure.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules/.bin', name);
// Every temporary folder of the run (the reports, the test servers' data folders, the consumer
// installs, Chromium's profiles) is made under one folder that is removed at the end: os.tmpdir()
// follows TMPDIR in every child process.
const reports = mkdtempSync(join(tmpdir(), 'vp-test-'));
chmodSync(reports, 0o711); // a test's private PostgreSQL cluster runs as the postgres user, inside it
process.env.TMPDIR = reports;
/** The suites running now: an interrupted run (Ctrl-C, a CI timeout) stops them, then removes the folder too. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    const removeAndExit = () => {
      rmSync(reports, { recursive: true, force: true });
      process.exit(130);
    };
    const live = [...running].filter((child) => child.exitCode === null && child.signalCode === null);
    if (!live.length) return removeAndExit();
    Promise.all(live.map((child) => new Promise((resolve) => child.once('close', resolve)))).then(removeAndExit);
    for (const child of live) child.kill(signal);
  });
}
/**
 * `npm test -- --changed[=REF]`: only what a change touches, for the edit-test loop (CI runs everything):
 * lint and format of the changed files, the type check, the Vitest tests that import a changed file,
 * the browser tests when the kit or they changed, the e2e specs that changed. REF defaults to HEAD
 * (the uncommitted change); `--changed=main` takes a branch's whole change.
 */
const changedArg = process.argv.slice(2).find((arg) => arg === '--changed' || arg.startsWith('--changed='));
const changedSince = changedArg ? changedArg.split('=')[1] || 'HEAD' : null;
const only = process.argv.slice(2).filter((arg) => arg !== changedArg);
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const changedFiles = changedSince
  ? [...new Set([...git('diff', '--name-only', changedSince), ...git('ls-files', '--others', '--exclude-standard')])].filter((file) =>
      existsSync(join(root, file)),
    )
  : [];
/** ESLint on the changed code and Prettier on every changed file (the project's `lint`, narrowed). */
function lintOfChanged() {
  const code = changedFiles.filter((file) => /\.(m?[jt]sx?)$/.test(file));
  const prettier = `${bin('prettier')} --check --ignore-unknown ${quoted(changedFiles)}`;
  return code.length ? `${bin('eslint')} --no-warn-ignored ${quoted(code)} && ${prettier}` : prettier;
}
const quoted = (files) => files.map((file) => `'${file.replaceAll("'", "'\\''")}'`).join(' ');
/** Vitest's statuses of a test that did not run. */
const SKIPPED = new Set(['skipped', 'pending', 'todo']);

/**
 * The priority (nice) of the suites that yield: side by side, lint and the type check take the CPU the
 * others leave. They need about a minute and a half of CPU and end long before the rest, while the server
 * suite, the longest, took its share of 2 cores with them from its first second. Not the browser tests:
 * at this priority, beside the others, their waits for an element ran out (13 of 43 failed).
 */
const YIELDING_PRIORITY = 10;

// The suites run side by side. Each one alone leaves part of this 2-core machine idle (lint and the
// type check keep a core busy at most, the browser tests wait on Chromium; the server tests on sockets,
// child processes and timers, the end-to-end flows on the server and videos playing in real time), and
// none needs another's result. Side by side they keep both cores busy from the first second (CPU of
// every process, Chromium's included: decisions D75, D77), so the run is as short as its CPU time
// allows: lint, the type check and the browser tests ran first on their own, with a third of the
// machine idle for their minute.
const suites = [
  {
    name: 'lint',
    yields: true,
    command: changedSince ? ['sh', '-c', lintOfChanged()] : ['npm', 'run', '--silent', 'lint'],
    unchanged: () => changedSince && !changedFiles.length,
    count: (ok) => ({ passed: ok ? 1 : 0, failed: ok ? 0 : 1 }),
  },
  {
    name: 'typecheck',
    yields: true,
    command: ['npm', 'run', '--silent', 'typecheck'],
    count: (ok) => ({ passed: ok ? 1 : 0, failed: ok ? 0 : 1 }),
  },
  {
    name: 'browser',
    command: [bin('wtr')],
    // They render the kit: with --changed, run when the kit or they changed.
    unchanged: () => changedSince && !changedFiles.some((file) => /^(src|test\/browser)\//.test(file)),
    count: (ok, output) => {
      const match = [...output.matchAll(/(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/g)].at(-1);
      return match
        ? { passed: Number(match[1]), failed: Number(match[2]) || (ok ? 0 : 1), skipped: Number(match[3] ?? 0) }
        : { passed: 0, failed: 1 };
    },
  },
  {
    name: 'unit+server',
    command: [
      bin('vitest'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${join(reports, 'vitest.json')}`,
      ...(changedSince ? [`--changed=${changedSince}`, '--passWithNoTests'] : []),
    ],
    count: () => {
      const r = JSON.parse(readFileSync(join(reports, 'vitest.json'), 'utf8'));
      // Skipped tests, by file (a file's tests run once per project, so a file may be listed twice).
      const where = r.testResults
        .map((file) => [relative(root, file.name), file.assertionResults.filter((t) => SKIPPED.has(t.status)).length])
        .filter(([, n]) => n > 0)
        .map(([name, n]) => `${name} (${n})`);
      // Failed tests (and files that failed before their tests ran), with the first line of why.
      const failures = r.testResults.flatMap((file) => {
        const name = relative(root, file.name);
        const tests = file.assertionResults
          .filter((t) => t.status === 'failed')
          .map((t) => `${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}${thrownAt(t.failureMessages?.[0], name)}`);
        // Vitest's JSON report keeps no message for a failed beforeAll/afterAll or an unhandled error.
        const why = file.message?.trim()
          ? firstLine(file.message)
          : 'failed outside its tests (a beforeAll/afterAll hook or an unhandled error): its FAIL block above says why';
        return tests.length || file.status !== 'failed' ? tests : [`${name}: ${why}`];
      });
      // Passed on a retry (CI): the first try's error is kept in failureMessages.
      const flaky = r.testResults.flatMap((file) =>
        file.assertionResults
          .filter((t) => t.status === 'passed' && t.failureMessages?.length)
          .map((t) => {
            const name = relative(root, file.name);
            return `${name} › ${t.fullName}: ${firstLine(t.failureMessages[0])}${thrownAt(t.failureMessages[0], name)}`;
          }),
      );
      for (const file of r.testResults) {
        fileTimings.push({ ms: file.endTime - file.startTime, name: relative(root, file.name) });
        for (const t of file.assertionResults) timings.push({ ms: t.duration ?? 0, name: `${relative(root, file.name)} › ${t.fullName}` });
      }
      return {
        passed: r.numPassedTests,
        failed: r.numFailedTests + (r.numFailedTestSuites && !r.numFailedTests ? 1 : 0),
        skipped: r.numPendingTests + r.numTodoTests,
        where,
        failures,
        flaky,
      };
    },
  },
  {
    name: 'e2e',
    command: [
      bin('playwright'),
      'test',
      '--reporter=list,json',
      ...(changedSince ? [`--only-changed=${changedSince}`, '--pass-with-no-tests'] : []),
    ],
    // Playwright picks the specs whose own files changed (it cannot see which flows a kit or server change
    // touches: name a spec for those, `npm run test:e2e -- test/e2e/x.spec.ts`); without one, no build.
    unchanged: () => changedSince && !changedFiles.some((file) => /^test\/(e2e|support)\//.test(file)),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json') },
    count: (ok) => {
      try {
        const report = JSON.parse(readFileSync(join(reports, 'playwright.json'), 'utf8'));
        const { stats } = report;
        timings.push(...playwrightTimings(report.suites));
        return {
          passed: stats.expected + stats.flaky,
          failed: stats.unexpected + (ok ? 0 : stats.unexpected ? 0 : 1),
          skipped: stats.skipped,
          failures: playwrightTests(report.suites, 'unexpected'),
          flaky: playwrightTests(report.suites, 'flaky'),
        };
      } catch {
        return { passed: 0, failed: 1 };
      }
    },
  },
];

/** An error message without terminal colours. */
// eslint-disable-next-line no-control-regex
const uncoloured = (message) => message.replace(/\u001b\[[0-9;]*m/g, '');

/** The first non-empty line of an error message, without terminal colours. */
function firstLine(message = '') {
  const plain = uncoloured(message);
  return (plain.split('\n').find((line) => line.trim()) ?? '(no message)').trim().slice(0, 300);
}

/**
 * Where an error came from: " (at path:line)" of the first frame of its stack in the repository's own
 * files (not a package's), and, when that frame is not in the test file, the test file's own frame too
 * (" (at server/src/db.ts:93, from server/test/bulk.test.ts:22)"): a flaky test's first try is told in one
 * line, and this says where to look.
 */
function thrownAt(message = '', testFile = '') {
  const plain = uncoloured(message).replaceAll('file://', '');
  const frames = [...plain.matchAll(/(\/[^\s()]+?\.[cm]?[jt]sx?):(\d+):\d+/g)]
    .filter(([, file]) => file.startsWith(`${root}/`) && !file.includes('/node_modules/'))
    .map(([, file, line]) => ({ file: relative(root, file), line }));
  if (!frames.length) return '';
  const [first] = frames;
  const inTest = frames.find(({ file }) => file === testFile);
  const from = inTest && inTest !== first ? `, from ${inTest.file}:${inTest.line}` : '';
  return ` (at ${first.file}:${first.line}${from})`;
}

/** Playwright's tests of one outcome ('unexpected' or 'flaky'), as "file:line › title: why", from its JSON report's suite tree. */
function playwrightTests(suites = [], status, titles = []) {
  return suites.flatMap((suite) => [
    ...playwrightTests(suite.suites, status, suite.file === suite.title ? titles : [...titles, suite.title]),
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === status)
        .map((test) => {
          const error = test.results.find((result) => result.error)?.error?.message;
          return `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}: ${firstLine(error)}`;
        }),
    ),
  ]);
}

/** Every Playwright test's time (all its tries), as { ms, name }, from its JSON report's suite tree. */
function playwrightTimings(suites = [], titles = []) {
  return suites.flatMap((suite) => [
    ...playwrightTimings(suite.suites, suite.file === suite.title ? titles : [...titles, suite.title]),
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((test) => ({
        ms: test.results.reduce((sum, result) => sum + (result.duration ?? 0), 0),
        name: `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`,
      })),
    ),
  ]);
}

/**
 * Runs a command, copying its stdout to ours as it comes (or, with `hold`, keeping it to be printed whole
 * once it ends, so that suites side by side do not mix their lines); resolves { ok, output }.
 */
function run(command, env, hold = false, yielding = false) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    // Set before it starts processes of its own (ESLint's, Chromium's): they inherit it.
    if (yielding && child.pid) {
      try {
        setPriority(child.pid, YIELDING_PRIORITY);
      } catch {
        // Already ended, or a system that refuses: it runs at the usual priority.
      }
    }
    running.add(child);
    child.once('close', () => running.delete(child));
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (!hold) process.stdout.write(chunk);
    });
    child.on('error', (err) => resolve({ ok: false, output: `${output}\n${err.message}` }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
const summary = [];
/** Every suite or test that did not run, said again at the end (a green line must not hide them). */
const notRun = [];
/** Every failed test by name, said again at the end (a CI log may keep only its tail). */
const failedTests = [];
/** Every test that failed and then passed on its retry (CI), by name: to be fixed, not to fail the run. */
const flakyTests = [];
/** Every test's time, and every Vitest file's (its hooks included), to name the slowest at the end: where a faster suite starts. */
const timings = [];
const fileTimings = [];
const SLOWEST = 20;

/** null when PostgreSQL can be used for the server suite, else why not. */
async function postgresProblem(url) {
  if (!url) return 'VP_TEST_DATABASE_URL is not set';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.end();
    return null;
  } catch (err) {
    return `cannot connect to VP_TEST_DATABASE_URL (${err.message || err.code})`;
  }
}
if (!only.length || only.includes('unit+server')) {
  const problem = await postgresProblem(process.env.VP_TEST_DATABASE_URL?.trim());
  if (problem && process.env.CI === 'true') {
    console.log(`PostgreSQL: ${problem}; CI must run the server suite on both engines.`);
    failed += 1;
    summary.push(`${'postgres'.padEnd(12)} FAIL    0 passed   1 failed  (${problem})`);
  } else if (problem) {
    console.log(
      `PostgreSQL: skipped, ${problem}; the server suite runs on SQLite only (set VP_TEST_DATABASE_URL=postgres://user:password@host:port/db to run it on PostgreSQL too).`,
    );
    delete process.env.VP_TEST_DATABASE_URL;
    summary.push(`${'postgres'.padEnd(12)} SKIP  the server suite on PostgreSQL (${problem})`);
    notRun.push(`the server suite on PostgreSQL: ${problem}`);
  } else {
    console.log('PostgreSQL: the server suite runs on SQLite and on PostgreSQL (VP_TEST_DATABASE_URL).');
  }
}
/** Runs one suite: { suite, ok, output, seconds }. */
async function runSuite(suite, hold) {
  const started = Date.now();
  const { ok, output } = await run(suite.command, suite.env, hold, hold && suite.yields);
  return { suite, ok, output, seconds: (Date.now() - started) / 1000 };
}

/** Counts a suite's tests into the totals and its line of the summary. */
function record({ suite, ok, output, seconds }, sideBySide) {
  let counts;
  try {
    counts = suite.count(ok, output);
  } catch {
    counts = { passed: 0, failed: 1 };
  }
  if (!ok && counts.failed === 0) counts.failed = 1;
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped ?? 0;
  failedTests.push(...(counts.failures ?? []).map((line) => `${suite.name}: ${line}`));
  flakyTests.push(...(counts.flaky ?? []).map((line) => `${suite.name}: ${line}`));
  if (counts.skipped)
    notRun.push(`${suite.name}: ${counts.skipped} test(s) skipped${counts.where?.length ? `: ${counts.where.join(', ')}` : ''}`);
  summary.push(
    `${suite.name.padEnd(12)} ${ok ? 'ok  ' : 'FAIL'} ${String(counts.passed).padStart(4)} passed ${String(counts.failed).padStart(3)} failed ${String(counts.skipped ?? 0).padStart(3)} skipped  ${seconds.toFixed(0)} s${sideBySide ? ` (side by side with ${sideBySide})` : ''}`,
  );
}

/** The whole run's budget (issue 44): every suite, on a clean clone of a 2-core machine, in 12 minutes. */
const BUDGET_SECONDS = 12 * 60;
const runStarted = Date.now();
/** The suites to run (all of them, or those named), side by side. */
const selected = suites.filter((suite) => {
  if (only.length && !only.includes(suite.name)) return false;
  if (!suite.unchanged?.()) return true;
  notRun.push(`${suite.name}: no change it covers (--changed)`);
  return false;
});
if (selected.length === 1) {
  console.log(`\n━━ ${selected[0].name} ━━`);
  record(await runSuite(selected[0], false));
} else if (selected.length) {
  const names = selected.map((suite) => suite.name);
  console.log(`\n━━ ${names.join(' + ')} (side by side; each one's output follows when it ends) ━━`);
  // Printed as each one ends: a long suite does not hold back the others' results.
  const results = await Promise.all(
    selected.map((suite) =>
      runSuite(suite, true).then((result) => {
        console.log(`\n━━ ${result.suite.name} ━━\n${result.output}`);
        return result;
      }),
    ),
  );
  for (const result of results) record(result, names.filter((name) => name !== result.suite.name).join(', '));
}
for (const [what, list] of [
  ['tests', timings],
  ['Vitest files (their hooks included)', fileTimings],
]) {
  const slowest = list.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
  if (slowest.length)
    console.log(
      `\nThe ${slowest.length} slowest ${what}:\n${slowest.map(({ ms, name }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`).join('\n')}`,
    );
}
console.log(`\n${summary.join('\n')}`);
if (flakyTests.length) console.log(`Flaky (failed, then passed on retry):\n${flakyTests.map((line) => `  - ${line}`).join('\n')}`);
if (failedTests.length) console.log(`Failed:\n${failedTests.map((line) => `  - ${line}`).join('\n')}`);
if (notRun.length) console.log(`Not run:\n${notRun.map((line) => `  - ${line}`).join('\n')}`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
const runSeconds = Math.round((Date.now() - runStarted) / 1000);
const whole = selected.length === suites.length && !changedSince;
console.log(
  `time: ${Math.floor(runSeconds / 60)} min ${runSeconds % 60} s${whole ? ` (budget ${BUDGET_SECONDS / 60} min for the whole run on 2 cores: ${runSeconds <= BUDGET_SECONDS ? 'within' : 'OVER'})` : ''}`,
);
rmSync(reports, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
