import { SORT_COLUMNS } from '../files';
import { listIndexColumns, listIndexPairs, type FilterFamily } from '../list-plan';

/**
 * SQLite's covering index of a filter family and sort column (see listIndexColumns): the carried
 * filter columns are trailing keys, and the name lists every column (the planner names it in INDEXED BY).
 */
export function listIndex(family: FilterFamily, column: string): { name: string; columns: string[] } {
  const { keys, carried } = listIndexColumns(family, column);
  const columns = [...keys, ...carried];
  return { name: `files_list_${columns.join('_')}`, columns };
}

/** The list indexes as they are now (the seed drops and builds them again around a big insert). */
export function listIndexStatements(): string[] {
  return listIndexPairs(SORT_COLUMNS).map(({ family, column }) => {
    const { name, columns } = listIndex(family, column);
    return `CREATE INDEX IF NOT EXISTS ${name} ON files(account_id, ${columns.join(', ')})`;
  });
}
