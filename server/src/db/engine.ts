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

export interface Db extends Queryable {
  readonly engine: 'sqlite' | 'postgres';
  /**
   * Runs `fn` in one write transaction: committed when it resolves, rolled back when it throws. On
   * PostgreSQL a deadlock's victim runs `fn` once more, so `fn` touches nothing but the database.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
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
