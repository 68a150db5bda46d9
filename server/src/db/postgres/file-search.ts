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
