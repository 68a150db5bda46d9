import { SORT_COLUMNS } from '../files';

/** The column each sort reads: titles sort case-insensitively (ASCII case, as SQLite's NOCASE does). */
export const PG_SORT_COLUMNS = { ...SORT_COLUMNS, file_title: 'file_title_key' } as const;
export type PgSortColumn = (typeof PG_SORT_COLUMNS)[keyof typeof PG_SORT_COLUMNS];
export type PgFilterFamily = 'all' | 'active' | 'status';

/**
 * One btree per (filter family, sort column), led by the account and the filter column, carrying the
 * other filter columns, so that every sort and filter is an index-only range read in order.
 */
export function pgListIndex(family: PgFilterFamily, column: PgSortColumn): { name: string; sql: string } {
  const lead = family === 'active' ? 'is_active' : family === 'status' ? 'file_status' : null;
  const keys = ['account_id', ...(lead ? [lead] : []), ...(column !== 'file_id' && column !== lead ? [column] : []), 'file_id'];
  const include = ['is_active', 'file_status'].filter((c) => !keys.includes(c));
  const name = `files_list_${keys.slice(1).join('_')}`;
  return {
    name,
    sql: `CREATE INDEX IF NOT EXISTS ${name} ON files (${keys.join(', ')})${include.length ? ` INCLUDE (${include.join(', ')})` : ''}`,
  };
}

export function pgListIndexes(): { name: string; sql: string }[] {
  const seen = new Map<string, { name: string; sql: string }>();
  for (const family of ['all', 'active', 'status'] as const) {
    for (const column of Object.values(PG_SORT_COLUMNS)) {
      const index = pgListIndex(family, column);
      seen.set(index.name, index);
    }
  }
  return [...seen.values()];
}

export const PG_SEARCH_INDEX = 'CREATE INDEX IF NOT EXISTS files_search ON files USING gin (search_words)';

export const PG_WORDS_INDEX = 'CREATE UNIQUE INDEX IF NOT EXISTS file_words_word ON file_words (word, file_id)';

/**
 * Each word's files in title order (the files' title sort key, then the id): a search of one word
 * sorted by title reads its page from here, index-only, wherever the word's matches sit in the titles.
 */
export const PG_WORDS_TITLE_INDEX = 'CREATE INDEX IF NOT EXISTS file_words_title ON file_words (word, title_key, file_id)';
