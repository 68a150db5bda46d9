import { availableParallelism } from 'node:os';
import type { FileLister } from '../files-repository';
import type { ListPage, ListQuery } from '../files';
import type { ListTuning } from './file-list';
import { ReadPool } from './read-pool';

/** Read workers of a server: enough to keep one free for other accounts while one account searches hard. */
export const defaultReadWorkers = (): number => Math.max(2, Math.min(4, availableParallelism() + 1));

/** The SQLite file list: the planner runs in a pool of read workers, off the event loop. */
export class SqliteLister implements FileLister {
  readonly #pool: ReadPool;

  constructor(file: string, workers = defaultReadWorkers()) {
    this.#pool = new ReadPool(file, workers);
  }

  list(accountId: number, query: ListQuery): Promise<ListPage> {
    return this.#pool.list(accountId, query);
  }

  warm(): Promise<void> {
    return this.#pool.warm();
  }

  tune(tuning: ListTuning): Promise<void> {
    return this.#pool.tune(tuning);
  }

  /** The FTS index and the counters follow `files` through triggers. */
  async reindex(): Promise<void> {}

  close(): Promise<void> {
    return this.#pool.close();
  }
}
