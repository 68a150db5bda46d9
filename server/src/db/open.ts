import { FileSubtitleStore, type SubtitleStore } from '../lib/subtitle-store';
import { DatabaseUnavailableError, type Db } from './engine';
import type { FileLister } from './files-repository';
import { PgDb } from './postgres/connection';
import { PgLister } from './postgres/lister';
import { migratePg, MIGRATION_LOCK } from './postgres/migrations';
import { PgSubtitleStore } from './postgres/subtitle-store';
import { SqliteDb } from './sqlite/connection';
import { SqliteLister } from './sqlite/lister';

export interface Storage {
  db: Db;
  lister: FileLister;
  store: SubtitleStore;
  close(): Promise<void>;
}

export interface StorageOptions {
  /** Folder of temporary uploads, and with SQLite of `vp.db` and the subtitle files. */
  dataDir: string;
  /** `postgres://user:password@host:port/db`: PostgreSQL instead of the embedded SQLite file. */
  databaseUrl?: string | undefined;
  /** Read workers of the SQLite list (default: enough to keep one free for other accounts). */
  readWorkers?: number | undefined;
  /**
   * Runs once per database, when it is new (the demo seed). With PostgreSQL it runs under the
   * migration lock, so of several nodes starting together exactly one seeds.
   */
  initialize?: (storage: Storage) => Promise<void>;
}

/** The start fails with this when the database cannot be used: one line, no stack. */
export class StorageConfigError extends Error {}

/** Opens, migrates and (once per database) initializes the storage of a server or of the CLI. */
export async function openStorage(options: StorageOptions): Promise<Storage> {
  return options.databaseUrl ? openPostgres(options, options.databaseUrl) : openSqlite(options);
}

async function openSqlite(options: StorageOptions): Promise<Storage> {
  const db = new SqliteDb(options.dataDir);
  const lister = new SqliteLister(db.file, options.readWorkers);
  const storage: Storage = {
    db,
    lister,
    store: new FileSubtitleStore(options.dataDir),
    async close() {
      await lister.close();
      await db.close();
    },
  };
  if (db.created) await options.initialize?.(storage);
  return storage;
}

/** `postgres://vp:***@host:5432/db`: the URL without its password, for messages. */
function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}

async function openPostgres(options: StorageOptions, url: string): Promise<Storage> {
  if (!/^postgres(ql)?:\/\//.test(url)) throw new StorageConfigError(`DATABASE_URL must start with postgres://, got ${redacted(url)}`);
  const db = new PgDb(url);
  const lister = new PgLister(db);
  const storage: Storage = {
    db,
    lister,
    store: new PgSubtitleStore(db, options.dataDir),
    async close() {
      await lister.close();
      await db.close();
    },
  };
  try {
    await db.withClient(async (client) => {
      await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
      try {
        await migratePg(client);
        const done = await client.query("SELECT 1 FROM settings WHERE name = 'initialized'");
        if (!done.rowCount) {
          await options.initialize?.(storage);
          await client.query("INSERT INTO settings (name, value) VALUES ('initialized', now()::text)");
        }
      } finally {
        await client.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => {});
      }
    });
  } catch (err) {
    await db.close().catch(() => {});
    throw new StorageConfigError(`Cannot use the database at ${redacted(url)}: ${describe(err)}`);
  }
  return storage;
}

function describe(err: unknown): string {
  const cause = err instanceof DatabaseUnavailableError ? err.cause : err;
  const e = cause as { message?: unknown; code?: unknown; errors?: unknown[] };
  // A refused connection to "localhost" is an AggregateError of one error per address.
  const first = Array.isArray(e?.errors) && e.errors.length ? (e.errors[0] as { message?: unknown }) : e;
  return String(first?.message || e?.code || cause);
}
