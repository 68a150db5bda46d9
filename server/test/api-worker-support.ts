import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { serverCommand } from '../../test/support/server-bundle.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface SpawnedWorker {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
  /** Rethrows a wait's error with what the worker printed and whether it still runs: a timeout then says why. */
  explain: (err: unknown) => never;
}

/**
 * `npm run server -- worker --api BASE --token T` as its own process, with a scrubbed environment:
 * no DATABASE_URL, no VP_DATA_DIR, no VP_MEDIA_*, no store credentials; only what runs a program.
 */
export const spawnApiWorker = (base: string, token: string, name: string): SpawnedWorker =>
  spawnWorker(['--api', base, '--token', token], {}, name);

/**
 * `npm run server -- worker ARGS` as its own process, named `name`, with a 3 s lease, given only what runs a
 * program and `settings` (a database worker's DATABASE_URL, VP_DATA_DIR, VP_MEDIA_*…).
 */
export function spawnWorker(args: string[], settings: Record<string, string>, name: string): SpawnedWorker {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    VP_WORKER_NAME: name,
    VP_WORKER_LEASE_SECONDS: '3',
    ...settings,
  };
  const child = spawn(process.execPath, [...serverCommand('cli'), 'worker', ...args], {
    cwd: ROOT,
    env: Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const explain = (cause: unknown): never => {
    const state = exitCode === undefined ? 'still running' : `exited with ${exitCode}`;
    throw new Error(
      `${cause instanceof Error ? cause.message : String(cause)}\nworker ${name} ${state}; stdout: ${out || '(none)'}; stderr: ${err || '(none)'}`,
    );
  };
  return { child, stdout: () => out, stderr: () => err, exited, explain };
}

/** Waits for a condition that another process makes true. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
