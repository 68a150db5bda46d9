import type { SqlValue } from '../engine';
import { queryTerms, searchedId, searchTerms } from '../files';

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
 * The WHERE condition of a search: the GIN index of account-prefixed words (never a scan of titles),
 * or the file id when the search is a number. Null when nothing is searchable.
 */
export function searchCondition(accountId: number, search: string): { sql: string; params: SqlValue[] } | null {
  const match = toTsQuery(accountId, search);
  const id = searchedId(search);
  if (match === null && id === null) return null;
  const arms: string[] = [];
  const params: SqlValue[] = [];
  if (match !== null) {
    arms.push('search_words @@ ?::tsquery');
    params.push(match);
  }
  if (id !== null) {
    arms.push('file_id = ?');
    params.push(id);
  }
  return { sql: `(${arms.join(' OR ')})`, params };
}

/**
 * The ids of the files a search matches, from `file_words`: an index-only range read per word (the
 * word as a prefix of the account's words), intersected, plus the file with the searched id. Null when
 * nothing is searchable. `single` is the one word of a search that has nothing else: counting its
 * distinct ids needs no set operation.
 */
export function matchedIds(accountId: number, search: string): { sql: string; params: SqlValue[]; single: boolean } | null {
  const patterns = queryTerms(search).map((w) => `${accountId}x${w}%`);
  const id = searchedId(search);
  if (!patterns.length && id === null) return null;
  const arms: string[] = [];
  const params: SqlValue[] = [];
  if (patterns.length) {
    arms.push(patterns.map(() => 'SELECT file_id FROM file_words WHERE word LIKE ?').join(' INTERSECT '));
    params.push(...patterns);
  }
  if (id !== null) {
    arms.push('SELECT file_id FROM files WHERE file_id = ? AND account_id = ?');
    params.push(id, accountId);
  }
  return { sql: arms.map((a) => `(${a})`).join(' UNION '), params, single: patterns.length === 1 && id === null };
}
