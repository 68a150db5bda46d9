import { SORT_COLUMNS } from '../files';
import { listIndexColumns, listIndexPairs, type SortColumns } from '../list-plan';

/** The column each sort reads: titles sort case-insensitively (ASCII case, as SQLite's NOCASE does). */
export const PG_SORT_COLUMNS: SortColumns = { ...SORT_COLUMNS, file_title: 'file_title_key' };

/**
 * The list indexes as they are now (the seed drops and builds them again around a big insert): a btree
 * per filter family and sort column (see listIndexColumns), the carried filter columns INCLUDEd.
 */
export function pgListIndexes(): { name: string; sql: string }[] {
  return listIndexPairs(PG_SORT_COLUMNS).map(({ family, column }) => {
    const { keys, carried } = listIndexColumns(family, column);
    const name = `files_list_${keys.join('_')}`;
    const include = carried.length ? ` INCLUDE (${carried.join(', ')})` : '';
    return { name, sql: `CREATE INDEX IF NOT EXISTS ${name} ON files (account_id, ${keys.join(', ')})${include}` };
  });
}

export const PG_SEARCH_INDEX = 'CREATE INDEX IF NOT EXISTS files_search ON files USING gin (search_words)';

export const PG_WORDS_INDEX = 'CREATE UNIQUE INDEX IF NOT EXISTS file_words_word ON file_words (word, file_id)';

/**
 * Each word's files in title order (the files' title sort key, then the id): a search of one word
 * sorted by title reads its page from here, index-only, wherever the word's matches sit in the titles.
 */
export const PG_WORDS_TITLE_INDEX = 'CREATE INDEX IF NOT EXISTS file_words_title ON file_words (word, title_key, file_id)';
