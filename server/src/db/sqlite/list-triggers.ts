// The triggers of `files` as they are now: the seed drops them and writes them again around a big
// insert. The migrations that created them hold their own frozen copy.

/** Triggers that keep the search index and the per-account counters in step with `files`. */
export const FILE_TRIGGERS = `
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
`;

/**
 * Any change to `files` bumps its account's `files_version.v` (a move to or from the trash: both
 * account ids): the list's position cache of an account is valid for one value.
 */
export const VERSION_TRIGGERS = `
CREATE TRIGGER IF NOT EXISTS files_version_insert AFTER INSERT ON files BEGIN
  INSERT INTO files_version (account_id, v) VALUES (new.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
END;
CREATE TRIGGER IF NOT EXISTS files_version_delete AFTER DELETE ON files BEGIN
  INSERT INTO files_version (account_id, v) VALUES (old.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
END;
CREATE TRIGGER IF NOT EXISTS files_version_update AFTER UPDATE ON files BEGIN
  INSERT INTO files_version (account_id, v) VALUES (old.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
  INSERT INTO files_version (account_id, v) SELECT new.account_id, 1 WHERE new.account_id IS NOT old.account_id
    ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
END;
`;

/** The account's version after a seed that built the triggers again around its insert. */
export const BUMP_ACCOUNT_VERSION =
  'INSERT INTO files_version (account_id, v) VALUES (?, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1';

export const FILE_TRIGGER_NAMES = [
  'files_version_insert',
  'files_version_delete',
  'files_version_update',
  'files_after_insert',
  'files_after_delete',
  'files_after_update_counts',
  'files_after_update_search',
] as const;
