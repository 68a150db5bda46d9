import type { Database } from 'better-sqlite3';

// Each account's embed defaults: the player parameters every new snippet of its files starts from,
// as the query string the player reads (`autoplay=1&loop=1`); no row: the player's own defaults.
export default {
  up(db: Database): void {
    db.exec(`
      CREATE TABLE IF NOT EXISTS account_embed_defaults (
        account_id INTEGER PRIMARY KEY,
        params     TEXT NOT NULL
      );
    `);
  },
};
