// Shared helpers of `npm run bench`: paths, the machine, percentiles, a free port, the reference server.
import { spawn, execFile, execFileSync } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';

import { CHROMIUM } from '../../test/support/chromium.mjs';
import { ROOT, serverArgs, spawnServer } from '../../test/support/server.mjs';

export { CHROMIUM, CHROMIUM_ARGS, PLAYWRIGHT_CHROMIUM_ARGS } from '../../test/support/chromium.mjs';
export { ROOT } from '../../test/support/server.mjs';

export function machine() {
  let cpuModel = cpus()[0]?.model ?? 'unknown';
  try {
    const m = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    if (m) cpuModel = m[1].trim();
  } catch {}
  let nproc = cpus().length;
  try {
    nproc = Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  } catch {}
  let chromium = 'not installed';
  try {
    chromium = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  } catch {}
  return {
    nproc,
    cpuModel,
    ramGiB: +(totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    chromium,
    loadavg: loadavg().map((l) => +l.toFixed(2)),
  };
}

/** The row of a measurement that could not be taken: its name and budget, and the first line of why. */
export const notMeasuredRow = (name, err, budget = '–') => ({
  name,
  figure: '–',
  budget,
  status: 'not measured',
  note: String(err?.message ?? err)
    .split('\n')[0]
    .slice(0, 300),
});

/** Nearest-rank percentile of an unsorted sample. */
export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function stats(values) {
  return {
    n: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : NaN,
  };
}

/**
 * A port free on 127.0.0.1: any (the system's choice), or with VP_BENCH_PORTS=FROM-TO the first free one
 * in that range not handed out before by this process (a shared machine where each user keeps to ports).
 */
export async function freePort() {
  const range = /^(\d+)-(\d+)$/.exec(process.env.VP_BENCH_PORTS?.trim() ?? '');
  if (!range) return listenOn(0);
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    if (handedOut.has(port)) continue;
    if ((await listenOn(port).catch(() => null)) === null) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port in VP_BENCH_PORTS=${process.env.VP_BENCH_PORTS}`);
}
const handedOut = new Set();

function listenOn(asked) {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(asked, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix) {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDir(dir) {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {}
}

/** Runs a server CLI command (`server/src/cli.ts …`) with a bound time; resolves { ms, stdout, stderr }. */
export function runCli(args, env, timeoutMs) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, serverArgs('cli', args), {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '',
      stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const ms = performance.now() - t0;
      if (code === 0) resolve({ ms, stdout, stderr });
      else
        reject(
          new Error(
            `server CLI ${args.join(' ')} failed (${signal ?? `exit ${code}`}${signal === 'SIGKILL' ? `, over ${timeoutMs / 1000} s` : ''}):\n${(stderr || stdout).slice(-2000)}`,
          ),
        );
    });
  });
}

/** Runs a client script of this folder as its own process, its config in env `variable`; resolves its last JSON line. */
export function runChild(script, variable, config, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, script)], {
      env: { ...process.env, [variable]: JSON.stringify(config) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '',
      err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => {
      err += d;
      process.stderr.write(d);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(JSON.parse(out.trim().split('\n').pop()));
      else reject(new Error(`${script} failed (${signal ?? `exit ${code}`}): ${err.slice(-1500)}`));
    });
  });
}

/** Starts the reference server on 127.0.0.1 on `port` (default: a free one); waits until it answers HTTP. */
export async function startServer({ dataDir, demo, timeoutMs = 60_000, extraEnv = {}, port: asked }) {
  const port = asked ?? (await freePort());
  // The rate limit stays on (its cost is part of every figure) but far above what the bench sends.
  const child = spawnServer({
    port,
    dataDir,
    demo,
    env: { NODE_ENV: 'production', VP_RATE_LIMIT_PER_MINUTE: '1000000000', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log = (log + d).slice(-4000)));
  child.stderr.on('data', (d) => (log = (log + d).slice(-4000)));
  let exited = null;
  child.on('exit', (code, signal) => (exited = signal ?? `exit ${code}`));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`server exited (${exited}) before it answered:\n${log}`);
    try {
      await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) });
      break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${timeoutMs / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise((resolve) => {
      if (exited) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { url, port, child, stop, log: () => log };
}

/** RSS of the server: the launcher (tsx) runs it in a child process, so the largest process of the tree. */
export function rssMiB(pid) {
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {}
  return Math.max(own, ...children.map((c) => rssMiB(Number(c))));
}

/** Runs a measuring script of this folder under tsx (it imports the TypeScript sources), its options as JSON in argv; resolves its last JSON line. */
export function runMeasureScript(script, options, timeoutMs) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, script), JSON.stringify(options ?? {})],
      { cwd: ROOT, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr.slice(-2000)}`));
        else resolve(JSON.parse(stdout.trim().split('\n').pop()));
      },
    );
  });
}

export const fmtMs = (v) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(2) : v.toFixed(1)) : '–');
export const fmtKB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
