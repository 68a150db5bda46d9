import { availableParallelism } from 'node:os';
import type { FileLister, ListOptions, SqlValue } from '../engine';
import type { ListFilter, ListPage, ListQuery } from '../files';
import { listFilters } from '../list-plan';
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

  /** The list's own conditions (the FTS index of words, or the searched id), walked in file id order. */
  matching(accountId: number, q: ListFilter, afterFileId: number, limit: number): { sql: string; params: SqlValue[] } {
    const search = q.search?.trim();
    const candidates = search ? searchCandidates(accountId, search) : null;
    const { sql, params } = listFilters(q);
    const searched = search ? (candidates ? `file_id IN (${candidates.sql})` : '0') : '1';
    return {
      sql: `SELECT file_id, version FROM files WHERE account_id = ? AND ${searched}${sql} AND file_id > ? ORDER BY file_id LIMIT ?`,
      params: [accountId, ...(candidates?.params ?? []), ...params, afterFileId, limit],
    };
  }

  /** The FTS index and the counters follow `files` through triggers. */
  async reindex(): Promise<void> {}

  close(): Promise<void> {
    return this.#pool.close();
  }
}
