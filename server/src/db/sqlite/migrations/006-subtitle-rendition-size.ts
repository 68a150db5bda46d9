import type { Database } from 'better-sqlite3';

// Subtitles: the size of the player rendition (the quota counts original + rendition; null until the
// server measures the renditions stored before, at start), and a sub_tmp idempotency key per file
// (it was per account, so file 501 reusing file 500's key got file 500's track).
export default {
  up(db: Database): void {
    db.exec(`
      ALTER TABLE subtitles ADD COLUMN rendition_size INTEGER;
      DROP INDEX IF EXISTS subtitles_idempotency;
      CREATE UNIQUE INDEX subtitles_idempotency ON subtitles(account_id, file_id, sub_tmp) WHERE sub_tmp IS NOT NULL;
    `);
  },
};
