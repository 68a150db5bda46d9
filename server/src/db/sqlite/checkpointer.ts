import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';
import { startWorker } from '../../lib/start-worker';

const ENTRY = new URL('./checkpoint-worker.ts', import.meta.url);

/** How often the checkpoint thread moves the WAL's committed frames into the database file. */
const CHECKPOINT_EVERY_MS = 200;

/**
 * Moves a serving node's WAL checkpoints off its event loop. By default the connection that commits
 * past 1,000 WAL pages runs the checkpoint itself, synchronously, with an fsync: on the writer (the
 * event loop) that froze every request for tens of ms, and a bulk job's batches, which each change
 * hundreds of index pages, paid it nearly every commit (~300 µs a file on a busy disk against ~55 µs
 * for the commit alone). The writer's own checkpoints are turned off and a thread checkpoints every
 * 200 ms, as SQLite's WAL documentation suggests; closing the last connection still checkpoints.
 */
export class WalCheckpointer {
  readonly #worker: Worker;
  readonly #exited: Promise<unknown>;

  constructor(writer: Database, file: string) {
    writer.pragma('wal_autocheckpoint = 0');
    this.#worker = startWorker(ENTRY, { file, intervalMs: CHECKPOINT_EVERY_MS });
    // Waited for from the start: a thread that ended early must not leave close() waiting for ever.
    this.#exited = once(this.#worker, 'exit').catch(() => undefined);
    this.#worker.unref();
  }

  async close(): Promise<void> {
    // Referenced again while it ends: with nothing else left on the event loop (a script's last
    // `await app.close()`), an unreferenced thread let Node exit before close() resolved.
    this.#worker.ref();
    this.#worker.postMessage('close');
    await this.#exited;
  }
}
