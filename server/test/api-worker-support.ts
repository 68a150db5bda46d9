import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface SpawnedWorker {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
}

/**
 * `npm run server -- worker --api BASE --token T` as its own process, with a scrubbed environment:
 * no DATABASE_URL, no VP_DATA_DIR, no VP_MEDIA_*, no store credentials; only what runs a program.
 */
export function spawnApiWorker(base: string, token: string, name: string): SpawnedWorker {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    VP_WORKER_NAME: name,
    VP_WORKER_LEASE_SECONDS: '3',
  };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'server/src/cli.ts'), 'worker', '--api', base, '--token', token],
    {
      cwd: ROOT,
      env: Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)),
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stderr: () => err, exited };
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
