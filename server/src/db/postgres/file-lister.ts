import type { FileLister, ListOptions, Queryable, SearchStrategy, SqlValue } from '../engine';
import { FILE_COLUMNS, type FileRow, type ListFilter, type ListPage, type ListQuery } from '../files';
import type { PgQueries } from './pg-queries';
import { matchedIds, pgSearchWords, searchCondition, termWords, titleOrderedIds } from './file-search';
import { ListPositions } from './list-positions';
import { AccountGate, listFilters, listOrder, matchingFiles, readDirection, scheduledListing } from '../list-plan';
import { PG_SORT_COLUMNS } from './list-indexes';

/** A search matching at most this many files is read, counted and sorted in one statement. */
const FEW_MATCHES = 1000;
/** An index-only walk of a sort's index looking for search matches stops after this many rows (see #searchPage). */
const WALK_CAP = 120_000;
/** A walk that reads every row it passes from the heap stops after this many rows. */
const HEAP_WALK_CAP = 4000;
/** Matches beyond this many are not hashed for an index-only walk. */
const HASHED_MATCHES = 30_000;
/** A one-word search sorted by title merges the title-ordered ranges of at most this many words its prefix matches. */
const TITLE_MERGED_WORDS = 64;

/**
 * The PostgreSQL file list. Totals come from the per-account counters (or one count over the search
 * index), pages from the covering btrees (ids first, index-only, then the rows in the same
 * statement): deep pages from the stored list positions, else from the nearer end of the index.
 *
 * One account runs one list query at a time (an AccountGate), so its heavy searches cannot take
 * every connection of the pool (nor every core) from other accounts.
 */
export class PgLister implements FileLister {
  readonly #db: PgQueries;
  readonly #positions: ListPositions;
  readonly #gate = new AccountGate(1);
  readonly #strategy: SearchStrategy;

  /**
   * `searchStrategy`: `join` always reads every match and sorts them, `walk` never reads the matches of
   * several words in one statement (their count then comes from the word btree).
   */
  constructor(db: PgQueries, { positionStep, searchStrategy = 'auto' }: ListOptions = {}) {
    this.#db = db;
    this.#positions = new ListPositions(db, positionStep);
    this.#strategy = searchStrategy;
  }

  async list(accountId: number, q: ListQuery): Promise<ListPage> {
    await this.#gate.enter(accountId);
    try {
      // Each statement reads its own snapshot: no transaction around them saves two round trips per
      // page (a write between the total and the page shows as on the next request anyway).
      const search = q.search?.trim();
      if (q.scheduled) return await this.#scheduled(this.#db, accountId, q, search);
      return await (search ? this.#search(this.#db, accountId, q, search) : this.#browse(this.#db, accountId, q));
    } finally {
      this.#gate.leave(accountId);
    }
  }

  /** The Scheduled filter: the scheduled files' own index (see scheduledListing). */
  async #scheduled(tx: Queryable, accountId: number, q: ListQuery, search: string | undefined): Promise<ListPage> {
    const searched = search ? searchCondition(accountId, search) : undefined;
    if (searched === null) return { files: [], total: 0 };
    const { count, page } = scheduledListing(accountId, q, PG_SORT_COLUMNS, searched ?? null);
    const total = Number((await tx.get<{ total: number }>(count.sql, count.params))?.total ?? 0);
    if ((q.page - 1) * q.limit >= total) return { files: [], total };
    return { total, files: await this.#rows(tx, page.sql, page.params) };
  }

  async #browse(tx: Queryable, accountId: number, q: ListQuery): Promise<ListPage> {
    const { sql, params } = listFilters(q);
    const row = await tx.get<{ total: number }>(`SELECT coalesce(sum(n), 0)::bigint AS total FROM file_counts WHERE account_id = ?${sql}`, [
      accountId,
      ...params,
    ]);
    const total = row?.total ?? 0;
    return { total, files: await this.#page(tx, q, total, `account_id = ?${sql}`, [accountId, ...params], accountId) };
  }

  async #search(tx: Queryable, accountId: number, q: ListQuery, search: string): Promise<ListPage> {
    const condition = searchCondition(accountId, search);
    const matched = matchedIds(accountId, search);
    if (!condition || !matched) return { files: [], total: 0 };
    const { sql, params } = listFilters(q);
    if (matched.onlyTerm === null && this.#strategy !== 'walk') {
      const few = await this.#fewMatches(tx, q, `account_id = ? AND ${condition.sql}${sql}`, [accountId, ...condition.params, ...params]);
      if (few) return few;
    }
    // The count comes from the word btree (index-only), never from the GIN index, whose every match
    // costs a heap page; with filters the matches are looked up in files.
    const count = params.length
      ? `SELECT count(*) AS total FROM files WHERE account_id = ? AND file_id IN (${matched.sql})${sql}`
      : matched.onlyTerm !== null
        ? 'SELECT count(DISTINCT file_id) AS total FROM file_words WHERE word LIKE ?'
        : `SELECT count(*) AS total FROM (${matched.sql}) m`;
    const row = await tx.get<{ total: number }>(count, params.length ? [accountId, ...matched.params, ...params] : matched.params);
    const total = row?.total ?? 0;
    const offset = (q.page - 1) * q.limit;
    if (offset >= total) return { total, files: [] };
    // The word btree carries titles, not filters: a filtered search walks the files' indexes.
    if (matched.onlyTerm !== null && q.sort_by === 'file_title' && !params.length && this.#strategy !== 'join') {
      const files = await this.#titleOrdered(tx, q, total, matched.onlyTerm);
      if (files) return { total, files };
    }
    const listed = await tx.get<{ n: number }>(`SELECT coalesce(sum(n), 0)::bigint AS n FROM file_counts WHERE account_id = ?${sql}`, [
      accountId,
      ...params,
    ]);
    const listing = { where: `account_id = ?${sql}`, params: [accountId, ...params], rows: listed?.n ?? 0 };
    return { total, files: await this.#searchPage(tx, q, total, listing, condition, matched) };
  }

  /**
   * A page of matches, read the cheaper way: walking the sort's index and keeping matches costs a
   * heap page per row walked, reading every match and sorting them a heap page per match. Matches are
   * not spread evenly over a sort (a word may sit mostly at the end of the titles), so a short walk is
   * capped: first one over the heap (HEAP_WALK_CAP rows), then an index-only one beside the word
   * btree's matches (growing up to WALK_CAP rows), and reading every match takes over when both hit
   * their cap. Many matches always make the walk short.
   */
  async #searchPage(
    tx: Queryable,
    q: ListQuery,
    total: number,
    listing: { where: string; params: SqlValue[]; rows: number },
    condition: { sql: string; params: SqlValue[] },
    matched: { sql: string; params: SqlValue[] },
  ): Promise<FileRow[]> {
    const { asc, reverse, limit, skip } = readDirection(q, total);
    const order = listOrder(PG_SORT_COLUMNS, q.sort_by, asc);
    const steps = ((skip + limit) * listing.rows) / total;
    const page = (rows: FileRow[]) => (reverse ? rows.reverse() : rows);
    const walk = this.#strategy !== 'join'; // tests pin `join`: always read every match
    const column = PG_SORT_COLUMNS[q.sort_by];
    const sortColumn = column === 'file_id' ? '' : `, ${column}`;
    if (walk && steps * 2 <= HEAP_WALK_CAP) {
      // Matches spread evenly: a short walk that reads each row's words from the heap finds the page.
      // The filter keeps the walk's order and the walk stops at the page's last match.
      const rows = await this.#rows(
        tx,
        `SELECT file_id FROM (SELECT * FROM files WHERE ${listing.where} ORDER BY ${order} LIMIT ?) walked
         WHERE ${condition.sql} LIMIT ? OFFSET ?`,
        [...listing.params, HEAP_WALK_CAP, ...condition.params, limit, skip],
      );
      if (rows.length === limit) return page(rows);
    }
    if (walk && total <= HASHED_MATCHES && steps * 8 <= WALK_CAP) {
      // Index-only: the walk reads the sort's covering index, the matches come from the word btree (at
      // most HASHED_MATCHES of them: many matches make the walk short whichever way it checks them).
      // It walks 4 times the expected rows, then 8 times more, up to WALK_CAP.
      for (let cap = Math.max(1000, steps * 4); ; cap = Math.min(WALK_CAP, cap * 8)) {
        const rows = await this.#rows(
          tx,
          `WITH matches AS MATERIALIZED (${matched.sql})
           SELECT file_id FROM (SELECT file_id${sortColumn} FROM files WHERE ${listing.where} ORDER BY ${order} LIMIT ?) walked
           WHERE file_id IN (SELECT file_id FROM matches) ORDER BY ${order} LIMIT ? OFFSET ?`,
          [...matched.params, ...listing.params, Math.ceil(cap), limit, skip],
        );
        if (rows.length === limit) return page(rows);
        if (cap >= WALK_CAP || cap >= listing.rows) break;
      }
    } else if (walk && steps < total) {
      return page(
        await this.#rows(tx, `SELECT file_id FROM files WHERE ${listing.where} AND ${condition.sql} ORDER BY ${order} LIMIT ? OFFSET ?`, [
          ...listing.params,
          ...condition.params,
          limit,
          skip,
        ]),
      );
    }
    return page(
      await this.#rows(
        tx,
        `WITH matches AS MATERIALIZED (SELECT file_id${sortColumn} FROM files WHERE ${listing.where} AND ${condition.sql})
         SELECT file_id FROM matches ORDER BY ${order} LIMIT ? OFFSET ?`,
        [...listing.params, ...condition.params, limit, skip],
      ),
    );
  }

  /**
   * The page of a one-word search sorted by title (of `total` matches), without walking the files:
   * the word btree holds each word's files in title order, so the page is a merge of the ranges of
   * the words the term's prefix matches, reading at most `skip + limit` rows of each. Null when a
   * short prefix matches more than TITLE_MERGED_WORDS words.
   */
  async #titleOrdered(tx: Queryable, q: ListQuery, total: number, pattern: string): Promise<FileRow[] | null> {
    const found = termWords(pattern, TITLE_MERGED_WORDS + 1);
    const words = await tx.all<{ word: string }>(found.sql, found.params);
    if (words.length > TITLE_MERGED_WORDS) return null;
    const { asc, reverse, limit, skip } = readDirection(q, total);
    const ids = titleOrderedIds(
      words.map((w) => w.word),
      asc,
      limit,
      skip,
    );
    const rows = await this.#rows(tx, ids.sql, ids.params);
    return reverse ? rows.reverse() : rows;
  }

  /**
   * A search of several words usually matches few files: then one GIN scan reads them all, counts
   * them and sorts the page (a heap page per match, cheap for few). Null when there are more than
   * FEW_MATCHES: the word btree counts them and the page is read as for many.
   */
  async #fewMatches(tx: Queryable, q: ListQuery, where: string, params: SqlValue[]): Promise<ListPage | null> {
    const few = this.#strategy === 'join' ? Number.MAX_SAFE_INTEGER : FEW_MATCHES;
    const offset = (q.page - 1) * q.limit;
    const rows = await tx.all<FileRow & { total: number }>(
      `SELECT ${FILE_COLUMNS}, total FROM (SELECT *, count(*) OVER () AS total FROM (SELECT * FROM files WHERE ${where} LIMIT ?) c) m
       ORDER BY ${listOrder(PG_SORT_COLUMNS, q.sort_by, q.order === 'asc')} LIMIT ? OFFSET ?`,
      [...params, few + 1, q.limit, offset],
    );
    let total = rows[0]?.total;
    if (total === undefined) {
      if (offset === 0) return { files: [], total: 0 };
      const row = await tx.get<{ total: number }>(`SELECT count(*) AS total FROM (SELECT 1 FROM files WHERE ${where} LIMIT ?) c`, [
        ...params,
        few + 1,
      ]);
      total = row?.total ?? 0;
    }
    if (total > few) return null;
    return { total, files: rows.map(({ total: _, ...file }) => file) };
  }

  /**
   * `limit` rows from `offset` of `total` of an account's listing: from the nearest stored position when it has them, else from the nearer end of the index (a page past the middle
   * is read backwards).
   */
  async #page(tx: Queryable, q: ListQuery, total: number, where: string, params: SqlValue[], accountId: number): Promise<FileRow[]> {
    const offset = (q.page - 1) * q.limit;
    if (offset >= total) return [];
    const count = Math.min(q.limit, total - offset);
    const ascStart = q.order === 'asc' ? offset : total - offset - count;
    if (Math.min(ascStart, total - ascStart - count) >= this.#positions.step) {
      const at = await this.#positions.nearest(tx, accountId, q, ascStart);
      if (at) {
        const seek = this.#positions.seek(q, at);
        const rows = await this.#rows(
          tx,
          `SELECT file_id FROM files WHERE ${where} AND ${seek.sql} ORDER BY ${listOrder(PG_SORT_COLUMNS, q.sort_by, true)} LIMIT ? OFFSET ?`,
          [...params, ...seek.params, count, ascStart - at.position],
        );
        return q.order === 'desc' ? rows.reverse() : rows;
      }
      this.#positions.fill(accountId, q);
    }
    const { asc, reverse, limit, skip } = readDirection(q, total);
    const rows = await this.#rows(
      tx,
      `SELECT file_id FROM files WHERE ${where} ORDER BY ${listOrder(PG_SORT_COLUMNS, q.sort_by, asc)} LIMIT ? OFFSET ?`,
      [...params, limit, skip],
    );
    return reverse ? rows.reverse() : rows;
  }

  /** The rows of the ids an (index-only) query selects, in its order: one statement, one round trip. */
  #rows(tx: Queryable, idsSql: string, params: SqlValue[]): Promise<FileRow[]> {
    return tx.all<FileRow>(
      `SELECT ${FILE_COLUMNS} FROM (SELECT file_id, row_number() OVER () AS ord FROM (${idsSql}) ids) page JOIN files USING (file_id) ORDER BY page.ord`,
      params,
    );
  }

  async reindex(tx: Queryable, files: readonly FileRow[]): Promise<void> {
    if (!files.length) return;
    const words = files.map((f) => ({ id: f.file_id, words: pgSearchWords(f.account_id, f.file_title, f.file_slug) }));
    await tx.run(
      `UPDATE files SET search_words = array_to_tsvector(string_to_array(w.words, ' '))
       FROM json_to_recordset(?::json) AS w(id bigint, words text) WHERE files.file_id = w.id`,
      [JSON.stringify(words)],
    );
  }

  /** The list's own search condition: the GIN index of words, or the searched id. */
  matching(accountId: number, q: ListFilter, afterFileId: number, limit: number): { sql: string; params: SqlValue[] } {
    return matchingFiles(accountId, q, (search) => searchCondition(accountId, search), afterFileId, limit);
  }

  /** Positions are computed when a deep page first needs them (see ListPositions). */
  async warm(): Promise<void> {}

  async close(): Promise<void> {
    await this.#positions.close();
  }
}
