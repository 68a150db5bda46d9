import type { SqlValue } from '../engine';
import type { ListQuery } from '../files';
import { PG_SORT_COLUMNS } from './list-indexes';

/** The filters of a list query as SQL (`AND …`) and their parameters. */
export function listFilters(q: ListQuery): { sql: string; params: SqlValue[] } {
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

/** ORDER BY of a list query's sort in one direction; ties are broken by file_id. */
export function listOrder(q: ListQuery, asc: boolean): string {
  const column = PG_SORT_COLUMNS[q.sort_by];
  const dir = asc ? 'ASC' : 'DESC';
  return column === 'file_id' ? `file_id ${dir}` : `${column} ${dir}, file_id ${dir}`;
}

/**
 * Which way to read `limit` rows from `offset` of `total` ordered rows: a page past the middle is read
 * from the other end (`reverse`: the rows come in the opposite order), `skip` rows in.
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
