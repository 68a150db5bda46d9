import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { migrate, registerFunctions } from './migrations';

export const DB_FILE_NAME = 'vp.db';

export interface OpenedDatabase {
  db: Database;
  /** True when this call created the database file (the demo seed runs only then). */
  created: boolean;
}

/**
 * Opens (and migrates) `<dataDir>/vp.db`. WAL + busy_timeout let the CLI (`seed`, `user add`) write
 * while a server has the same file open.
 */
export function openDatabase(dataDir: string): OpenedDatabase {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DB_FILE_NAME);
  const created = !fs.existsSync(file);
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -262144'); // 256 MiB page cache
  db.pragma('mmap_size = 2147483648'); // reads of the list indexes (~0.7 GB at 1 M files) without copying pages
  registerFunctions(db);
  migrate(db);
  return { db, created };
}
