import type { SqlValue } from '../engine';
import { searchedId } from '../files';
import { accountQueryTerms, accountSearchWords } from '../list-plan';

/** The words stored in `files.search_words`: each word of title and slug, prefixed with the account. */
export function pgSearchWords(accountId: number, title: string, slug: string): string {
  return [...new Set(accountSearchWords(accountId, title, slug))].join(' ');
}

/** The tsquery of a search: every word as a prefix of the account's own words, ANDed; null if none. */
export function toTsQuery(accountId: number, search: string): string | null {
  const terms = accountQueryTerms(accountId, search).map((t) => `'${t}':*`);
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
 * nothing is searchable. `onlyTerm` is the LIKE pattern of a search of one word and nothing else:
 * counting its distinct ids needs no set operation, and its page in title order is a merge of ranges.
 */
export function matchedIds(accountId: number, search: string): { sql: string; params: SqlValue[]; onlyTerm: string | null } | null {
  const patterns = accountQueryTerms(accountId, search).map((t) => `${t}%`);
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
  return { sql: arms.map((a) => `(${a})`).join(' UNION '), params, onlyTerm: patterns.length === 1 && id === null ? patterns[0]! : null };
}

/**
 * The distinct words a term's LIKE pattern matches, at most `max` of them: a skip scan of the word
 * btree, one descent per word (reading the pattern's whole range would read every match).
 */
export function termWords(pattern: string, max: number): { sql: string; params: SqlValue[] } {
  return {
    sql: `WITH RECURSIVE words (word) AS (
            (SELECT word FROM file_words WHERE word LIKE ? ORDER BY word LIMIT 1)
            UNION ALL
            SELECT (SELECT f.word FROM file_words f WHERE f.word > words.word AND f.word LIKE ? ORDER BY f.word LIMIT 1)
            FROM words WHERE words.word IS NOT NULL)
          SELECT word FROM words WHERE word IS NOT NULL LIMIT ?`,
    params: [pattern, pattern, max],
  };
}

/**
 * The ids of `limit` files from `skip` in title order (the files' title sort key, then the id) among
 * the files holding any of `words`: each word's first `skip + limit` files, read index-only from the
 * title-ordered word btree, then merged (a file holding two of the words counts once).
 */
export function titleOrderedIds(words: readonly string[], asc: boolean, limit: number, skip: number): { sql: string; params: SqlValue[] } {
  const dir = asc ? 'ASC' : 'DESC';
  const order = `title_key ${dir}, file_id ${dir}`;
  return {
    sql: `SELECT file_id FROM unnest(string_to_array(?, ' ')) AS term (word),
            LATERAL (SELECT title_key, file_id FROM file_words f WHERE f.word = term.word ORDER BY ${order} LIMIT ?) first
          GROUP BY title_key, file_id ORDER BY ${order} LIMIT ? OFFSET ?`,
    params: [words.join(' '), skip + limit, limit, skip],
  };
}
