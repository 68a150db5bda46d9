import { availableParallelism } from 'node:os';
import type { FileLister, ListOptions } from '../engine';
import type { ListPage, ListQuery } from '../files';
import { ReadPool } from './read-pool';

/** Read workers of a server: enough to keep one free for other accounts while one account searches hard. */
export const defaultReadWorkers = (): number => Math.max(2, Math.min(4, availableParallelism() + 1));

/** The SQLite file list: the planner runs in a pool of read workers, off the event loop. */
export class SqliteLister implements FileLister {
  readonly #pool: ReadPool;

  constructor(file: string, { readWorkers = defaultReadWorkers(), positionStep, searchStrategy }: ListOptions = {}) {
    this.#pool = new ReadPool(file, readWorkers, { positionStep, searchStrategy });
  }

  list(accountId: number, query: ListQuery): Promise<ListPage> {
    return this.#pool.list(accountId, query);
  }

  warm(): Promise<void> {
    return this.#pool.warm();
  }

  /** The FTS index and the counters follow `files` through triggers. */
  async reindex(): Promise<void> {}

  close(): Promise<void> {
    return this.#pool.close();
  }
}
