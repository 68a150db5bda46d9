import type { Database } from 'better-sqlite3';

// Saved versions of a track's text (the cue editor, D38): each an object of the subtitle store of
// its own; the row's rendition_name points at the newest one while it is what the player serves.
// Version 1 is the upload itself and has no row. Frozen text.
export default {
  up(db: Database): void {
    db.exec(`
      CREATE TABLE subtitle_versions (
        sub_id       INTEGER NOT NULL REFERENCES subtitles(sub_id) ON DELETE CASCADE,
        version_no   INTEGER NOT NULL,
        storage_name TEXT NOT NULL UNIQUE,
        size         INTEGER NOT NULL,
        kind         TEXT NOT NULL CHECK (kind IN ('edit', 'restore')),
        created_at   INTEGER NOT NULL,
        actor        TEXT NOT NULL,
        PRIMARY KEY (sub_id, version_no)
      );
    `);
  },
};
