import type { ListOptions } from '../engine';
import type { ListPage, ListQuery } from '../files';
import { AccountGate } from '../list-plan';
import { ThreadChannel } from './thread-channel';

type Work = { kind: 'list'; accountId: number; query: ListQuery } | { kind: 'warm' } | { kind: 'close' };
/** What a read worker is started with. */
export interface ReadWorkerData {
  file: string;
  planner: Pick<ListOptions, 'positionStep' | 'searchStrategy'>;
}
export type WorkerRequest = { id: number } & Work;

interface Job {
  accountId: number;
  query: ListQuery;
  resolve: (page: ListPage) => void;
  reject: (err: Error) => void;
}

interface Slot {
  thread: ThreadChannel;
  /** The list job it is running, if any (warm-up slices do not count: they yield to requests). */
  busyWith: number | null;
}

const ENTRY = new URL('./read-worker.ts', import.meta.url);

/**
 * List and search reads of SQLite run here, in a few worker threads, so that a heavy search never
 * holds the server's event loop. Jobs are queued per account and handed out round-robin across
 * accounts, and one account may occupy at most half of the workers: another account's request finds a
 * free worker (and a core) even while 8 heavy searches of one account are waiting.
 */
export class ReadPool {
  readonly #file: string;
  readonly #planner: ReadWorkerData['planner'];
  readonly #size: number;
  readonly #slots: Slot[] = [];
  readonly #queues = new Map<number, Job[]>();
  readonly #gate: AccountGate;
  #closed = false;

  /**
   * The workers start with the first list: a thread costs ~40 ms of CPU to start, and many servers
   * (a worker node, every CLI command, most test servers) never list.
   */
  constructor(file: string, size: number, planner: ReadWorkerData['planner']) {
    this.#file = file;
    this.#planner = planner;
    this.#size = size;
    this.#gate = new AccountGate(Math.max(1, Math.floor(size / 2)));
  }

  #started(): Slot[] {
    if (!this.#slots.length) for (let i = 0; i < this.#size; i++) this.#slots.push(this.#spawn());
    return this.#slots;
  }

  #spawn(): Slot {
    const data: ReadWorkerData = { file: this.#file, planner: this.#planner };
    const slot: Slot = {
      thread: new ThreadChannel('list worker', ENTRY, data, () => {
        const index = this.#slots.indexOf(slot);
        if (index >= 0 && !this.#closed) {
          if (slot.busyWith !== null) this.#gate.leave(slot.busyWith);
          slot.busyWith = null;
          this.#slots[index] = this.#spawn(); // a crashed worker is replaced
          this.#dispatch();
        }
      }),
      busyWith: null,
    };
    return slot;
  }

  list(accountId: number, query: ListQuery): Promise<ListPage> {
    if (this.#closed) return Promise.reject(new Error('the read pool is closed'));
    return new Promise((resolve, reject) => {
      const queue = this.#queues.get(accountId) ?? [];
      queue.push({ accountId, query, resolve, reject });
      this.#queues.set(accountId, queue);
      this.#dispatch();
    });
  }

  /** Gives free workers the oldest job of the next account in turn that is under its share. */
  #dispatch(): void {
    for (const slot of this.#started()) {
      if (slot.busyWith !== null) continue;
      const job = this.#nextJob();
      if (!job) return;
      slot.busyWith = job.accountId;
      slot.thread
        .send<ListPage>({ kind: 'list', accountId: job.accountId, query: job.query } satisfies Work)
        .then(job.resolve, job.reject)
        .finally(() => {
          if (slot.busyWith !== null) this.#gate.leave(job.accountId);
          slot.busyWith = null;
          this.#dispatch();
        });
    }
  }

  #nextJob(): Job | undefined {
    for (const [accountId, queue] of this.#queues) {
      if (!this.#gate.tryEnter(accountId)) continue;
      const job = queue.shift()!;
      // Round-robin: the account goes to the back of the line (Map keeps insertion order).
      this.#queues.delete(accountId);
      if (queue.length) this.#queues.set(accountId, queue);
      return job;
    }
    return undefined;
  }

  /**
   * Every worker fills its own position cache, one worker after the other (warming all at once would
   * take every core from the requests); resolves when all are warm for the current data. Before the
   * first list there is no worker to warm: the next warming after it (every 10 s) warms them.
   */
  async warm(): Promise<void> {
    for (const slot of [...this.#slots]) await slot.thread.send({ kind: 'warm' } satisfies Work);
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const queue of this.#queues.values()) for (const job of queue) job.reject(new Error('the server is closing'));
    this.#queues.clear();
    await Promise.all(
      this.#slots.map(async (slot) => {
        await slot.thread.send({ kind: 'close' } satisfies Work).catch(() => {});
        await slot.thread.worker.terminate();
      }),
    );
  }
}
