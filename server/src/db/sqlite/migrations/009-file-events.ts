import type { Database } from 'better-sqlite3';

// The append-only log of file changes that GET /api/files/events streams (ids are the SSE ids).
// Its triggers follow the columns `files` has, so they are written at open (file-event-triggers.ts);
// a row in file_events_paused (inside a seed's transaction) keeps the triggers quiet.
export default {
  up(db: Database): void {
    db.exec(`
      CREATE TABLE file_events (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        account_id INTEGER NOT NULL,
        file_id    INTEGER NOT NULL,
        kind       TEXT NOT NULL CHECK (kind IN ('added', 'changed', 'deleted')),
        changes    TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX file_events_account ON file_events (account_id, id);
      CREATE INDEX file_events_age ON file_events (created_at);
      CREATE TABLE file_events_paused (id INTEGER PRIMARY KEY CHECK (id = 1));
    `);
  },
};
