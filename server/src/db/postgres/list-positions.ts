import type { Queryable } from '../engine';
import type { ListQuery } from '../files';
import type { PgQueries } from './pg-queries';
import { listFilters, listOrder, positionKey } from '../list-plan';
import { PG_SORT_COLUMNS } from './list-indexes';

/** Rows between two stored positions of a listing: a deep page walks fewer than this many index entries. */
const POSITION_STEP = 4096;

export interface Position {
  position: number;
  sort_key: string;
  file_id: number;
}

/**
 * Deep-page positions in `list_positions`, shared by every node: for a listing (account, filters,
 * sort) and the account's files version, the sort key of every `step`-th row in ascending order. A
 * page seeks to the nearest one with a row comparison `(col, file_id) >= (key, id)` (an exact btree
 * seek) and walks the rest. Missing positions are computed in the background, one index-only pass
 * per listing; a change to the account's files makes them stale (another version).
 */
export class ListPositions {
  readonly #db: PgQueries;
  readonly step: number;
  /** Listings whose positions this node is computing now. */
  readonly #filling = new Map<string, Promise<void>>();

  constructor(db: PgQueries, step = POSITION_STEP) {
    this.#db = db;
    this.step = step;
  }

  #listing(accountId: number, q: ListQuery): string {
    return positionKey(accountId, q, PG_SORT_COLUMNS[q.sort_by]);
  }

  /** The stored position at or before `ascStart` for the current files, if computed. */
  nearest(tx: Queryable, accountId: number, q: ListQuery, ascStart: number): Promise<Position | undefined> {
    return tx.get<Position>(
      `SELECT position, sort_key, file_id FROM list_positions
       WHERE listing = ? AND position <= ? AND version = (SELECT coalesce(max(v), 0) FROM files_version WHERE account_id = ?)
       ORDER BY position DESC LIMIT 1`,
      [this.#listing(accountId, q), ascStart, accountId],
    );
  }

  /** The condition and parameters that seek a listing to a stored position. */
  seek(q: ListQuery, at: Position): { sql: string; params: (string | number)[] } {
    const column = PG_SORT_COLUMNS[q.sort_by];
    return column === 'file_id'
      ? { sql: 'file_id >= ?', params: [at.file_id] }
      : { sql: `(${column}, file_id) >= (?, ?)`, params: [at.sort_key, at.file_id] };
  }

  /** Starts computing a listing's positions for the account's current files (once per node at a time). */
  fill(accountId: number, q: ListQuery): void {
    const listing = this.#listing(accountId, q);
    if (this.#filling.has(listing)) return;
    const { sql, params } = listFilters(q);
    // One pass over the whole listing (a second or more at 1 M files): beyond the request time limits.
    const run = this.#db
      .runUnlimited(
        `INSERT INTO list_positions (listing, version, position, sort_key, file_id)
         SELECT ?, (SELECT coalesce(max(v), 0) FROM files_version WHERE account_id = ?), rn, k::text, file_id
         FROM (SELECT ${PG_SORT_COLUMNS[q.sort_by]} AS k, file_id, row_number() OVER (ORDER BY ${listOrder(PG_SORT_COLUMNS, q.sort_by, true)}) - 1 AS rn
               FROM files WHERE account_id = ?${sql}) t
         WHERE rn > 0 AND rn % ? = 0
         ON CONFLICT (listing, position) DO UPDATE SET version = excluded.version, sort_key = excluded.sort_key, file_id = excluded.file_id`,
        [listing, accountId, accountId, ...params, this.step],
      )
      .then(
        () => {},
        () => {}, // only an optimisation: the next deep request tries again
      )
      .finally(() => this.#filling.delete(listing));
    this.#filling.set(listing, run);
  }

  async close(): Promise<void> {
    await Promise.all(this.#filling.values());
  }
}
