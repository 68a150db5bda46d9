import type { DatabaseOptions, Db } from '../engine';
import { SqliteDb } from './connection';

/** How long a serving SQLite node retries a write while another process holds the lock, before a 503. */
export const SERVING_BUSY_WAIT_MS = 3_000;

/** Opens (and migrates) the SQLite file of `dataDir`; a new one gets `initialize`. */
export async function openSqlite(options: DatabaseOptions): Promise<Db> {
  // A serving node gives up on a write lock another process (the CLI) holds after a few seconds (503);
  // the CLI waits longer for the servers' short writes. It checkpoints in a thread (its event loop
  // serves requests); the CLI keeps SQLite's own checkpoints.
  const db = new SqliteDb(options.dataDir, {
    busyWaitMs: options.serving ? SERVING_BUSY_WAIT_MS : 30_000,
    checkpointInThread: options.serving ?? false,
    ...(options.list ? { list: options.list } : {}),
  });
  if (db.created) await options.initialize?.(db);
  return db;
}
