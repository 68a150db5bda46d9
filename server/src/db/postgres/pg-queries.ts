import type pg from 'pg';
import type { Db, Queryable, SqlValue } from '../engine';

/**
 * What the engine's helpers (lister, position cache, seeder, subtitle store, connection count) use of
 * PgDb: its queries and transactions, a statement without the request time limits, and a connection of
 * their own (the seed's index builds, each a session of statements). PgDb builds
 * them, so they take this and not connection.ts, which would import them back (a cycle).
 */
export interface PgQueries extends Queryable, Pick<Db, 'transaction'> {
  runUnlimited(sql: string, params?: readonly SqlValue[]): Promise<number>;
  withClient<T>(fn: (client: pg.PoolClient) => Promise<T>, options?: { unlimited?: boolean }): Promise<T>;
}
