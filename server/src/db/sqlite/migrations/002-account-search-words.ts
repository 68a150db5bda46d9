import type { Database } from 'better-sqlite3';

// The search index holds account-prefixed words (contentless FTS5): counts need no joins.
export default {
  up(db: Database): void {
    for (const name of ['files_after_insert', 'files_after_delete', 'files_after_update_counts', 'files_after_update_fts']) {
      db.exec(`DROP TRIGGER IF EXISTS ${name}`);
    }
    db.exec('DROP TABLE IF EXISTS files_fts');
    db.exec(
      `CREATE VIRTUAL TABLE files_search USING fts5(words, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`,
    );
    db.exec('INSERT INTO files_search (rowid, words) SELECT file_id, vp_search_words(account_id, file_title, file_slug) FROM files');
    // Not indented: SQLite keeps a trigger's text as written.
    db.exec(`
CREATE TRIGGER IF NOT EXISTS files_after_insert AFTER INSERT ON files BEGIN
  INSERT INTO file_counts(account_id, file_status, is_active, n) VALUES (new.account_id, new.file_status, new.is_active, 1)
    ON CONFLICT(account_id, file_status, is_active) DO UPDATE SET n = n + 1;
  INSERT INTO files_search(rowid, words) VALUES (new.file_id, vp_search_words(new.account_id, new.file_title, new.file_slug));
END;
CREATE TRIGGER IF NOT EXISTS files_after_delete AFTER DELETE ON files BEGIN
  UPDATE file_counts SET n = n - 1
    WHERE account_id = old.account_id AND file_status = old.file_status AND is_active = old.is_active;
  DELETE FROM files_search WHERE rowid = old.file_id;
END;
CREATE TRIGGER IF NOT EXISTS files_after_update_counts AFTER UPDATE OF account_id, file_status, is_active ON files BEGIN
  UPDATE file_counts SET n = n - 1
    WHERE account_id = old.account_id AND file_status = old.file_status AND is_active = old.is_active;
  INSERT INTO file_counts(account_id, file_status, is_active, n) VALUES (new.account_id, new.file_status, new.is_active, 1)
    ON CONFLICT(account_id, file_status, is_active) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER IF NOT EXISTS files_after_update_search AFTER UPDATE OF account_id, file_title, file_slug ON files BEGIN
  DELETE FROM files_search WHERE rowid = old.file_id;
  INSERT INTO files_search(rowid, words) VALUES (new.file_id, vp_search_words(new.account_id, new.file_title, new.file_slug));
END;
`);
  },
};
