import type { Database } from 'better-sqlite3';

// A file's schedule (decision D56): when it turns active and when inactive (ms since the epoch, or
// NULL), each with an index of the live files that carry one, which the schedule sweep reads in time
// order. The file event triggers watch the new columns once they exist (file-event-triggers.ts).
// Frozen text.
export default {
  up(db: Database): void {
    db.exec(`
      ALTER TABLE files ADD COLUMN activate_at INTEGER;
      ALTER TABLE files ADD COLUMN deactivate_at INTEGER;
      CREATE INDEX files_activate_due ON files (activate_at) WHERE activate_at IS NOT NULL AND deleted_at IS NULL;
      CREATE INDEX files_deactivate_due ON files (deactivate_at) WHERE deactivate_at IS NOT NULL AND deleted_at IS NULL;
    `);
  },
};
