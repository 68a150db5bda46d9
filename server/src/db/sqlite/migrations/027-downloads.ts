import type { Database } from 'better-sqlite3';

// Downloads (decision D67): a file's own setting (1 allowed, 0 not, NULL its account's), the bytes of
// the MP4 and the M4A it has stored (NULL: none), and each account's setting (no row: not allowed).
// Downloads send no file event (no trigger watches these columns). Frozen text.
export default {
  up(db: Database): void {
    db.exec(`
      ALTER TABLE files ADD COLUMN downloads INTEGER;
      ALTER TABLE files ADD COLUMN download_video_bytes INTEGER;
      ALTER TABLE files ADD COLUMN download_audio_bytes INTEGER;
      CREATE TABLE account_downloads (
        account_id INTEGER PRIMARY KEY,
        allowed    INTEGER NOT NULL
      );
    `);
  },
};
