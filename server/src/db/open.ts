import { FileSubtitleStore, type SubtitleStore } from '../lib/subtitle-store';
import type { Db } from './engine';
import type { FileLister } from './files-repository';
import { SqliteDb } from './sqlite/connection';
import { SqliteLister } from './sqlite/lister';

export interface OpenedStorage {
  db: Db;
  lister: FileLister;
  store: SubtitleStore;
  /** True when the database is new (the demo seed runs only then). */
  created: boolean;
  close(): Promise<void>;
}

export interface StorageOptions {
  /** Folder of temporary uploads, and with SQLite of `vp.db` and the subtitle files. */
  dataDir: string;
  /** Read workers of the SQLite list (default: enough to keep one free for other accounts). */
  readWorkers?: number;
}

/** Opens and migrates the database and the subtitle store of a server. */
export async function openStorage(options: StorageOptions): Promise<OpenedStorage> {
  const db = new SqliteDb(options.dataDir);
  const lister = new SqliteLister(db.file, options.readWorkers);
  return {
    db,
    lister,
    store: new FileSubtitleStore(options.dataDir),
    created: db.created,
    async close() {
      await lister.close();
      await db.close();
    },
  };
}
