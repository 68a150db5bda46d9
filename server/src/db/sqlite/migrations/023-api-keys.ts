import type { Database } from 'better-sqlite3';

// API keys of accounts (decision D55): only their SHA-256 is stored; a revoked key's row is deleted.
// last_used_at is the start of the UTC day of the last use (written at most once a day).
// Frozen text.
export default {
  up(db: Database): void {
    db.exec(`
      CREATE TABLE api_keys (
        key_id       INTEGER PRIMARY KEY,
        account_id   INTEGER NOT NULL,
        name         TEXT NOT NULL,
        scope        TEXT NOT NULL,
        key_hash     BLOB NOT NULL UNIQUE,
        created_at   INTEGER NOT NULL,
        expires_at   INTEGER,
        last_used_at INTEGER,
        UNIQUE (account_id, name)
      );
    `);
  },
};
