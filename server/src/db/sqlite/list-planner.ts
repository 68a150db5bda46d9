import type { Database, Statement } from 'better-sqlite3';
import type { ListOptions, SearchStrategy } from '../engine';
import { FILE_STATUS_CODES } from '../../../../src/contract/file-status';
import { searchedId, SORT_COLUMNS, type FileRow, type ListPage, type ListQuery, type SortKey } from '../files';
import { accountQueryTerms, filterFamily, listFilters, listOrder, positionKey, readDirection, scheduledListing } from '../list-plan';
import { listIndex } from './list-indexes';

/** A primary-key lookup costs about this many index steps (measured order of magnitude). */
const LOOKUP_COST = 40;
/** Time a list request may spend extending the position cache. */
const POSITION_BUDGET_MS = 4;

/**
 * Turns what a user typed into an FTS5 query that cannot be a syntax error: the words are cut exactly
 * as the stored words were (letters and digits only), each becomes a quoted prefix term on the
 * account's own words, and the terms are ANDed. Returns null when nothing searchable is left.
 */
export function toMatchQuery(accountId: number, search: string): string | null {
  const terms = accountQueryTerms(accountId, search).map((t) => `"${t}"*`);
  return terms.length ? terms.join(' AND ') : null;
}

/**
 * The ids (`id`) of the account's files a search matches: the FTS index of its words, and the file of
 * the searched id. Null when nothing is searchable.
 */
export function searchCandidates(accountId: number, search: string): { sql: string; params: (string | number)[] } | null {
  const match = toMatchQuery(accountId, search);
  const id = searchedId(search);
  if (match === null && id === null) return null;
  const parts: string[] = [];
  const params: (string | number)[] = [];
  if (match !== null) {
    parts.push('SELECT rowid AS id FROM files_search WHERE files_search MATCH ?');
    params.push(match);
  }
  if (id !== null) {
    parts.push('SELECT file_id AS id FROM files WHERE file_id = ? AND account_id = ?');
    params.push(id, accountId);
  }
  return { sql: parts.join(' UNION '), params };
}

/**
 * The SQLite list planner: pages of an account's files for every sort, filter and search, from the
 * covering indexes, the per-account counters and the FTS index. It is synchronous and runs in the
 * read workers (each with its own read-only connection), never on the server's event loop.
 */
export class SqliteListPlanner {
  readonly #searchStrategy: SearchStrategy;
  /** Rows between two cached positions of a listing. */
  readonly #positionStep: number;
  readonly #db: Database;
  /**
   * Position cache for deep pages: for a listing (account, filters, sort, direction), the sort key of
   * the row at every `positionStep`-th position, filled in as pages are asked for. A page at position p
   * then seeks to the nearest position and walks fewer than `positionStep` rows, instead of p. An
   * account's listings are valid for one value of its `files_version` (any change to its files clears them).
   */
  readonly #positions = new Map<number, { version: number; listings: Map<string, Array<[unknown, number]>> }>();
  /** The version each big account was last warmed at: an account that has not changed since is skipped. */
  readonly #warmed = new Map<number, number>();
  readonly #cache = new Map<string, Statement>();

  constructor(db: Database, { positionStep = 8192, searchStrategy = 'auto' }: Pick<ListOptions, 'positionStep' | 'searchStrategy'> = {}) {
    this.#db = db;
    this.#positionStep = positionStep;
    this.#searchStrategy = searchStrategy;
  }

  #stmt(sql: string): Statement {
    let s = this.#cache.get(sql);
    if (!s) {
      s = this.#db.prepare(sql);
      this.#cache.set(sql, s);
    }
    return s;
  }

  /** One consistent snapshot for the count and the page. */
  list(accountId: number, q: ListQuery): ListPage {
    return this.#db
      .transaction(() => {
        const search = q.search?.trim();
        if (q.scheduled) return this.#scheduled(accountId, q, search);
        return search ? this.#search(accountId, q, search) : this.#browse(accountId, q);
      })
      .deferred();
  }

  /**
   * No search: the total comes from the counters, the page's ids from a covering index (deferred
   * join), and a page past the middle is read from the other end of the index with the order
   * reversed, so no request walks more than half of the account's rows.
   */
  #browse(accountId: number, q: ListQuery): { files: FileRow[]; total: number } {
    const { total } = this.#counts(accountId, q);
    const offset = (q.page - 1) * q.limit;
    if (offset >= total) return { files: [], total };

    const { asc, reverse, limit, skip } = readDirection(q, total);
    const ids = this.#pageIds(accountId, q, asc, limit, skip);
    if (reverse) ids.reverse();
    return { files: this.#rowsInOrder(ids), total };
  }

  /**
   * Search: the matches come from the account's own FTS terms, so their count costs no lookups. A page
   * is then read one of two ways, whichever is cheaper: walk the sort's covering index and keep the
   * rows in the match set (good when matches are many), or look the matches up and sort them (good
   * when they are few).
   */
  #search(accountId: number, q: ListQuery, search: string): { files: FileRow[]; total: number } {
    const candidates = searchCandidates(accountId, search);
    if (!candidates) return { files: [], total: 0 };
    const { sql: cand, params: candParams } = candidates;
    const { sql: filterSql, params } = listFilters(q, 'f.');
    const hasFilters = params.length > 0;

    const matches = this.#stmt(`SELECT count(*) FROM (${cand})`)
      .pluck()
      .get(...candParams) as number;
    const total = hasFilters
      ? (this.#stmt(`SELECT count(*) FROM (${cand}) c CROSS JOIN files f ON f.file_id = c.id WHERE 1${filterSql}`)
          .pluck()
          .get(...candParams, ...params) as number)
      : matches;
    const offset = (q.page - 1) * q.limit;
    if (offset >= total) return { files: [], total };

    const { total: rows } = this.#counts(accountId, q);
    const { asc, reverse, limit, skip } = readDirection(q, total);
    const needed = reverse ? total - offset : offset + q.limit;
    const walkSteps = (needed * rows) / total;
    let ids: number[];
    const walk = this.#searchStrategy === 'auto' ? walkSteps <= matches * LOOKUP_COST : this.#searchStrategy === 'walk';
    if (walk) {
      const index = listIndex(filterFamily(q), SORT_COLUMNS[q.sort_by]).name;
      const { sql: plainFilters } = listFilters(q);
      ids = this.#stmt(
        `SELECT file_id FROM files INDEXED BY ${index} WHERE account_id = ?${plainFilters} AND file_id IN (${cand})` +
          ` ORDER BY ${listOrder(SORT_COLUMNS, q.sort_by, asc)} LIMIT ? OFFSET ?`,
      )
        .pluck()
        .all(accountId, ...params, ...candParams, limit, skip) as number[];
      if (reverse) ids.reverse();
    } else {
      ids = this.#stmt(
        `SELECT f.file_id FROM (${cand}) c CROSS JOIN files f ON f.file_id = c.id WHERE 1${filterSql}` +
          ` ORDER BY ${listOrder(SORT_COLUMNS, q.sort_by, q.order === 'asc', 'f.')} LIMIT ? OFFSET ?`,
      )
        .pluck()
        .all(...candParams, ...params, q.limit, offset) as number[];
    }
    return { files: this.#rowsInOrder(ids), total };
  }

  /** The Scheduled filter: the scheduled files' own index (see scheduledListing). */
  #scheduled(accountId: number, q: ListQuery, search: string | undefined): ListPage {
    const candidates = search ? searchCandidates(accountId, search) : undefined;
    if (candidates === null) return { files: [], total: 0 };
    const searched = candidates && { sql: `file_id IN (${candidates.sql})`, params: candidates.params };
    const { count, page } = scheduledListing(accountId, q, SORT_COLUMNS, searched ?? null, ' INDEXED BY files_scheduled');
    const total = this.#stmt(count.sql)
      .pluck()
      .get(...count.params) as number;
    if ((q.page - 1) * q.limit >= total) return { files: [], total };
    return {
      files: this.#rowsInOrder(
        this.#stmt(page.sql)
          .pluck()
          .all(...page.params) as number[],
      ),
      total,
    };
  }

  /** Ids of `limit` rows after skipping `skip`, in the given direction, through the cached positions. */
  #pageIds(accountId: number, q: ListQuery, asc: boolean, limit: number, skip: number, warmOnly = false): number[] {
    const column = SORT_COLUMNS[q.sort_by];
    const index = listIndex(filterFamily(q), column).name;
    const { sql: filterSql, params } = listFilters(q);
    const order = listOrder(SORT_COLUMNS, q.sort_by, asc);
    const base = `FROM files INDEXED BY ${index} WHERE account_id = ?${filterSql}`;
    const step = this.#positionStep;
    const k = Math.floor(skip / step);
    if (k === 0) {
      return this.#stmt(`SELECT file_id ${base} ORDER BY ${order} LIMIT ? OFFSET ?`)
        .pluck()
        .all(accountId, ...params, limit, skip) as number[];
    }

    const version = this.#accountVersion(accountId);
    let cached = this.#positions.get(accountId);
    if (cached?.version !== version) {
      cached = { version, listings: new Map() };
      this.#positions.set(accountId, cached);
    }
    // Positions are counted from either end: a page past the middle is read backwards (readDirection).
    const cacheKey = `${positionKey(accountId, q, column)}|${asc ? 'ASC' : 'DESC'}`;
    let positions = cached.listings.get(cacheKey);
    if (!positions) {
      if (cached.listings.size >= 500) cached.listings.clear();
      positions = [];
      cached.listings.set(cacheKey, positions);
    }
    const cmp = asc ? '>' : '<';
    const cols = column === 'file_id' ? 'file_id' : `${column} AS c, file_id`;
    const keyOf = (row: Record<string, unknown> | undefined): [unknown, number] | undefined =>
      row ? [column === 'file_id' ? row.file_id : row.c, row.file_id as number] : undefined;
    /**
     * `limit` rows (or key columns) after skipping `skip` rows from a key on. A row value
     * `(col, file_id) > (?, ?)` would seek on `col` only and then walk every row sharing the key's
     * value (tens of thousands on a status or server sort), so this reads "same value, later id" and
     * then "later value", each from an exact seek followed by a plain index walk.
     */
    const fromKey = (key: [unknown, number], inclusive: boolean, what: string, limit: number, skip: number): Record<string, unknown>[] => {
      const idCmp = inclusive ? `${cmp}=` : cmp;
      if (column === 'file_id') {
        return this.#stmt(`SELECT ${what} ${base} AND file_id ${idCmp} ? ORDER BY ${order} LIMIT ? OFFSET ?`).all(
          accountId,
          ...params,
          key[1],
          limit,
          skip,
        ) as Record<string, unknown>[];
      }
      const same = `${base} AND ${column} = ? AND file_id ${idCmp} ?`;
      const inSame = this.#stmt(`SELECT count(*) FROM (SELECT 1 ${same} LIMIT ?)`)
        .pluck()
        .get(accountId, ...params, key[0], key[1], skip + limit) as number;
      const rows =
        skip < inSame
          ? (this.#stmt(`SELECT ${what} ${same} ORDER BY ${order} LIMIT ? OFFSET ?`).all(
              accountId,
              ...params,
              key[0],
              key[1],
              limit,
              skip,
            ) as Record<string, unknown>[])
          : [];
      if (rows.length < limit) {
        rows.push(
          ...(this.#stmt(`SELECT ${what} ${base} AND ${column} ${cmp} ? ORDER BY ${order} LIMIT ? OFFSET ?`).all(
            accountId,
            ...params,
            key[0],
            limit - rows.length,
            Math.max(0, skip - inSame),
          ) as Record<string, unknown>[]),
        );
      }
      return rows;
    };

    // positions[j - 1] is the key at position j * step. Extending them costs about what walking there
    // costs, so it is time-boxed: a request never pays much more than a plain OFFSET would, and
    // repeated deep requests soon find their position ready.
    const started = performance.now();
    while (positions.length < k && performance.now() - started < POSITION_BUDGET_MS) {
      const prev = positions[positions.length - 1];
      const row = prev
        ? fromKey(prev, false, cols, 1, step - 1)[0]
        : (this.#stmt(`SELECT ${cols} ${base} ORDER BY ${order} LIMIT 1 OFFSET ?`).get(accountId, ...params, step) as
            Record<string, unknown> | undefined);
      const key = keyOf(row);
      if (!key) break;
      positions.push(key);
    }
    if (warmOnly) return positions.length >= k ? [1] : [];
    const j = Math.min(k, positions.length);
    const position = positions[j - 1];
    if (!position) {
      return this.#stmt(`SELECT file_id ${base} ORDER BY ${order} LIMIT ? OFFSET ?`)
        .pluck()
        .all(accountId, ...params, limit, skip) as number[];
    }
    return fromKey(position, true, 'file_id', limit, skip - j * step).map((r) => r.file_id as number);
  }

  /**
   * Fills the position cache of big accounts ahead of requests, one small slice per call (each call
   * runs for about POSITION_BUDGET_MS). Returns true when everything is warm for the current data;
   * an account whose files have not changed since it was last warmed costs one lookup.
   */
  warmPositions(): boolean {
    if (!this.#warm) this.#warm = this.#warmSteps();
    const started = performance.now();
    while (performance.now() - started < POSITION_BUDGET_MS) {
      if (this.#warm.next().done) {
        this.#warm = null;
        return true;
      }
    }
    return false;
  }

  #warm: Generator<void> | null = null;

  *#warmSteps(): Generator<void> {
    const big = this.#stmt('SELECT account_id FROM file_counts GROUP BY account_id HAVING sum(n) >= ?')
      .pluck()
      .all(this.#positionStep * 4) as number[];
    const filters: Array<Pick<ListQuery, 'isActive' | 'file_status'>> = [
      {},
      { isActive: 1 },
      { isActive: 0 },
      ...FILE_STATUS_CODES.map((s) => ({ file_status: s })),
      ...FILE_STATUS_CODES.flatMap((s) => ([0, 1] as const).map((isActive) => ({ file_status: s, isActive }))),
    ];
    for (const accountId of big) {
      const version = this.#accountVersion(accountId);
      if (this.#warmed.get(accountId) === version) continue;
      for (const f of filters) {
        for (const sort_by of Object.keys(SORT_COLUMNS) as SortKey[]) {
          const q: ListQuery = { page: 1, limit: 1, sort_by, order: 'asc', ...f };
          for (const asc of [true, false]) {
            for (;;) {
              const done = this.#db
                .transaction(() => {
                  const { total } = this.#counts(accountId, q);
                  return total < this.#positionStep * 2 || this.#pageIds(accountId, q, asc, 1, Math.floor(total / 2), true).length > 0;
                })
                .deferred();
              if (done) break;
              yield;
            }
            yield;
          }
        }
      }
      this.#warmed.set(accountId, version); // a change meanwhile left a newer version: the next warm-up walks again
    }
  }

  #accountVersion(accountId: number): number {
    return this.#stmt('SELECT coalesce(max(v), 0) FROM files_version WHERE account_id = ?').pluck().get(accountId) as number;
  }

  #counts(accountId: number, q: ListQuery): { total: number } {
    const { sql: filterSql, params } = listFilters(q);
    const total = this.#stmt(`SELECT coalesce(sum(n), 0) FROM file_counts WHERE account_id = ?${filterSql}`)
      .pluck()
      .get(accountId, ...params) as number;
    return { total };
  }

  #rowsInOrder(ids: number[]): FileRow[] {
    if (!ids.length) return [];
    const rows = this.#stmt(`SELECT * FROM files WHERE file_id IN (${ids.map(() => '?').join(',')})`).all(...ids) as FileRow[];
    const byId = new Map(rows.map((r) => [r.file_id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is FileRow => r !== undefined);
  }
}
