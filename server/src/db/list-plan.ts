import type { SqlValue } from './engine';
import { queryTerms, searchTerms, wordPrefix, type ListFilter, type ListQuery, type SortKey } from './files';

/**
 * The file list's vocabulary, the same on both engines: the filters and order of a list query, which
 * end of a listing a page is read from, the covering index a listing reads, the account-prefixed
 * search words, the key of a listing's cached positions, and the gate that keeps one account from
 * taking every reader. Each engine's planner adds only its dialect (SQLite's FTS5 and INDEXED BY,
 * PostgreSQL's tsvector and word btree).
 */

/** The column each sort reads, by engine: PostgreSQL sorts titles by a stored lower-case key. */
export type SortColumns = Readonly<Record<SortKey, string>>;

/** The filters of a list query as SQL (`AND …`, columns prefixed with `alias`) and their parameters. */
export function listFilters(q: Pick<ListQuery, 'file_status' | 'isActive'>, alias = ''): { sql: string; params: SqlValue[] } {
  let sql = '';
  const params: SqlValue[] = [];
  if (q.file_status !== undefined) {
    sql += ` AND ${alias}file_status = ?`;
    params.push(q.file_status);
  }
  if (q.isActive !== undefined) {
    sql += ` AND ${alias}is_active = ?`;
    params.push(q.isActive);
  }
  return { sql, params };
}

/**
 * A file with a schedule: the condition of the partial index `files_scheduled` (account_id, file_id),
 * written as that index's own WHERE so that both engines read it (decision D63).
 */
export const SCHEDULED = '(activate_at IS NOT NULL OR deactivate_at IS NOT NULL)';

/**
 * The Scheduled filter's listing on either engine: the account's scheduled files (few: a schedule is
 * set by hand or by a bulk job) read from their own index, filtered, searched (`searched`: the
 * engine's condition, null when nothing is searchable), counted and sorted in the statement; the
 * covering indexes and counters of the other listings do not know schedules.
 */
export function scheduledListing(
  accountId: number,
  q: ListQuery,
  columns: SortColumns,
  searched: { sql: string; params: SqlValue[] } | null,
  index = '',
): { count: { sql: string; params: SqlValue[] }; page: { sql: string; params: SqlValue[] } } {
  const { sql, params } = listFilters(q);
  const search = searched ? ` AND ${searched.sql}` : '';
  const where = `FROM files${index} WHERE account_id = ? AND ${SCHEDULED}${sql}${search}`;
  const all = [accountId, ...params, ...(searched?.params ?? [])];
  return {
    count: { sql: `SELECT count(*) AS total ${where}`, params: all },
    page: {
      sql: `SELECT file_id ${where} ORDER BY ${listOrder(columns, q.sort_by, q.order === 'asc')} LIMIT ? OFFSET ?`,
      params: [...all, q.limit, (q.page - 1) * q.limit],
    },
  };
}

/**
 * FileLister.matching on either engine: the files of the account its filters and search select, after
 * `afterFileId` in file id order, at most `limit`. `searched` is the engine's condition of a search
 * (null: nothing in it is searchable, so no file matches).
 */
export function matchingFiles(
  accountId: number,
  q: ListFilter,
  searched: (search: string) => { sql: string; params: SqlValue[] } | null,
  afterFileId: number,
  limit: number,
): { sql: string; params: SqlValue[] } {
  const search = q.search?.trim();
  const condition = search ? searched(search) : { sql: 'TRUE', params: [] };
  const { sql, params } = listFilters(q);
  const scheduled = q.scheduled ? ` AND ${SCHEDULED}` : '';
  return {
    sql: `SELECT file_id, version FROM files WHERE account_id = ? AND ${condition?.sql ?? 'FALSE'}${sql}${scheduled}
          AND file_id > ? ORDER BY file_id LIMIT ?`,
    params: [accountId, ...(condition?.params ?? []), ...params, afterFileId, limit],
  };
}

/** ORDER BY of a sort in one direction; ties are broken by file_id. */
export function listOrder(columns: SortColumns, sortBy: SortKey, asc: boolean, alias = ''): string {
  const column = columns[sortBy];
  const dir = asc ? 'ASC' : 'DESC';
  return column === 'file_id' ? `${alias}file_id ${dir}` : `${alias}${column} ${dir}, ${alias}file_id ${dir}`;
}

/**
 * Which way to read `limit` rows from `offset` of `total` ordered rows: a page past the middle is read
 * from the other end (`reverse`: the rows come in the opposite order), `skip` rows in, so that no page
 * walks more than half of a listing.
 */
export function readDirection(q: ListQuery, total: number): { asc: boolean; reverse: boolean; limit: number; skip: number } {
  const offset = (q.page - 1) * q.limit;
  const reverse = offset + q.limit / 2 > total / 2;
  return {
    asc: (q.order === 'asc') !== reverse,
    reverse,
    limit: reverse ? Math.min(q.limit, total - offset) : q.limit,
    skip: reverse ? Math.max(0, total - offset - q.limit) : offset,
  };
}

/** The filters a listing's covering index leads with (after the account): none, isActive, or file_status. */
export type FilterFamily = 'all' | 'active' | 'status';

const FAMILY_LEAD: Record<FilterFamily, 'is_active' | 'file_status' | null> = { all: null, active: 'is_active', status: 'file_status' };

export const FILTER_FAMILIES: readonly FilterFamily[] = ['all', 'active', 'status'];

/** A query's filter family: file_status leads when both filters are given (fewer rows per value). */
export const filterFamily = (q: Pick<ListQuery, 'file_status' | 'isActive'>): FilterFamily =>
  q.file_status !== undefined ? 'status' : q.isActive !== undefined ? 'active' : 'all';

/**
 * The covering index of a family and sort column: its keys after account_id (the family's filter
 * column, the sort column, file_id), and the filter columns it carries besides, so that every sort and
 * filter is an ordered range read of one index, never a table lookup per row.
 */
export function listIndexColumns(family: FilterFamily, column: string): { keys: string[]; carried: string[] } {
  const lead = FAMILY_LEAD[family];
  const keys = [...(lead ? [lead] : []), ...(column !== 'file_id' && column !== lead ? [column] : []), 'file_id'];
  return { keys, carried: ['is_active', 'file_status'].filter((c) => !keys.includes(c)) };
}

/** Every (family, sort column) pair whose index is distinct, for `columns`, in a stable order. */
export function listIndexPairs(columns: SortColumns): Array<{ family: FilterFamily; column: string }> {
  const seen = new Set<string>();
  const out: Array<{ family: FilterFamily; column: string }> = [];
  for (const family of FILTER_FAMILIES) {
    for (const column of Object.values(columns)) {
      const { keys } = listIndexColumns(family, column);
      if (seen.has(keys.join())) continue;
      seen.add(keys.join());
      out.push({ family, column });
    }
  }
  return out;
}

/** The words a file is found by: every word of its title and slug, prefixed with its account's prefix. */
export const accountSearchWords = (accountId: number, title: string, slug: string): string[] =>
  searchTerms(`${title} ${slug}`).map((w) => `${wordPrefix(accountId)}${w}`);

/** The words of a search as the account's stored words start: each matches as a prefix. */
export const accountQueryTerms = (accountId: number, search: string): string[] =>
  queryTerms(search).map((w) => `${wordPrefix(accountId)}${w}`);

/**
 * The key of a listing's cached positions (account, filters, sort column): the deep-page position
 * cache of either engine holds the sort key of every `positionStep`-th row of a listing under it.
 */
export const positionKey = (accountId: number, q: Pick<ListQuery, 'file_status' | 'isActive'>, column: string): string =>
  `${accountId}|${q.file_status ?? ''}|${q.isActive ?? ''}|${column}`;

/**
 * At most `perAccount` list reads of one account at a time, so that its heavy searches cannot take
 * every reader (a worker thread, a pooled connection) from the other accounts. `tryEnter` takes a
 * place if one is free; `enter` waits for one, in order; `leave` hands the place to the account's
 * next waiter, if any.
 */
export class AccountGate {
  readonly #perAccount: number;
  readonly #running = new Map<number, number>();
  readonly #waiting = new Map<number, Array<() => void>>();

  constructor(perAccount: number) {
    this.#perAccount = perAccount;
  }

  tryEnter(accountId: number): boolean {
    const running = this.#running.get(accountId) ?? 0;
    if (running >= this.#perAccount) return false;
    this.#running.set(accountId, running + 1);
    return true;
  }

  async enter(accountId: number): Promise<void> {
    if (this.tryEnter(accountId)) return;
    await new Promise<void>((resolve) => {
      const queue = this.#waiting.get(accountId) ?? [];
      queue.push(resolve);
      this.#waiting.set(accountId, queue);
    });
  }

  leave(accountId: number): void {
    const next = this.#waiting.get(accountId)?.shift();
    if (next) return next(); // the place passes to the next waiting read of the same account
    this.#waiting.delete(accountId);
    const running = (this.#running.get(accountId) ?? 1) - 1;
    if (running > 0) this.#running.set(accountId, running);
    else this.#running.delete(accountId);
  }
}
