import type { Database } from 'better-sqlite3';

// Bulk jobs (POST /api/files/bulk): one row per job, found again by its account's Idempotency-Key,
// and one row per file it touches with that file's outcome (NULL until done). The file's version
// when the job took it: a file edited since is a 'conflict', as an If-Match would be. The event
// log gets the kind 'job' (a job's progress): SQLite cannot alter a CHECK, so its text is widened in
// the stored schema (every stored row still satisfies it), the procedure of the trash's migration,
// which keeps whatever columns the table has. Frozen text.
export default {
  up(db: Database): void {
    db.exec(`
      CREATE TABLE bulk_jobs (
        job_id          INTEGER PRIMARY KEY AUTOINCREMENT,
        account_id      INTEGER NOT NULL,
        idempotency_key TEXT NOT NULL,
        request_hash    TEXT NOT NULL,
        action          TEXT NOT NULL,
        filter          TEXT,
        actor           TEXT NOT NULL,
        source          TEXT NOT NULL,
        state           TEXT NOT NULL,
        total           INTEGER NOT NULL,
        reason          TEXT,
        created_at      INTEGER NOT NULL,
        finished_at     INTEGER,
        UNIQUE (account_id, idempotency_key)
      );
      CREATE TABLE bulk_job_files (
        job_id  INTEGER NOT NULL,
        file_id INTEGER NOT NULL,
        version INTEGER NOT NULL,
        outcome TEXT,
        reason  TEXT,
        PRIMARY KEY (job_id, file_id)
      );
    `);
    db.unsafeMode(true);
    try {
      const schemaVersion = db.pragma('schema_version', { simple: true }) as number;
      db.pragma('writable_schema = ON');
      db.prepare(
        `UPDATE sqlite_schema SET sql = replace(sql, 'CHECK (kind IN (''added'', ''changed'', ''deleted''))',
           'CHECK (kind IN (''added'', ''changed'', ''deleted'', ''job''))')
         WHERE type = 'table' AND name = 'file_events'`,
      ).run();
      db.pragma(`schema_version = ${schemaVersion + 1}`);
      db.pragma('writable_schema = OFF');
    } finally {
      db.unsafeMode(false);
    }
  },
};
