import type { Database } from 'better-sqlite3';

// The media pipeline: what a file's processing reports (progress of the current stage, why a stage
// failed, what the probe found, the media key of its streaming rendition), and the jobs table with
// leases that workers claim (run_at is also the end of a job's lease while it is claimed).
export default {
  up(db: Database): void {
    db.exec(`
      ALTER TABLE files ADD COLUMN file_progress INTEGER;
      ALTER TABLE files ADD COLUMN file_reason TEXT;
      ALTER TABLE files ADD COLUMN file_duration REAL;
      ALTER TABLE files ADD COLUMN file_width INTEGER;
      ALTER TABLE files ADD COLUMN file_height INTEGER;
      ALTER TABLE files ADD COLUMN file_rendition TEXT;
      CREATE TABLE jobs (
        job_id       INTEGER PRIMARY KEY,
        kind         TEXT NOT NULL,
        payload      TEXT NOT NULL,
        attempts     INTEGER NOT NULL DEFAULT 0,
        max_attempts INTEGER NOT NULL,
        run_at       INTEGER NOT NULL,
        lease_token  TEXT,
        leased_by    TEXT,
        last_error   TEXT,
        created_at   INTEGER NOT NULL
      );
      CREATE INDEX jobs_due ON jobs (run_at);
    `);
  },
};
