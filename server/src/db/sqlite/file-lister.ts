import { availableParallelism } from 'node:os';
import type { FileLister, ListOptions, SqlValue } from '../engine';
import type { ListFilter, ListPage, ListQuery } from '../files';
import { matchingFiles } from '../list-plan';
import { searchCandidates } from './list-planner';
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

  /** The list's own search condition: the FTS index of words, or the searched id. */
  matching(accountId: number, q: ListFilter, afterFileId: number, limit: number): { sql: string; params: SqlValue[] } {
    const searched = (search: string) => {
      const candidates = searchCandidates(accountId, search);
      return candidates && { sql: `file_id IN (${candidates.sql})`, params: candidates.params };
    };
    return matchingFiles(accountId, q, searched, afterFileId, limit);
  }

  /** The FTS index and the counters follow `files` through triggers. */
  async reindex(): Promise<void> {}

  close(): Promise<void> {
    return this.#pool.close();
  }
}
