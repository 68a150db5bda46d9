import { SORT_COLUMNS, type SortColumn } from '../files';

/**
 * The file-list indexes: one covering index per (filter family, sort column), so that every allowed
 * sort, with or without the isActive / file_status filters, is an ordered index range read (no sort
 * step, no table lookups) and a deep page costs an index walk, never a table scan.
 */
export type FilterFamily = 'all' | 'active' | 'status';

const FAMILY_LEAD: Record<FilterFamily, SortColumn | null> = { all: null, active: 'is_active', status: 'file_status' };

/** Index name and columns for a family and sort column (the list query names it in INDEXED BY). */
export function listIndex(family: FilterFamily, column: SortColumn): { name: string; columns: SortColumn[] } {
  const lead = FAMILY_LEAD[family];
  const columns: SortColumn[] = [];
  if (lead) columns.push(lead);
  if (column !== lead && column !== 'file_id') columns.push(column);
  columns.push('file_id');
  for (const extra of ['is_active', 'file_status'] as const) if (!columns.includes(extra)) columns.push(extra);
  return { name: `files_list_${columns.join('_')}`, columns };
}

export function listIndexStatements(): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const family of ['all', 'active', 'status'] as const) {
    for (const column of Object.values(SORT_COLUMNS)) {
      const { name, columns } = listIndex(family, column);
      if (seen.has(name)) continue;
      seen.add(name);
      out.push(`CREATE INDEX IF NOT EXISTS ${name} ON files(account_id, ${columns.join(', ')})`);
    }
  }
  return out;
}
