import { FileSubtitleStore, type SubtitleStore } from '../lib/subtitle-store';
import { DatabaseUnavailableError, type Db } from './engine';
import type { FileLister } from './files-repository';
import { PgDb } from './postgres/connection';
import { PgLister } from './postgres/lister';
import { migratePg, MIGRATION_LOCK } from './postgres/migrations';
import { PgSubtitleStore } from './postgres/subtitle-store';
import { WalCheckpointer } from './sqlite/checkpointer';
import { SqliteDb } from './sqlite/connection';
import { SqliteLister } from './sqlite/lister';

export interface OpenedDatabase {
  db: Db;
  lister: FileLister;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Folder of temporary uploads, and with SQLite of `vp.db` and the subtitle files. */
  dataDir: string;
  /** `postgres://user:password@host:port/db`: PostgreSQL instead of the embedded SQLite file. */
  databaseUrl?: string | undefined;
  /** A serving node: a database that does not answer within seconds gets a 503, never a hang (default false: the CLI). */
  serving?: boolean;
  /** Read workers of the SQLite list (default: enough to keep one free for other accounts). */
  readWorkers?: number | undefined;
  /**
   * Runs once per database, when it is new (the demo seed). With PostgreSQL it runs under the
   * migration lock, so of several nodes starting together exactly one seeds.
   */
  initialize?: (db: Db) => Promise<void>;
}

/** How long a serving SQLite node retries a write while another process holds the lock, before a 503. */
export const SERVING_BUSY_WAIT_MS = 3_000;

/** The start fails with this when the database cannot be used: one line, no stack. */
export class DatabaseConfigError extends Error {}

/** Opens, migrates and (once per database) initializes the database of a server or of the CLI. */
export async function openDatabase(options: DatabaseOptions): Promise<OpenedDatabase> {
  return options.databaseUrl ? openPostgres(options, options.databaseUrl) : openSqlite(options);
}

/** Where subtitle content lives: files next to SQLite's database, rows in PostgreSQL's. */
export function subtitleStoreFor(db: Db, dataDir: string): SubtitleStore {
  return db instanceof PgDb ? new PgSubtitleStore(db, dataDir) : new FileSubtitleStore(dataDir);
}

/** A database and its lister, closed in that order (the lister's readers first, then any checkpoint thread). */
function openedWith(
  db: OpenedDatabase['db'],
  lister: OpenedDatabase['lister'],
  checkpointer: WalCheckpointer | null = null,
): OpenedDatabase {
  return {
    db,
    lister,
    async close() {
      await lister.close();
      await db.close();
      await checkpointer?.close();
    },
  };
}

async function openSqlite(options: DatabaseOptions): Promise<OpenedDatabase> {
  // A serving node gives up on a write lock another process (the CLI) holds after a few seconds (503);
  // the CLI waits longer for the servers' short writes.
  const db = new SqliteDb(options.dataDir, { busyWaitMs: options.serving ? SERVING_BUSY_WAIT_MS : 30_000 });
  const lister = new SqliteLister(db.file, options.readWorkers);
  // A serving node checkpoints in a thread (its event loop serves requests); the CLI keeps SQLite's own.
  const checkpointer = options.serving ? new WalCheckpointer(db.native, db.file) : null;
  const opened = openedWith(db, lister, checkpointer);
  if (db.created) await options.initialize?.(db);
  return opened;
}

/** `postgres://vp:***@host:5432/db`: the URL without its password, for messages. */
export function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}

async function openPostgres(options: DatabaseOptions, url: string): Promise<OpenedDatabase> {
  if (!/^postgres(ql)?:\/\//.test(url)) throw new DatabaseConfigError(`DATABASE_URL must start with postgres://, got ${redacted(url)}`);
  const db = new PgDb(url, { serving: options.serving ?? false });
  const lister = new PgLister(db);
  const opened = openedWith(db, lister);
  try {
    // Migrations and the demo seed take as long as they take (minutes on a big database).
    await db.withClient(
      async (client) => {
        await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
        try {
          await migratePg(client);
          const done = await client.query("SELECT 1 FROM settings WHERE name = 'initialized'");
          if (!done.rowCount) {
            await options.initialize?.(db);
            await client.query("INSERT INTO settings (name, value) VALUES ('initialized', now()::text)");
          }
        } finally {
          await client.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => {});
        }
      },
      { unlimited: true },
    );
  } catch (err) {
    await db.close().catch(() => {});
    throw new DatabaseConfigError(`Cannot use the database at ${redacted(url)}: ${describe(err)}`);
  }
  return opened;
}

function describe(err: unknown): string {
  const cause = err instanceof DatabaseUnavailableError ? err.cause : err;
  const e = cause as { message?: unknown; code?: unknown; errors?: unknown[] };
  // A refused connection to "localhost" is an AggregateError of one error per address.
  const first = Array.isArray(e?.errors) && e.errors.length ? (e.errors[0] as { message?: unknown }) : e;
  return String(first?.message || e?.code || cause);
}
