import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import type { Db } from '../src/db/engine';
import { openDatabase } from '../src/db/open';
import { seedFiles } from '../src/db/seed';
import { PgDb } from '../src/db/postgres/connection';
import { PgSubtitleStore } from '../src/db/postgres/subtitle-store';
import { SqliteDb } from '../src/db/sqlite/connection';
import { hashPassword } from '../src/lib/passwords';
import { FileSubtitleStore } from '../src/db/subtitle-store';
import { signInByApi } from '../../test/support/sign-in.mjs';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestServer {
  app: FastifyInstance;
  base: string;
  dataDir: string;
  /** The injected clock: `now.value` ms; move it with `advance`. */
  now: { value: number };
  advance(ms: number): void;
  request<T = any>(
    method: string,
    url: string,
    init?: { key?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> },
  ): Promise<Reply<T>>;
  login(username: string, password: string): Promise<string>;
  /** Creates an account with `count` sample files; returns its id. */
  addAccount(username: string, password: string, count: number): Promise<number>;
  /** Keys of every stored subtitle content. */
  storedKeys(): Promise<string[]>;
  /** Temporary upload files left in the data folder (in any process's folder). */
  tempFiles(): string[];
  /** Everything the database holds, as text (to look for secrets). */
  databaseText(): Promise<string>;
  close(): Promise<void>;
}

export const START = Date.UTC(2026, 5, 1, 12, 0, 0);

/** The engine this run of the server suite tests (the PostgreSQL run sets VP_TEST_DATABASE_URL). */
export const ENGINE: 'sqlite' | 'postgres' = process.env.VP_TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/** Runs one statement as the test role, on the database of VP_TEST_DATABASE_URL. */
async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.VP_TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new database next to the one of VP_TEST_DATABASE_URL (named after it, so every developer keeps to
 * their own prefix): each server of a test gets its own, so test files run in parallel. Empty, or with
 * `migrated` a copy of the run's migrated template (server/test/postgres-template.ts), where a server
 * starts faster; the tests of the migrations themselves take an empty one.
 */
export async function createTestDatabase({ migrated = false } = {}): Promise<string> {
  const url = new URL(process.env.VP_TEST_DATABASE_URL!);
  const name = `${url.pathname.slice(1)}_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const template = migrated ? inject('postgresTemplate') : undefined;
  await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Drops a test's database. WITH (FORCE) ends its connections, but an autovacuum worker busy on it (after a
 * test wrote many rows) belongs to no role the test role may signal: PostgreSQL refuses (42501) until the
 * worker is done, which takes moments. So a refusal is tried again, for up to 10 s.
 */
export async function dropTestDatabase(databaseUrl: string): Promise<void> {
  const sql = `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`;
  for (let attempt = 1; ; attempt++) {
    try {
      return await adminQuery(sql);
    } catch (err) {
      if ((err as { code?: string }).code !== '42501' || attempt === 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * A database of this run's engine that no server uses (migrated, empty): services are called on its
 * repositories without an app. `close` removes it.
 */
export async function openBareDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-bare-db-'));
  const databaseUrl = ENGINE === 'postgres' ? await createTestDatabase({ migrated: true }) : undefined;
  const db = await openDatabase({ dataDir, databaseUrl, list: { readWorkers: 0 } });
  return {
    db,
    async close() {
      try {
        await db.close();
      } finally {
        if (databaseUrl) await dropTestDatabase(databaseUrl);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** A stop takes milliseconds; past this, a test left a request open (seen as a minute's wait at every run). */
const SLOW_STOP_SECONDS = 15;

/** The database of each data folder: a restart on the same folder finds it. */
const databaseOfDir = new Map<string, string>();

/** A real server on 127.0.0.1:<random port> over a temporary data folder. */
export async function startServer(options: Partial<AppOptions> = {}, existingDir?: string): Promise<TestServer> {
  const dataDir = existingDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vp-server-test-'));
  const now = { value: START };
  let databaseUrl = options.databaseUrl;
  if (ENGINE === 'postgres' && !databaseUrl) {
    databaseUrl = databaseOfDir.get(dataDir) ?? (await createTestDatabase({ migrated: true }));
    databaseOfDir.set(dataDir, databaseUrl);
  }
  // Suites send far more requests a minute than a person: the rate limit has its own test.
  const app = await buildApp({
    dataDir,
    demo: false,
    clock: () => now.value,
    rateLimitPerMinute: 1_000_000,
    ...options,
    databaseUrl,
  }).catch(async (error: unknown) => {
    // A server that cannot start leaves nothing behind either: the folder and database this call made go.
    if (databaseUrl && !options.databaseUrl && !existingDir) await dropTestDatabase(databaseUrl);
    if (!existingDir) fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const server: TestServer = {
    app,
    base,
    dataDir,
    now,
    advance: (ms) => {
      now.value += ms;
    },
    async request(method, url, init = {}) {
      const headers: Record<string, string> = { ...(init.headers ?? {}) };
      if (init.key) headers['x-apikey'] = init.key;
      let body = init.body;
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      }
      const res = await fetch(base + url, { method, headers, body: body ?? null });
      const text = await res.text();
      let parsed: unknown = text;
      if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(text);
      return { status: res.status, headers: res.headers, body: parsed as any, text };
    },
    login: (username, password) => signInByApi(base, username, password),
    async addAccount(username, password, count) {
      const id = await app.accounts.upsert(username, await hashPassword(password), now.value);
      if (count) await seedFiles(app.db, id, count, now.value);
      return id;
    },
    async storedKeys() {
      if (app.store instanceof FileSubtitleStore) return fs.readdirSync(app.store.dir);
      if (app.store instanceof PgSubtitleStore)
        return (await app.db.all<{ k: string }>('SELECT storage_name AS k FROM subtitle_contents')).map((r) => r.k);
      throw new Error('unknown subtitle store');
    },
    tempFiles: () =>
      fs.readdirSync(path.join(dataDir, 'tmp'), { recursive: true, encoding: 'utf8' }).filter((f) => /(^|\/)upload-/.test(f)),
    async databaseText() {
      if (app.db instanceof SqliteDb) return app.db.native.serialize().toString('latin1');
      if (app.db instanceof PgDb) {
        const tables = await app.db.all<{ t: string }>("SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public'");
        const dumps = await Promise.all(tables.map(({ t }) => app.db.all<{ j: string }>(`SELECT row_to_json(x)::text AS j FROM ${t} x`)));
        return dumps
          .flat()
          .map((r) => r.j)
          .join('\n');
      }
      throw new Error('unknown engine');
    },
    async close() {
      try {
        const started = Date.now();
        await app.close();
        const seconds = (Date.now() - started) / 1000;
        // A stop waits for open requests: one a test left open (a reply unread, a body half sent) costs a minute per run.
        if (seconds > SLOW_STOP_SECONDS)
          throw new Error(`the test server took ${seconds.toFixed(1)} s to stop: a request it was serving was left open`);
      } finally {
        if (databaseUrl && !options.databaseUrl) await dropTestDatabase(databaseUrl);
        if (!existingDir) fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
  return server;
}

/** Asserts the envelope shape on any JSON reply. */
export function isEnvelope(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  return ['success', 'warning', 'error'].includes(b.status as string) && typeof b.message === 'string';
}

/** A multipart body for POST /api/files/sub; `order` decides where the file goes. */
export function uploadForm(fields: {
  file?: { name: string; content: BlobPart };
  file_id?: string | number;
  sub_lang?: string;
  sub_tmp?: string;
  sub_charset?: string;
  fileFirst?: boolean;
}): FormData {
  const form = new FormData();
  const addFile = () => fields.file && form.append('subtitle_file', new Blob([fields.file.content]), fields.file.name);
  if (fields.fileFirst) addFile();
  if (fields.file_id !== undefined) form.append('file_id', String(fields.file_id));
  if (fields.sub_lang !== undefined) form.append('sub_lang', fields.sub_lang);
  if (fields.sub_tmp !== undefined) form.append('sub_tmp', fields.sub_tmp);
  if (fields.sub_charset !== undefined) form.append('sub_charset', fields.sub_charset);
  if (!fields.fileFirst) addFile();
  return form;
}

export const SRT = '1\n00:00:01,000 --> 00:00:03,000\nHello <b>world</b>\n\n2\n00:00:04,000 --> 00:00:06,500\nSecond line\n';
