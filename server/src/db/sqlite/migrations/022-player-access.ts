import type { Database } from 'better-sqlite3';

// Where a file's player may play (decision D53): a file's own setting as JSON (null: its account's
// default), and each account's default (no row: anywhere, today's behaviour). The file event triggers
// watch the new column as soon as it exists (file-event-triggers.ts). Frozen text.
export default {
  up(db: Database): void {
    db.exec(`
      ALTER TABLE files ADD COLUMN player_access TEXT;
      CREATE TABLE account_player_access (
        account_id INTEGER PRIMARY KEY,
        access     TEXT NOT NULL
      );
    `);
  },
};
