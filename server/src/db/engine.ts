import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SubtitleStore } from './subtitle-store';
import type { FileRow, ListFilter, ListPage, ListQuery } from './files';
import type { SeedResult } from './sample-data';

/** A value a query parameter can take on both engines. */
export type SqlValue = string | number | bigint | Buffer | null;

/**
 * What the repositories need from a database, the same on SQLite and PostgreSQL. SQL is written with
 * `?` placeholders (the PostgreSQL engine numbers them) and in the dialect both engines share;
 * engine-specific SQL lives in the engine's own folder.
 */
export interface Queryable {
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** Runs a statement; resolves to the number of rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
}

/** How an engine reads pages of the file list (its own indexes, search and position cache). */
export interface FileLister {
  list(accountId: number, query: ListQuery): Promise<ListPage>;
  /** Fills the deep-page position cache ahead of requests; resolves when it is warm. */
  warm(): Promise<void>;
  /** Brings the engine's search index up to date with changed rows, where triggers cannot (one statement). */
  reindex(tx: Queryable, files: readonly FileRow[]): Promise<void>;
  /**
   * A SELECT of `file_id, version` of the files a list query's filters and search match (its page and
   * sort aside), those after `afterFileId` in file id order, at most `limit`: a bulk job copies them
   * into its own rows in one statement, never through the process.
   */
  matching(accountId: number, query: ListFilter, afterFileId: number, limit: number): { sql: string; params: SqlValue[] };
  close(): Promise<void>;
}

/** How a search page is read: `auto` picks the cheaper way; tests pin `walk` or `join` to compare them. */
export type SearchStrategy = 'auto' | 'walk' | 'join';

/** The file list's settings, fixed when the database opens. */
export interface ListOptions {
  /** Read workers of the SQLite list (default: enough to keep one free for other accounts); unused by PostgreSQL. */
  readWorkers?: number | undefined;
  /** Rows between two cached positions of a deep listing (tests make it small to exercise the cache). */
  positionStep?: number | undefined;
  searchStrategy?: SearchStrategy | undefined;
}

/** A seed's short transaction beside serving servers: sample files `from` … of `count`, at most `maxRows` (SQLite: and `maxMs`). */
export interface SeedBatch {
  accountId: number;
  from: number;
  count: number;
  now: number;
  maxRows: number;
  maxMs: number;
  /** The files get sample views_30d (sampleViews30d). */
  views: boolean;
}

/** How each engine writes many sample files quickly (the demo, the CLI's seed, tests). */
export interface FileSeeder {
  /** How many servers (PostgreSQL: their connections; SQLite: other processes) have the database open now. */
  serversUsing(): Promise<number>;
  /** `count` files in one transaction that rebuilds the list indexes once: for a database no server uses. */
  offline(accountId: number, count: number, now: number, views: boolean): Promise<SeedResult>;
  batch(batch: SeedBatch): Promise<SeedResult & { inserted: number }>;
  /** After the batches: fresh planner statistics where the engine keeps them. */
  settle(): Promise<void>;
}

/** How a node hears of file events that other processes log. */
export interface FileEventSignal {
  /**
   * Wakes `wake` on every notify of any node (null where nothing wakes a reader and the log is polled),
   * and `sessionsEnded` on every notifySessionsEnded (of any node where the engine can tell them).
   */
  listen(wake: () => void, onError: (err: unknown) => void, sessionsEnded: () => void): { close(): Promise<void> } | null;
  /** Wakes the readers of every node now (a statement that logs events outside a file trigger). */
  notify(): Promise<void>;
  /** Sessions ended (a sign-out, a new password): the event streams of their keys end now rather than at their next check. */
  notifySessionsEnded(): Promise<void>;
  /** Where readers are woken, the log is still read this often (a lost wake-up); null: the caller's own poll interval. */
  readonly pollMs: number | null;
  /** How long a reader waits for an event id that is missing (an insert that has not committed yet). */
  readonly gapWaitMs: number;
}

/** SQL fragments the engines write differently, for the SQL the repositories share. */
export interface SqlDialect {
  /** Ends a SELECT in a write transaction: its rows stay locked until the end ('' where writers take turns anyway). */
  readonly forUpdate: string;
  /** The same, skipping rows another transaction holds (several nodes each take a different row). */
  readonly skipLocked: string;
  /**
   * Ends a SELECT in a write transaction that needs its rows to stay as they are until it ends, without
   * changing them: waits for any writer of those rows (an UPDATE too, not only forUpdate), never for
   * another such reader.
   */
  readonly forShare: string;
  /** `a ${isNotDistinctFrom} b`: true when both are equal or both NULL. */
  readonly isNotDistinctFrom: string;
  /** The id of a new file in an INSERT: a column and its value, or nothing where the table makes it. */
  readonly newFileId: { column: string; value: string };
}

/** How long a bulk job's batches take, and how they leave room for requests between them (see bulkJobHandler). */
export interface JobPacing {
  batchMs: number;
  pauseMs: number;
  pauseShare: number;
}

/**
 * The database of a server, a worker or the CLI, the same object on SQLite and PostgreSQL: queries and
 * transactions, and the parts whose workings differ (list, subtitle content, seeding, event wake-ups,
 * locks). Nothing outside the engines' folders asks which engine it is.
 */
export interface Db extends Queryable {
  /**
   * Runs `fn` in one write transaction: committed when it resolves, rolled back when it throws. On
   * PostgreSQL a deadlock's victim runs `fn` once more, so `fn` touches nothing but the database.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * A `transaction` of long set-based work (a bulk job's batch) that never holds the event loop while
   * its statements run: SQLite runs it on a writer thread (decision D40); PostgreSQL's never do.
   */
  backgroundTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Puts the transactions that take the lock `name` in line until `tx` ends (a no-op where writers take turns anyway). */
  lock(tx: Queryable, name: string): Promise<void>;
  readonly dialect: SqlDialect;
  readonly lister: FileLister;
  /** A store of subtitle content: files in `dataDir` next to the database, or rows every node reads. */
  subtitleStore(dataDir: string): SubtitleStore;
  readonly seeder: FileSeeder;
  readonly fileEvents: FileEventSignal;
  /** A rate-limit store every node shares; null where one process serves (its counters stay in memory). */
  readonly rateLimitStore: FastifyRateLimitStoreCtor | null;
  readonly jobPacing: JobPacing;
  /** Closes the list's readers, then the connections (and any thread of the engine's). */
  close(): Promise<void>;
}

/**
 * The database cannot answer now (PostgreSQL unreachable, SQLite locked by another writer for too
 * long): the request gets a 503 envelope and the client may retry; the server keeps running.
 */
export class DatabaseUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(cause?: unknown) {
    super('The database is unavailable', { cause });
  }
}

const codeOf = (err: unknown): string => String((err as { code?: unknown } | null)?.code ?? '');

/** SQLite's and PostgreSQL's "unique constraint violated": another request stored the same key first. */
export const isUniqueViolation = (err: unknown): boolean =>
  ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505'].includes(codeOf(err));

/** SQLite's and PostgreSQL's "foreign key violated": the row referred to was deleted meanwhile. */
export const isForeignKeyViolation = (err: unknown): boolean => ['SQLITE_CONSTRAINT_FOREIGNKEY', '23503'].includes(codeOf(err));

/** Ids of an `IN (…)` list are padded (the last one repeated) to a multiple of this many. */
const IN_LIST_STEP = 50;

/**
 * The placeholders and values of `IN (…)` over `ids`: both engines cache a prepared statement per SQL
 * text, so the list's length is padded to a few sizes (repeating an id changes nothing in an IN) and a
 * bulk job's batches of every size share a handful of statements.
 */
export function inList(ids: readonly number[]): { sql: string; params: number[] } {
  const length = Math.ceil(ids.length / IN_LIST_STEP) * IN_LIST_STEP;
  const params = Array.from({ length }, (_, i) => ids[Math.min(i, ids.length - 1)]!);
  return { sql: `(${params.map(() => '?').join(', ')})`, params };
}

/** What a server, a worker or the CLI opens its database with. */
export interface DatabaseOptions {
  /** Folder of temporary uploads, and with SQLite of `vp.db` and the subtitle files. */
  dataDir: string;
  /** `postgres://user:password@host:port/db`: PostgreSQL instead of the embedded SQLite file. */
  databaseUrl?: string | undefined;
  /** A serving node: a database that does not answer within seconds gets a 503, never a hang (default false: the CLI). */
  serving?: boolean;
  list?: ListOptions | undefined;
  /**
   * Runs once per database, when it is new (the demo seed). With PostgreSQL it runs under the
   * migration lock, so of several nodes starting together exactly one seeds.
   */
  initialize?: (db: Db) => Promise<void>;
}

/** The start fails with this when the database cannot be used: one line, no stack. */
export class DatabaseConfigError extends Error {}
