import { spawn } from 'node:child_process';
import path from 'node:path';
import { serverCommand } from '../../test/support/server-bundle.mjs';
import { PgDb } from '../src/db/postgres/connection';
import type { TestServer } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface CliRun {
  /** The exit code (null when it was killed at its time limit). */
  status: number | null;
  stdout: string;
  /** stdout then stderr. */
  out: string;
}

/**
 * `npm run server -- ARGS` as its own process, waited for without blocking: the servers and stores a
 * test runs in this process keep answering meanwhile (spawnSync froze them, and a CLI that needed one
 * of them, or its database lock, waited out its time). stdin is empty, as in a script.
 */
export function runCli(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<CliRun> {
  const child = spawn(process.execPath, [...serverCommand('cli'), ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: timeoutMs,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, out: stdout + stderr }));
  });
}

/** The CLI over a data folder and its database (none: the folder's SQLite). */
export function cliOn(dataDir: string, databaseUrl: string | undefined, args: string[], timeoutMs?: number): Promise<CliRun> {
  return runCli(args, { ...process.env, VP_DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' }, timeoutMs);
}

/** The CLI over a test server's data folder and database. */
export function cliOver(s: TestServer, args: string[], timeoutMs?: number): Promise<CliRun> {
  const databaseUrl = s.app.db instanceof PgDb ? s.app.db.pool.options.connectionString : undefined;
  return cliOn(s.dataDir, databaseUrl, args, timeoutMs);
}
