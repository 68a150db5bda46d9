import type { Queryable, SqlValue } from '../engine';
import type { FileLister } from '../files-repository';
import { FILE_COLUMNS, queryTerms, searchedId, searchTerms, type FileRow, type ListPage, type ListQuery } from '../files';
import type { PgDb } from './connection';
import { PG_SORT_COLUMNS } from './migrations';

/** The words stored in `files.search_words`: each word of title and slug, prefixed with the account. */
export function pgSearchWords(accountId: number, title: string, slug: string): string {
  return [...new Set(searchTerms(`${title} ${slug}`))].map((w) => `${accountId}x${w}`).join(' ');
}

/** The tsquery of a search: every word as a prefix of the account's own words, ANDed; null if none. */
export function toTsQuery(accountId: number, search: string): string | null {
  const terms = queryTerms(search).map((w) => `'${accountId}x${w}':*`);
  return terms.length ? terms.join(' & ') : null;
}

/** Rows between two stored positions of a listing: a deep page walks fewer than this many index entries. */
const POSITION_STEP = 4096;

/**
 * The PostgreSQL file list. Totals come from the per-account counters (or one count over the search
 * index), pages from the covering btrees (ids first, index-only, then the rows), and search uses the
 * GIN index of account-prefixed words (never a scan of titles).
 *
 * Deep pages: `list_positions` holds, for a listing (account, filters, sort) and the account's files
 * version, the sort key of every POSITION_STEP-th row in ascending order. A page seeks to the nearest
 * stored position with a row comparison `(col, file_id) >= (key, id)` (an exact btree seek) and walks
 * the rest. The positions are shared by every node; a deep request that finds none is answered from
 * the nearer end of the index and has them computed in the background (one index-only pass).
 *
 * One account runs at most `perAccount` list queries at a time, so its heavy searches cannot take
 * every connection of the pool from other accounts.
 */
export class PgLister implements FileLister {
  readonly #db: PgDb;
  readonly #perAccount: number;
  readonly #running = new Map<number, number>();
  readonly #waiting = new Map<number, Array<() => void>>();

  constructor(db: PgDb, options: { perAccount?: number } = {}) {
    this.#db = db;
    this.#perAccount = options.perAccount ?? 1;
  }

  #step = POSITION_STEP;
  /** Listings whose positions this node is computing now. */
  readonly #filling = new Map<string, Promise<void>>();

  #listingKey(accountId: number, q: ListQuery): string {
    return `${accountId}|${q.file_status ?? ''}|${q.isActive ?? ''}|${PG_SORT_COLUMNS[q.sort_by]}`;
  }

  /** Computes the stored positions of one listing for the account's current files version. */
  #fill(accountId: number, q: ListQuery): void {
    const listing = this.#listingKey(accountId, q);
    if (this.#filling.has(listing)) return;
    const column = PG_SORT_COLUMNS[q.sort_by];
    const { sql, params } = this.#filters(q);
    const run = this.#db
      .run(
        `INSERT INTO list_positions (listing, version, position, sort_key, file_id)
         SELECT ?, (SELECT coalesce(max(v), 0) FROM files_version WHERE account_id = ?), rn, k::text, file_id
         FROM (SELECT ${column} AS k, file_id, row_number() OVER (ORDER BY ${this.#orderBy(q, true)}) - 1 AS rn
               FROM files WHERE account_id = ?${sql}) t
         WHERE rn > 0 AND rn % ? = 0
         ON CONFLICT (listing, position) DO UPDATE SET version = excluded.version, sort_key = excluded.sort_key, file_id = excluded.file_id`,
        [listing, accountId, accountId, ...params, this.#step],
      )
      .then(
        () => {},
        () => {}, // only an optimisation: the next deep request tries again
      )
      .finally(() => this.#filling.delete(listing));
    this.#filling.set(listing, run);
  }

  async list(accountId: number, q: ListQuery): Promise<ListPage> {
    await this.#enter(accountId);
    try {
      return await this.#db.snapshot((tx) => {
        const search = q.search?.trim();
        return search ? this.#search(tx, accountId, q, search) : this.#browse(tx, accountId, q);
      });
    } finally {
      this.#leave(accountId);
    }
  }

  async #enter(accountId: number): Promise<void> {
    const running = this.#running.get(accountId) ?? 0;
    if (running < this.#perAccount) {
      this.#running.set(accountId, running + 1);
      return;
    }
    await new Promise<void>((resolve) => {
      const queue = this.#waiting.get(accountId) ?? [];
      queue.push(resolve);
      this.#waiting.set(accountId, queue);
    });
  }

  #leave(accountId: number): void {
    const next = this.#waiting.get(accountId)?.shift();
    if (next) return next(); // the slot passes to the next waiting request of the same account
    this.#waiting.delete(accountId);
    const running = (this.#running.get(accountId) ?? 1) - 1;
    if (running > 0) this.#running.set(accountId, running);
    else this.#running.delete(accountId);
  }

  #filters(q: ListQuery): { sql: string; params: SqlValue[] } {
    let sql = '';
    const params: SqlValue[] = [];
    if (q.file_status !== undefined) {
      sql += ' AND file_status = ?';
      params.push(q.file_status);
    }
    if (q.isActive !== undefined) {
      sql += ' AND is_active = ?';
      params.push(q.isActive);
    }
    return { sql, params };
  }

  #orderBy(q: ListQuery, asc: boolean): string {
    const column = PG_SORT_COLUMNS[q.sort_by];
    const dir = asc ? 'ASC' : 'DESC';
    return column === 'file_id' ? `file_id ${dir}` : `${column} ${dir}, file_id ${dir}`;
  }

  /**
   * `limit` rows from `offset` of `total`: from the nearest stored position when the listing has them,
   * else from the nearer end of the index (a page past the middle is read backwards).
   */
  async #page(tx: Queryable, q: ListQuery, total: number, where: string, params: SqlValue[], accountId?: number): Promise<FileRow[]> {
    const offset = (q.page - 1) * q.limit;
    if (offset >= total) return [];
    const count = Math.min(q.limit, total - offset);
    const ascStart = q.order === 'asc' ? offset : total - offset - count;
    if (accountId !== undefined && Math.min(ascStart, total - ascStart - count) >= this.#step) {
      const column = PG_SORT_COLUMNS[q.sort_by];
      const anchor = await tx.get<{ position: number; sort_key: string; file_id: number }>(
        `SELECT position, sort_key, file_id FROM list_positions
         WHERE listing = ? AND position <= ? AND version = (SELECT coalesce(max(v), 0) FROM files_version WHERE account_id = ?)
         ORDER BY position DESC LIMIT 1`,
        [this.#listingKey(accountId, q), ascStart, accountId],
      );
      if (anchor) {
        const seek = column === 'file_id' ? 'file_id >= ?' : `(${column}, file_id) >= (?, ?)`;
        const rows = await this.#rows(tx, `SELECT file_id FROM files WHERE ${where} AND ${seek} ORDER BY ${this.#orderBy(q, true)} LIMIT ? OFFSET ?`, [
          ...params,
          ...(column === 'file_id' ? [anchor.file_id] : [anchor.sort_key, anchor.file_id]),
          count,
          ascStart - anchor.position,
        ]);
        return q.order === 'desc' ? rows.reverse() : rows;
      }
      this.#fill(accountId, q);
    }
    const reverse = offset + q.limit / 2 > total / 2;
    const asc = (q.order === 'asc') !== reverse;
    const limit = reverse ? Math.min(q.limit, total - offset) : q.limit;
    const skip = reverse ? Math.max(0, total - offset - q.limit) : offset;
    const rows = await this.#rows(tx, `SELECT file_id FROM files WHERE ${where} ORDER BY ${this.#orderBy(q, asc)} LIMIT ? OFFSET ?`, [...params, limit, skip]);
    return reverse ? rows.reverse() : rows;
  }

  async #browse(tx: Queryable, accountId: number, q: ListQuery): Promise<ListPage> {
    const { sql, params } = this.#filters(q);
    const row = await tx.get<{ total: number }>(`SELECT coalesce(sum(n), 0)::bigint AS total FROM file_counts WHERE account_id = ?${sql}`, [
      accountId,
      ...params,
    ]);
    const total = row?.total ?? 0;
    return { total, files: await this.#page(tx, q, total, `account_id = ?${sql}`, [accountId, ...params], accountId) };
  }

  async #search(tx: Queryable, accountId: number, q: ListQuery, search: string): Promise<ListPage> {
    const match = toTsQuery(accountId, search);
    const id = searchedId(search);
    if (match === null && id === null) return { files: [], total: 0 };
    const arms: string[] = [];
    const armParams: SqlValue[] = [];
    if (match !== null) {
      arms.push('search_words @@ ?::tsquery');
      armParams.push(match);
    }
    if (id !== null) {
      arms.push('file_id = ?');
      armParams.push(id);
    }
    const { sql, params } = this.#filters(q);
    const where = `account_id = ? AND (${arms.join(' OR ')})${sql}`;
    const all = [accountId, ...armParams, ...params];
    const row = await tx.get<{ total: number }>(`SELECT count(*) AS total FROM files WHERE ${where}`, all);
    const total = row?.total ?? 0;
    return { total, files: await this.#page(tx, q, total, where, all) };
  }

  /** The rows of the ids an (index-only) query selects, in its order: one statement, one round trip. */
  #rows(tx: Queryable, idsSql: string, params: SqlValue[]): Promise<FileRow[]> {
    return tx.all<FileRow>(
      `SELECT ${FILE_COLUMNS} FROM (SELECT file_id, row_number() OVER () AS ord FROM (${idsSql}) ids) page JOIN files USING (file_id) ORDER BY page.ord`,
      params,
    );
  }

  async reindex(tx: Queryable, file: FileRow): Promise<void> {
    await tx.run('UPDATE files SET search_words = array_to_tsvector(string_to_array(?, \' \')) WHERE file_id = ?', [
      pgSearchWords(file.account_id, file.file_title, file.file_slug),
      file.file_id,
    ]);
  }

  /** Positions are computed when a deep page first needs them (see #fill). */
  async warm(): Promise<void> {}

  /** Tests make the step between stored positions small, to exercise them on a small table. */
  async tune(tuning: { anchorStep?: number }): Promise<void> {
    if (tuning.anchorStep) this.#step = tuning.anchorStep;
  }

  async close(): Promise<void> {
    await Promise.all(this.#filling.values());
  }
}
