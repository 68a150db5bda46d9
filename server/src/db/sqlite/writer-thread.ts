import { DatabaseUnavailableError, type Queryable, type SqlValue } from '../engine';
import { isBusy } from './busy';
import { ThreadChannel } from './thread-channel';

/** What the writer thread is started with. */
export interface WriterThreadData {
  file: string;
  /** How long a statement waits for the lock another process holds (in the thread: it blocks nothing else). */
  busyWaitMs: number;
  /** False where a checkpoint thread checkpoints for every connection. */
  ownCheckpoints: boolean;
}
type WriterStatement = { kind: 'exec'; sql: string } | { kind: 'all' | 'get' | 'run'; sql: string; params: readonly SqlValue[] };
export type WriterRequest = WriterStatement & { id: number };

const ENTRY = new URL('./writer-thread-worker.ts', import.meta.url);

/** A BLOB comes back from the thread as a Uint8Array (structured clone): a Buffer, as the main connection gives it. */
function asBuffers<T>(row: T): T {
  if (row && typeof row === 'object') {
    for (const [key, value] of Object.entries(row)) {
      if (value instanceof Uint8Array && !Buffer.isBuffer(value)) (row as Record<string, unknown>)[key] = Buffer.from(value);
    }
  }
  return row;
}

/**
 * Transactions run by a second connection on a thread of its own (decision D40): a bulk job's batch
 * changes thousands of index entries, which on the writer connection held the event loop, so batches
 * had to stay at 5 ms with as long a pause after each. Here the loop only posts each statement and
 * waits for its rows. The caller makes sure no transaction of the main connection is open meanwhile
 * (SQLite would make one of the two wait for the other's lock); reads of either see the last commit.
 * The thread starts on first use and again after a crash.
 */
export class WriterThread {
  readonly #data: WriterThreadData;
  #thread: ThreadChannel | null = null;
  readonly #tx: Queryable = {
    all: async <T>(sql: string, params: readonly SqlValue[] = []) =>
      ((await this.#send({ kind: 'all', sql, params })) as T[]).map(asBuffers),
    get: async <T>(sql: string, params: readonly SqlValue[] = []) =>
      asBuffers((await this.#send({ kind: 'get', sql, params })) as T | undefined),
    run: async (sql: string, params: readonly SqlValue[] = []) => (await this.#send({ kind: 'run', sql, params })) as number,
  };

  constructor(data: WriterThreadData) {
    this.#data = data;
  }

  #started(): ThreadChannel {
    if (this.#thread) return this.#thread;
    const thread: ThreadChannel = new ThreadChannel('the writer thread', ENTRY, this.#data, () => {
      if (this.#thread === thread) this.#thread = null;
    });
    thread.worker.unref(); // a thread waiting for work keeps no script alive
    this.#thread = thread;
    return thread;
  }

  async #send(request: WriterStatement): Promise<unknown> {
    const thread = this.#started();
    thread.worker.ref(); // the answer is awaited: the thread must not let the process end before it comes
    try {
      return await thread.send(request);
    } catch (err) {
      throw isBusy(err) ? new DatabaseUnavailableError(err) : err;
    } finally {
      if (!thread.waiting) thread.worker.unref();
    }
  }

  /** Runs `fn` in one write transaction on the thread's connection: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    await this.#send({ kind: 'exec', sql: 'BEGIN IMMEDIATE' });
    try {
      const result = await fn(this.#tx);
      await this.#send({ kind: 'exec', sql: 'COMMIT' });
      return result;
    } catch (err) {
      // A thread that crashed took its transaction with it; a COMMIT that failed leaves it open.
      if (this.#thread) await this.#send({ kind: 'exec', sql: 'ROLLBACK' }).catch(() => undefined);
      throw err;
    }
  }

  async close(): Promise<void> {
    const thread = this.#thread;
    if (!thread) return;
    thread.worker.ref();
    thread.worker.postMessage('close');
    await thread.exited;
  }
}
