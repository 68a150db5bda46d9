import type { Database } from 'better-sqlite3';
import { accountSearchWords } from '../list-plan';

/**
 * The FTS index stores every word prefixed with `<account_id>x`, so that an account's search only
 * ever touches its own terms and a count needs no lookups in `files`.
 */
export function searchWords(accountId: number, title: string, slug: string): string {
  return accountSearchWords(accountId, title, slug).join(' ');
}

/** Registers the SQL function the triggers use; every connection that writes files needs it. */
export function registerFunctions(db: Database): void {
  db.function('vp_search_words', { deterministic: true }, (accountId, title, slug) =>
    searchWords(Number(accountId), String(title), String(slug)),
  );
}
