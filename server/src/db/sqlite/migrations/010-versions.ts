import type { Database } from 'better-sqlite3';

// Versions of files and subtitles (ETag / If-Match): every change bumps them; existing rows start at 1.
export default {
  up(db: Database): void {
    db.exec(`
      ALTER TABLE files ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
      ALTER TABLE subtitles ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
    `);
  },
};
