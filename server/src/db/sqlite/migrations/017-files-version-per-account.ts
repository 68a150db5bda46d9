import type { Database } from 'better-sqlite3';

// The list's position cache is valid per account, as on PostgreSQL: files_version counts the
// changes of each account id (a trash is its negated id), so a change in one account no longer
// sends every list worker to walk every big account's deep pages again. Frozen text.
export default {
  up(db: Database): void {
    db.exec(`
      DROP TRIGGER files_version_insert;
      DROP TRIGGER files_version_delete;
      DROP TRIGGER files_version_update;
      DROP TABLE files_version;
      CREATE TABLE files_version (account_id INTEGER PRIMARY KEY, v INTEGER NOT NULL);
      CREATE TRIGGER files_version_insert AFTER INSERT ON files BEGIN
        INSERT INTO files_version (account_id, v) VALUES (new.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
      END;
      CREATE TRIGGER files_version_delete AFTER DELETE ON files BEGIN
        INSERT INTO files_version (account_id, v) VALUES (old.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
      END;
      CREATE TRIGGER files_version_update AFTER UPDATE ON files BEGIN
        INSERT INTO files_version (account_id, v) VALUES (old.account_id, 1) ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
        INSERT INTO files_version (account_id, v) SELECT new.account_id, 1 WHERE new.account_id IS NOT old.account_id
          ON CONFLICT (account_id) DO UPDATE SET v = v + 1;
      END;
    `);
  },
};
