import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePg } from '../src/db/postgres/migrations';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database of this run with every migration applied and nothing else: test servers start from copies of it. */
    postgresTemplate: string;
  }
}

/**
 * The server-pg project's global setup: migrates one database per run, which `createTestDatabase({ migrated:
 * true })` copies (`CREATE DATABASE … TEMPLATE` copies files: ~0.2 s, where running the migrations on a new
 * database takes ~0.7 s, for each of the suite's hundreds of servers). It is made from the migrations of
 * this checkout, so a broken migration still fails every server of the run; the teardown drops it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = new URL(process.env.VP_TEST_DATABASE_URL!);
  const name = `${url.pathname.slice(1)}_template_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  const drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 1 });
  try {
    const client = await pool.connect();
    try {
      await migratePg(client);
    } finally {
      client.release();
    }
  } catch (err) {
    await pool.end();
    await drop();
    throw err;
  }
  await pool.end();
  project.provide('postgresTemplate', name);
  return drop;
}
