import type { Database } from 'better-sqlite3';

// The trash. A trashed file keeps its row with deleted_at set and its account_id negated, so the
// list's covering indexes (all led by account_id), its counters and its search words keep the
// account's live files and its trash apart with no new index: the trash is the same range reads
// under -account_id. That needs the foreign key files.account_id → accounts gone (no account is
// ever deleted); SQLite cannot drop a constraint, so it is cut from the stored CREATE TABLE text,
// the procedure SQLite documents for removing a FOREIGN KEY without rebuilding the table.
// A trashed subtitle only gets deleted_at (a file's tracks are few and read by file_id).
export default {
  up(db: Database): void {
    db.unsafeMode(true);
    try {
      const schemaVersion = db.pragma('schema_version', { simple: true }) as number;
      db.pragma('writable_schema = ON');
      db.prepare(
        `UPDATE sqlite_schema SET sql = replace(sql, 'REFERENCES accounts(account_id) ON DELETE CASCADE', '')
         WHERE type = 'table' AND name = 'files'`,
      ).run();
      db.pragma(`schema_version = ${schemaVersion + 1}`);
      db.pragma('writable_schema = OFF');
    } finally {
      db.unsafeMode(false);
    }
    db.exec(`
      ALTER TABLE files ADD COLUMN deleted_at INTEGER;
      ALTER TABLE subtitles ADD COLUMN deleted_at INTEGER;
      CREATE INDEX files_trashed ON files (deleted_at) WHERE deleted_at IS NOT NULL;
      CREATE INDEX subtitles_trashed ON subtitles (deleted_at) WHERE deleted_at IS NOT NULL;
    `);
  },
};
