import type { Database } from 'better-sqlite3';

// Named worker tokens of the pipeline API (only their SHA-256 is stored; a revoked one keeps its row and
// name), and the pipeline's workers by name: when each was last seen and how many jobs it ended.
// Frozen text.
export default {
  up(db: Database): void {
    db.exec(`
      CREATE TABLE worker_tokens (
        name         TEXT PRIMARY KEY,
        token_hash   BLOB NOT NULL UNIQUE,
        created_at   INTEGER NOT NULL,
        last_used_at INTEGER,
        revoked_at   INTEGER
      );
      CREATE TABLE pipeline_workers (
        name         TEXT PRIMARY KEY,
        last_seen_at INTEGER NOT NULL,
        jobs_done    INTEGER NOT NULL DEFAULT 0,
        jobs_failed  INTEGER NOT NULL DEFAULT 0
      );
    `);
  },
};
