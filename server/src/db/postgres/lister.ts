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

/**
 * The PostgreSQL file list. Totals come from the per-account counters (or one count over the search
 * index), pages from the covering btrees (ids first, index-only, then the rows), a page past the
 * middle is read from the other end, and search uses the GIN index of account-prefixed words (never
 * a scan of titles). One account runs at most `perAccount` list queries at a time, so its heavy
 * searches cannot take every connection of the pool from other accounts.
 */
export class PgLister implements FileLister {
  readonly #db: PgDb;
  readonly #perAccount: number;
  readonly #running = new Map<number, number>();
  readonly #waiting = new Map<number, Array<() => void>>();

  constructor(db: PgDb, options: { perAccount?: number } = {}) {
    this.#db = db;
    this.#perAccount = options.perAccount ?? 2;
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

  /** `limit` rows from `offset` of `total`; a page past the middle is read backwards from the end. */
  async #page(tx: Queryable, q: ListQuery, total: number, where: string, params: SqlValue[]): Promise<FileRow[]> {
    const offset = (q.page - 1) * q.limit;
    if (offset >= total) return [];
    const reverse = offset + q.limit / 2 > total / 2;
    const asc = (q.order === 'asc') !== reverse;
    const limit = reverse ? Math.min(q.limit, total - offset) : q.limit;
    const skip = reverse ? Math.max(0, total - offset - q.limit) : offset;
    const ids = (
      await tx.all<{ file_id: number }>(`SELECT file_id FROM files WHERE ${where} ORDER BY ${this.#orderBy(q, asc)} LIMIT ? OFFSET ?`, [
        ...params,
        limit,
        skip,
      ])
    ).map((r) => r.file_id);
    if (reverse) ids.reverse();
    return this.#rowsInOrder(tx, ids);
  }

  async #browse(tx: Queryable, accountId: number, q: ListQuery): Promise<ListPage> {
    const { sql, params } = this.#filters(q);
    const row = await tx.get<{ total: number }>(`SELECT coalesce(sum(n), 0)::bigint AS total FROM file_counts WHERE account_id = ?${sql}`, [
      accountId,
      ...params,
    ]);
    const total = row?.total ?? 0;
    return { total, files: await this.#page(tx, q, total, `account_id = ?${sql}`, [accountId, ...params]) };
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

  async #rowsInOrder(tx: Queryable, ids: number[]): Promise<FileRow[]> {
    if (!ids.length) return [];
    const rows = await tx.all<FileRow>(
      `SELECT ${FILE_COLUMNS} FROM files WHERE file_id IN (${ids.map(() => '?').join(',')})`,
      ids,
    );
    const byId = new Map(rows.map((r) => [r.file_id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is FileRow => r !== undefined);
  }

  async reindex(tx: Queryable, file: FileRow): Promise<void> {
    await tx.run('UPDATE files SET search_words = array_to_tsvector(string_to_array(?, \' \')) WHERE file_id = ?', [
      pgSearchWords(file.account_id, file.file_title, file.file_slug),
      file.file_id,
    ]);
  }

  async warm(): Promise<void> {}

  async tune(): Promise<void> {}

  async close(): Promise<void> {}
}
