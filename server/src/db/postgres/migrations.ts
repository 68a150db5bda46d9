import type pg from 'pg';
import { MIGRATIONS } from './migrations/index';

/** A constant key of pg_advisory_lock: nodes starting together migrate (and seed) one after another. */
export const MIGRATION_LOCK = "hashtext('vp-admin-kit schema')";

/**
 * Runs the missing migrations (migrations/; up to `target`: tests build older databases); the caller
 * holds the migration lock. Returns true on a new database.
 */
export async function migratePg(client: pg.PoolClient, target = MIGRATIONS.length): Promise<boolean> {
  await client.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const { rows } = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
  const current = rows[0]?.v ?? 0;
  for (let version = current; version < target; version++) {
    const migration = MIGRATIONS[version]!;
    await client.query('BEGIN');
    try {
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version + 1]);
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    }
    for (const table of migration.vacuum ?? []) await client.query(`VACUUM (ANALYZE) ${table}`);
  }
  return current === 0;
}
