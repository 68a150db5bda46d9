import type { Database } from 'better-sqlite3';

// Chapters (decision D66): a file's chapters track is a subtitles row of track_kind 'chapters', so it
// is stored, versioned, trashed, purged and counted by the quota as a subtitle track is; a file has
// at most one live one. Frozen text.
export default {
  up(db: Database): void {
    db.exec(`
      ALTER TABLE subtitles ADD COLUMN track_kind TEXT NOT NULL DEFAULT 'subtitles' CHECK (track_kind IN ('subtitles', 'chapters'));
      CREATE UNIQUE INDEX subtitles_one_chapters_track ON subtitles (file_id) WHERE track_kind = 'chapters' AND deleted_at IS NULL;
    `);
  },
};
