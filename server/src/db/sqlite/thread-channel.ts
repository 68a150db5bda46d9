import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../lib/start-worker';

/** A thread's answer to a request: its result, or what it threw (SQLite's error code kept). */
export type ThreadReply = { id: number; result?: unknown; error?: { message: string; code: string | undefined } };

/** The error part of a reply, from what a request threw in the thread. */
export function threadError(err: unknown): NonNullable<ThreadReply['error']> {
  const { message, code } = (err ?? {}) as { message?: unknown; code?: unknown };
  return { message: String(message ?? err), code: typeof code === 'string' ? code : undefined };
}

/**
 * A worker thread (a TypeScript module started by startWorker) that answers requests by id:
 * each reply settles its request, an error the thread threw comes back as an Error with its `code`,
 * and a thread that fails or exits rejects every request still waiting, then tells its owner once.
 */
export class ThreadChannel {
  readonly worker: Worker;
  /** Settles when the thread has exited (whatever way). */
  readonly exited: Promise<unknown>;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  #nextId = 1;

  constructor(name: string, entry: URL, data: object, onEnd: (err: Error) => void) {
    this.worker = startWorker(entry, data);
    this.exited = once(this.worker, 'exit').catch(() => undefined);
    this.worker.on('message', (reply: ThreadReply) => {
      const waiter = this.#pending.get(reply.id);
      if (!waiter) return;
      this.#pending.delete(reply.id);
      if (reply.error) waiter.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      else waiter.resolve(reply.result);
    });
    let ended = false;
    const fail = (err: Error) => {
      for (const waiter of this.#pending.values()) waiter.reject(err);
      this.#pending.clear();
      if (!ended) onEnd(err);
      ended = true;
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`${name} exited (${code})`)));
  }

  /** Requests waiting for their answer. */
  get waiting(): number {
    return this.#pending.size;
  }

  send<T>(request: object): Promise<T> {
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }
}
