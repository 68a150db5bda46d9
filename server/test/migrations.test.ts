import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsernameTakenError } from '../src/db/accounts-repository';
import { PgDb } from '../src/db/postgres/connection';
import { pgSearchWords } from '../src/db/postgres/file-search';
import { migratePg } from '../src/db/postgres/migrations';
import { migrate } from '../src/db/sqlite/migrations';
import { registerFunctions } from '../src/db/sqlite/search-words';
import { hashPassword } from '../src/lib/passwords';
import { createTestDatabase, dropTestDatabase, ENGINE, START, startServer, type TestServer } from './helpers';

/**
 * A database of the last version before the hardening tables were migrations: its server created
 * them at start, with a row in each, and still had the unused login_failures table. The current
 * server must upgrade it in order, keep those rows, and end with the schema a new database gets.
 */
const OLD_TABLES = [
  'CREATE TABLE IF NOT EXISTS sign_in_failures (scope text NOT NULL, subject text NOT NULL, failures integer NOT NULL, last_failure_at bigint NOT NULL, PRIMARY KEY (scope, subject))',
  'CREATE TABLE IF NOT EXISTS sign_in_known_addresses (username text NOT NULL, address text NOT NULL, last_success_at bigint NOT NULL, PRIMARY KEY (username, address))',
  'CREATE TABLE IF NOT EXISTS storage_journal (storage_name text PRIMARY KEY, owner text NOT NULL, created_at bigint NOT NULL)',
  "INSERT INTO sign_in_failures VALUES ('address', '203.0.113.9', 3, 1)",
  "INSERT INTO sign_in_known_addresses VALUES ('someone', '203.0.113.9', 1)",
  // Another node's entry, younger than any request may take: left alone by the sweep at start.
  `INSERT INTO storage_journal VALUES ('kept-key', 'another-node:1', ${START})`,
];
const PG_OLD_TABLES = [
  ...OLD_TABLES,
  'CREATE TABLE IF NOT EXISTS rate_limit_hits (bucket text PRIMARY KEY, hits integer NOT NULL, window_ends_at bigint NOT NULL)',
];

/** Files of an account the older database already held, in id order; every title has a word starting with "lantern". */
const KEPT_TITLES = ['Lantern walk', 'zebra lanterns', 'Autumn Lantern', 'lantern Festival', 'Blue lanterns'];
const KEPT_ACCOUNT = 100;
/** The accounts the older database held: the second's username looks like the first's (a Cyrillic е). */
const KEPT_ACCOUNTS = [
  [KEPT_ACCOUNT, 'kept'],
  [KEPT_ACCOUNT + 1, 'k\u0435pt'],
] as const;
const keptFile = (title: string, i: number) => [KEPT_ACCOUNT, 'media-1.example', title, `kept-${i}`, 10, 1, START];

interface Schema {
  tables: string[];
  indexes: string[];
}

async function schemaOf(s: TestServer): Promise<Schema & { version: number }> {
  if (ENGINE === 'postgres') {
    const names = (sql: string) => s.app.db.all<{ n: string }>(sql).then((rows) => rows.map((r) => r.n).sort());
    return {
      tables: await names("SELECT tablename AS n FROM pg_tables WHERE schemaname = 'public'"),
      indexes: await names("SELECT indexname AS n FROM pg_indexes WHERE schemaname = 'public'"),
      version: (await s.app.db.get<{ v: number }>('SELECT max(version) AS v FROM schema_migrations'))!.v,
    };
  }
  const names = (type: string) =>
    s.app.db
      .all<{ n: string }>("SELECT name AS n FROM sqlite_schema WHERE type = ? AND name NOT LIKE 'sqlite_%'", [type])
      .then((rows) => rows.map((r) => r.n).sort());
  return {
    tables: await names('table'),
    indexes: await names('index'),
    version: (await s.app.db.get<{ user_version: number }>('PRAGMA user_version'))!.user_version,
  };
}

describe('migrating a database of an older version', () => {
  let old: TestServer;
  let fresh: TestServer;
  let oldUrl: string | undefined;
  const oldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-server-test-'));

  beforeAll(async () => {
    if (ENGINE === 'postgres') {
      oldUrl = await createTestDatabase();
      const db = new PgDb(oldUrl);
      await db.withClient(async (client) => {
        await migratePg(client, 2);
        for (const sql of PG_OLD_TABLES) await client.query(sql);
        for (const [id, username] of KEPT_ACCOUNTS) {
          await client.query('INSERT INTO accounts (account_id, username, password_hash, created_at) VALUES ($1, $2, $3, $4)', [
            id,
            username,
            await hashPassword('kept-password'),
            START,
          ]);
        }
        for (const [i, title] of KEPT_TITLES.entries()) {
          await client.query(
            `INSERT INTO files (account_id, file_server, file_title, file_slug, file_status, is_active, created_at, search_words)
             VALUES ($1, $2, $3, $4, $5, $6, $7, array_to_tsvector(string_to_array($8, ' ')))`,
            [...keptFile(title, i), pgSearchWords(KEPT_ACCOUNT, title, `kept-${i}`)],
          );
        }
      });
      await db.close();
    } else {
      const db = new BetterSqlite3(path.join(oldDir, 'vp.db'));
      registerFunctions(db);
      migrate(db, 4);
      for (const sql of OLD_TABLES) db.exec(sql);
      for (const [id, username] of KEPT_ACCOUNTS) {
        db.prepare('INSERT INTO accounts (account_id, username, password_hash, created_at) VALUES (?, ?, ?, ?)').run(
          id,
          username,
          await hashPassword('kept-password'),
          START,
        );
      }
      const insert = db.prepare(
        'INSERT INTO files (account_id, file_server, file_title, file_slug, file_status, is_active, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      for (const [i, title] of KEPT_TITLES.entries()) insert.run(...keptFile(title, i));
      db.close();
    }
    old = await startServer({ ...(oldUrl ? { databaseUrl: oldUrl } : {}) }, oldDir);
    fresh = await startServer();
  });
  afterAll(async () => {
    await old?.close();
    await fresh?.close();
    if (oldUrl) await dropTestDatabase(oldUrl);
    fs.rmSync(oldDir, { recursive: true, force: true });
  });

  it('ends with the schema of a new database, without login_failures', async () => {
    const upgraded = await schemaOf(old);
    expect(upgraded).toEqual(await schemaOf(fresh));
    expect(upgraded.tables).toEqual(expect.arrayContaining(['sign_in_failures', 'sign_in_known_addresses', 'storage_journal']));
    expect(upgraded.tables).not.toContain('login_failures');
  });

  it('keeps the rows the older server wrote', async () => {
    expect(await old.app.db.all('SELECT scope, subject, failures FROM sign_in_failures')).toEqual([
      { scope: 'address', subject: '203.0.113.9', failures: 3 },
    ]);
    expect(await old.app.db.all('SELECT username, address FROM sign_in_known_addresses')).toEqual([
      { username: 'someone', address: '203.0.113.9' },
    ]);
    expect(await old.app.db.all('SELECT storage_name FROM storage_journal')).toEqual([{ storage_name: 'kept-key' }]);
  });

  it('gives each account it kept its username skeleton; a look-alike that already existed keeps working without one', async () => {
    expect(
      await old.app.db.all('SELECT username, username_skeleton FROM accounts WHERE username IN (?, ?) ORDER BY username', [
        'kept',
        'k\u0435pt',
      ]),
    ).toEqual([
      { username: 'kept', username_skeleton: 'kept' },
      { username: 'k\u0435pt', username_skeleton: null },
    ]);
    const signIn = await old.request('POST', '/api/auth/login', { json: { username: 'k\u0435pt', password: 'kept-password' } });
    expect(signIn.status).toBe(200);
    await expect(old.app.accounts.create('k\u0435\u0440t', 'hash', START)).rejects.toThrow(UsernameTakenError); // Cyrillic е and р
  });

  it('serves sign-in throttling from the migrated tables', async () => {
    await old.addAccount('upgraded', 'upgraded-password', 3);
    const wrong = await old.request('POST', '/api/auth/login', { json: { username: 'upgraded', password: 'wrong-password' } });
    expect(wrong.status).toBe(401);
    const failures = await old.app.db.get<{ n: number }>("SELECT count(*) AS n FROM sign_in_failures WHERE subject LIKE 'upgraded%'");
    expect(Number(failures!.n)).toBeGreaterThan(0);
    const key = await old.login('upgraded', 'upgraded-password');
    expect((await old.request('GET', '/api/files/', { key })).body.data.pagination.total_records).toBe(3);
  });

  it('searches the files the older database held, sorted by title both ways', async () => {
    const key = await old.login('kept', 'kept-password');
    const titles = async (order: string) => {
      const pages = [];
      for (let page = 1; page <= 3; page++) {
        const { data } = (
          await old.request('GET', `/api/files/?search=lantern&sort_by=file_title&order=${order}&limit=2&page=${page}`, { key })
        ).body;
        expect(data.pagination.total_records).toBe(KEPT_TITLES.length);
        pages.push(...data.files.map((f: { file_title: string }) => f.file_title));
      }
      return pages;
    };
    const ascending = ['Autumn Lantern', 'Blue lanterns', 'lantern Festival', 'Lantern walk', 'zebra lanterns'];
    expect(await titles('asc')).toEqual(ascending);
    expect(await titles('desc')).toEqual([...ascending].reverse());
    if (ENGINE === 'postgres') {
      // Every word of every file (two of the title, two of the slug), each with its file's title sort key.
      const rows = await old.app.db.get<{ words: number; stale: number }>(
        `SELECT count(*) AS words, count(*) FILTER (WHERE w.title_key IS DISTINCT FROM f.file_title_key) AS stale
         FROM file_words w LEFT JOIN files f USING (file_id) WHERE f.account_id = ? OR f.file_id IS NULL`,
        [KEPT_ACCOUNT],
      );
      expect(rows).toEqual({ words: 4 * KEPT_TITLES.length, stale: 0 });
    }
  });

  it.runIf(ENGINE === 'postgres')('keeps the rate-limit counters out of the WAL (unlogged) on PostgreSQL', async () => {
    for (const s of [old, fresh]) {
      const row = await s.app.db.get<{ p: string }>("SELECT relpersistence AS p FROM pg_class WHERE relname = 'rate_limit_hits'");
      expect(row?.p).toBe('u');
    }
  });
});

/**
 * Jobs queued before they took turns across accounts (issue 37): the migration gives each its account
 * (its file's, a trashed one's too; its bulk job's) and turns in queued order within each account,
 * so the backlog a server upgrades with is already served fairly.
 */
describe('migrating the jobs queued before accounts took turns', () => {
  let s: TestServer;
  let url: string | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-server-test-'));
  // Files 1-3 of account 100 (2 in its trash), file 4 of account 200; then bulk job 1 of account 200.
  const FILES = [
    [1, 100],
    [2, -100],
    [3, 100],
    [4, 200],
  ];
  const FILE_SQL =
    'INSERT INTO files (file_id, account_id, file_server, file_title, file_slug, file_status, is_active, created_at) VALUES (?, ?, ?, ?, ?, 0, 1, ?)';
  const BULK_SQL = `INSERT INTO bulk_jobs (account_id, idempotency_key, request_hash, action, actor, source, state, total, created_at)
                    VALUES (200, 'k', 'h', 'deactivate', 'b', 'panel', 'queued', 1, ${START})`;
  const JOB_SQL = 'INSERT INTO jobs (kind, payload, max_attempts, run_at, created_at) VALUES (?, ?, 3, ?, ?)';
  const JOBS = [
    ...[1, 2, 3, 4].map((id) => ['process-file', `{"file_id":${id},"source":{"media_key":"k${id}"}}`]),
    ['bulk-files', '{"bulk_job_id":1}'],
  ];

  beforeAll(async () => {
    const fileRow = ([id, account]: number[]) => [id!, account!, 'node-1', `File ${id}`, `file-${id}`, START];
    if (ENGINE === 'postgres') {
      url = await createTestDatabase();
      const db = new PgDb(url);
      await db.withClient(async (client) => {
        await migratePg(client, 20);
        const numbered = (sql: string) =>
          sql.replace(
            /\?/g,
            (
              (n) => () =>
                `$${++n}`
            )(0),
          );
        for (const id of [100, 200]) {
          await client.query("INSERT INTO accounts (account_id, username, password_hash, created_at) VALUES ($1, $2, 'x', 0)", [
            id,
            `a${id}`,
          ]);
        }
        for (const file of FILES) await client.query(numbered(FILE_SQL), fileRow(file));
        await client.query(BULK_SQL);
        for (const [kind, payload] of JOBS) await client.query(numbered(JOB_SQL), [kind, payload, START, START]);
      });
      await db.close();
    } else {
      const db = new BetterSqlite3(path.join(dir, 'vp.db'));
      registerFunctions(db);
      migrate(db, 17);
      for (const file of FILES) db.prepare(FILE_SQL).run(...fileRow(file));
      db.exec(BULK_SQL);
      for (const [kind, payload] of JOBS) db.prepare(JOB_SQL).run(kind, payload, START, START);
      db.close();
    }
    s = await startServer({ ...(url ? { databaseUrl: url } : {}), bulkWorker: false }, dir);
  });
  afterAll(async () => {
    await s?.close();
    if (url) await dropTestDatabase(url);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives each its account and its turn within the account, and serves them in turns', async () => {
    expect(await s.app.db.all('SELECT kind, account_id, turn FROM jobs ORDER BY job_id')).toEqual([
      { kind: 'process-file', account_id: 100, turn: 0 },
      { kind: 'process-file', account_id: 100, turn: 1 },
      { kind: 'process-file', account_id: 100, turn: 2 },
      { kind: 'process-file', account_id: 200, turn: 0 },
      { kind: 'bulk-files', account_id: 200, turn: 0 },
    ]);
    const claimed: unknown[] = [];
    for (
      let job = await s.app.jobs.claim('w', ['process-file'], 60_000);
      job;
      job = await s.app.jobs.claim('w', ['process-file'], 60_000)
    ) {
      claimed.push((job.payload as { file_id: number }).file_id);
      await s.app.jobs.finish(job);
    }
    expect(claimed).toEqual([1, 4, 2, 3]);
  });
});
