import { redacted } from '../../lib/redacted-url';
import { DatabaseConfigError, DatabaseUnavailableError, type DatabaseOptions, type Db } from '../engine';
import { PgDb } from './connection';
import { migratePg, MIGRATION_LOCK } from './migrations';
import { finishSeedIndexes } from './seed-files';

/**
 * Connects to the PostgreSQL database of `url` and migrates it (and builds the indexes a big seed that
 * stopped left to build); a new one gets `initialize`. All of it under the migration lock, so that of
 * several nodes starting together one migrates and seeds.
 */
export async function openPostgres(options: DatabaseOptions, url: string): Promise<Db> {
  if (!/^postgres(ql)?:\/\//.test(url)) throw new DatabaseConfigError(`DATABASE_URL must start with postgres://, got ${redacted(url)}`);
  const db = new PgDb(url, { serving: options.serving ?? false, ...(options.list ? { list: options.list } : {}) });
  try {
    // Migrations and the demo seed take as long as they take (minutes on a big database).
    await db.withClient(
      async (client) => {
        await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
        try {
          await migratePg(client);
          await finishSeedIndexes(client);
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
  return db;
}

function describe(err: unknown): string {
  const cause = err instanceof DatabaseUnavailableError ? err.cause : err;
  const e = cause as { message?: unknown; code?: unknown; errors?: unknown[] };
  // A refused connection to "localhost" is an AggregateError of one error per address.
  const first = Array.isArray(e?.errors) && e.errors.length ? (e.errors[0] as { message?: unknown }) : e;
  return String(first?.message || e?.code || cause);
}
