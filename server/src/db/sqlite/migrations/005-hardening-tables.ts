import type { Database } from 'better-sqlite3';

// The tables of sign-in throttling and crash-clean storage. Servers before this migration created
// them at start (hence IF NOT EXISTS). The rate limit of one SQLite server counts in memory, so it has
// no table here. login_failures was never read.
export default {
  up(db: Database): void {
    db.exec(`
      CREATE TABLE IF NOT EXISTS sign_in_failures (
        scope           TEXT NOT NULL,
        subject         TEXT NOT NULL,
        failures        INTEGER NOT NULL,
        last_failure_at INTEGER NOT NULL,
        PRIMARY KEY (scope, subject)
      );
      CREATE INDEX IF NOT EXISTS sign_in_failures_age ON sign_in_failures (last_failure_at);
      CREATE TABLE IF NOT EXISTS sign_in_known_addresses (
        username        TEXT NOT NULL,
        address         TEXT NOT NULL,
        last_success_at INTEGER NOT NULL,
        PRIMARY KEY (username, address)
      );
      CREATE INDEX IF NOT EXISTS sign_in_known_addresses_age ON sign_in_known_addresses (last_success_at);
      CREATE TABLE IF NOT EXISTS storage_journal (
        storage_name TEXT PRIMARY KEY,
        owner        TEXT NOT NULL,
        created_at   INTEGER NOT NULL
      );
      DROP TABLE IF EXISTS login_failures;
    `);
  },
};
