import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { PgDb } from '../src/db/postgres/connection';
import { migratePg } from '../src/db/postgres/migrations';
import { migrate } from '../src/db/sqlite/migrations';
import { registerFunctions } from '../src/db/sqlite/search-words';
import { createTestDatabase, dropTestDatabase, ENGINE } from './helpers';

/**
 * Shipped migrations are frozen text: a new database gets exactly the schema it got when they shipped.
 * The snapshots were taken from the migrations as they were when they still called live code (index
 * lists, trigger constants), so a change to that code can no longer rewrite them unnoticed.
 */
describe('the schema of a new database', () => {
  it.runIf(ENGINE === 'sqlite')('is the one the shipped SQLite migrations made', async () => {
    const db = new BetterSqlite3(':memory:');
    try {
      registerFunctions(db);
      migrate(db);
      const schema = db
        .prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name")
        .all();
      await expect(JSON.stringify(schema, null, 1)).toMatchFileSnapshot('./__snapshots__/schema-sqlite.json');
    } finally {
      db.close();
    }
  });

  it.runIf(ENGINE === 'postgres')('is the one the shipped PostgreSQL migrations made', async () => {
    const url = await createTestDatabase();
    const db = new PgDb(url);
    try {
      await db.withClient((client) => migratePg(client));
      const schema = {
        indexes: await db.all("SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname"),
        triggers: await db.all('SELECT tgname, pg_get_triggerdef(t.oid) AS def FROM pg_trigger t WHERE NOT tgisinternal ORDER BY tgname'),
        functions: await db.all(
          "SELECT proname, prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE nspname = 'public' ORDER BY proname",
        ),
        columns: await db.all(
          `SELECT table_name, column_name, data_type, collation_name, is_nullable, column_default, generation_expression
           FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
        ),
      };
      await expect(JSON.stringify(schema, null, 1)).toMatchFileSnapshot('./__snapshots__/schema-postgres.json');
    } finally {
      await db.close();
      await dropTestDatabase(url);
    }
  });
});
