import type { Database } from 'better-sqlite3';

// The activity log of each file: append-only (no route changes or deletes a row; only the
// retention purge removes old ones).
export default {
  up(db: Database): void {
    db.exec(`
      CREATE TABLE file_activity (
        activity_id INTEGER PRIMARY KEY,
        file_id     INTEGER NOT NULL,
        account_id  INTEGER NOT NULL,
        at          INTEGER NOT NULL,
        actor       TEXT NOT NULL,
        source      TEXT NOT NULL,
        action      TEXT NOT NULL,
        detail      TEXT NOT NULL
      );
      CREATE INDEX file_activity_file ON file_activity (file_id, activity_id);
      CREATE INDEX file_activity_at ON file_activity (at);
    `);
  },
};
