import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { DatabaseUnavailableError, type Queryable, type SqlValue } from '../engine';

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
export type WriterReply = { id: number; result?: unknown; error?: { message: string; code: string | undefined } };

const BOOT = new URL('../../lib/worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./writer-thread-worker.ts', import.meta.url).href;

const isBusy = (code: string | undefined): boolean => /^SQLITE_(BUSY|LOCKED)/.test(code ?? '');

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
  #worker: Worker | null = null;
  #exited: Promise<unknown> = Promise.resolve();
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #nextId = 1;
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

  #thread(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(BOOT, { workerData: { ...this.#data, entry: ENTRY } });
    worker.on('message', (reply: WriterReply) => {
      const waiter = this.#pending.get(reply.id);
      if (!waiter) return;
      this.#pending.delete(reply.id);
      if (!reply.error) return waiter.resolve(reply.result);
      const { message, code } = reply.error;
      const err = Object.assign(new Error(message), { code });
      waiter.reject(isBusy(code) ? new DatabaseUnavailableError(err) : err);
    });
    const fail = (err: Error) => {
      if (this.#worker === worker) this.#worker = null;
      for (const waiter of this.#pending.values()) waiter.reject(err);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the writer thread exited (${code})`)));
    this.#exited = once(worker, 'exit').catch(() => undefined);
    worker.unref(); // a thread waiting for work keeps no script alive
    this.#worker = worker;
    return worker;
  }

  #send(request: WriterStatement): Promise<unknown> {
    const worker = this.#thread();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.ref(); // the answer is awaited: the thread must not let the process end before it comes
      worker.postMessage({ ...request, id });
    }).finally(() => {
      if (!this.#pending.size) this.#worker?.unref();
    });
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
      if (this.#worker) await this.#send({ kind: 'exec', sql: 'ROLLBACK' }).catch(() => undefined);
      throw err;
    }
  }

  async close(): Promise<void> {
    const worker = this.#worker;
    if (!worker) return;
    worker.ref();
    worker.postMessage('close');
    await this.#exited;
  }
}
