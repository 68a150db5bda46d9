import type { Db, Queryable, SqlValue } from '../engine';

/**
 * What the engine's helpers (lister, position cache, seeder, subtitle store, connection count) use of
 * PgDb: its queries and transactions, and a statement without the request time limits. PgDb builds
 * them, so they take this and not connection.ts, which would import them back (a cycle).
 */
export interface PgQueries extends Queryable, Pick<Db, 'transaction'> {
  runUnlimited(sql: string, params?: readonly SqlValue[]): Promise<number>;
}
