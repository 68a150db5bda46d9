import type { Database } from 'better-sqlite3';

// Slugs are unique whatever their ASCII case (slugs are ASCII: lower() is enough), and a slug freed
// by a rename or a purge is held for its account for a while (player URLs on customers' sites).
export default {
  up(db: Database): void {
    db.exec(`
      CREATE UNIQUE INDEX files_slug_key ON files (lower(file_slug));
      CREATE TABLE slug_holds (
        slug_key   TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL,
        file_id    INTEGER NOT NULL,
        held_until INTEGER NOT NULL
      );
    `);
  },
};
