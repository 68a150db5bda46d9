import type { Database } from 'better-sqlite3';

// Which accounts the seed command created: seed may replace only their passwords. Frozen text.
export default {
  up(db: Database): void {
    db.exec('ALTER TABLE accounts ADD COLUMN seeded INTEGER NOT NULL DEFAULT 0');
  },
};
