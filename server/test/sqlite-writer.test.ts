import BetterSqlite3 from 'better-sqlite3';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WriteTurns } from '../src/db/sqlite/write-turns';
import { SERVING_BUSY_WAIT_MS } from '../src/db/sqlite/open-sqlite';
import { DB_FILE_NAME } from '../src/db/sqlite/connection';
import { SERVICE_UNAVAILABLE } from '../src/plugins/errors';
import { ENGINE, startServer, type TestServer } from './helpers';

// Another process (the CLI) holding SQLite's write lock must not stall the server: reads go on in the
// read workers, writes wait on a timer (not a synchronous busy wait) and succeed once the lock is free.
describe.runIf(ENGINE === 'sqlite')('a CLI writing to the same SQLite file', () => {
  let s: TestServer;
  let key: string;
  let fileId: number;
  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('busy', 'busy-password', 50);
    key = await s.login('busy', 'busy-password');
    fileId = (await s.request('GET', '/api/files/?limit=1', { key })).body.data.files[0].file_id;
  });
  afterAll(() => s.close());

  it('keeps reads fast and lets a write wait for the lock instead of failing', async () => {
    const cli = new BetterSqlite3(path.join(s.dataDir, DB_FILE_NAME));
    cli.exec('BEGIN IMMEDIATE'); // the write lock, as a seed holds it
    const release = setTimeout(() => cli.exec('COMMIT'), 1500);
    try {
      const write = s.request('PUT', `/api/files/${fileId}`, { key, json: { file_title: 'Written after the lock' } });
      const started = performance.now();
      const read = await s.request('GET', '/api/files/?limit=5&search=written', { key });
      const readMs = performance.now() - started;
      expect(read.status).toBe(200);
      expect(readMs).toBeLessThan(1000); // not stuck behind the lock (the lock is held for 1.5 s)
      const written = await write;
      expect(written.status).toBe(200);
      expect(written.body.data.file_title).toBe('Written after the lock');
    } finally {
      clearTimeout(release);
      if (cli.inTransaction) cli.exec('COMMIT');
      cli.close();
    }
  });

  it('a write that waits for the lock asks for a turn beside the database until it is served', async () => {
    const cli = new BetterSqlite3(path.join(s.dataDir, DB_FILE_NAME));
    const turn = path.join(s.dataDir, `${DB_FILE_NAME}-waiting-${process.pid}`);
    cli.exec('BEGIN IMMEDIATE');
    try {
      const write = s.request('PUT', `/api/files/${fileId}`, { key, json: { file_title: 'Served in its turn' } });
      await expect.poll(() => fs.existsSync(turn), { timeout: 10_000, interval: 5 }).toBe(true);
      cli.exec('COMMIT');
      expect((await write).status).toBe(200);
      expect(fs.existsSync(turn)).toBe(false);
    } finally {
      if (cli.inTransaction) cli.exec('COMMIT');
      cli.close();
    }
  });

  it('answers a write 503 with Retry-After within a few seconds while the lock stays held, and recovers by itself', async () => {
    const cli = new BetterSqlite3(path.join(s.dataDir, DB_FILE_NAME));
    cli.exec('BEGIN IMMEDIATE'); // a writer that does not let go
    try {
      const started = performance.now();
      const write = s.request('PUT', `/api/files/${fileId}`, { key, json: { isActive: 0 } });
      const read = await s.request('GET', '/api/files/?limit=5', { key });
      expect(read.status).toBe(200); // the event loop is free meanwhile
      const refused = await write;
      const waitedMs = performance.now() - started;
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ status: 'error', message: SERVICE_UNAVAILABLE });
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(waitedMs).toBeGreaterThanOrEqual(SERVING_BUSY_WAIT_MS - 100);
      expect(waitedMs).toBeLessThan(SERVING_BUSY_WAIT_MS + 2_000);
    } finally {
      cli.exec('COMMIT');
      cli.close();
    }
    const after = await s.request('PUT', `/api/files/${fileId}`, { key, json: { isActive: 0 } });
    expect(after.status).toBe(200);
    expect(after.body.data.isActive).toBe(0);
  });
});

// A bulk job's batches run on a second connection in a thread (backgroundTransaction): the event loop
// serves meanwhile, the main connection's transactions wait their turn, and errors come back as SQLite's.
describe.runIf(ENGINE === 'sqlite')('the writer thread', () => {
  let s: TestServer;
  let accountId: number;
  beforeAll(async () => {
    s = await startServer();
    accountId = await s.addAccount('thread', 'thread-password', 3);
  });
  afterAll(() => s.close());

  const titleOf = async (fileId: number) =>
    (await s.app.db.get<{ file_title: string }>('SELECT file_title FROM files WHERE file_id = ?', [fileId]))!.file_title;

  it('commits what it wrote; until then the main connection reads the last commit and its transactions wait', async () => {
    const [first] = await s.app.db.all<{ file_id: number }>('SELECT file_id FROM files WHERE account_id = ? ORDER BY file_id', [accountId]);
    const fileId = first!.file_id;
    const before = await titleOf(fileId);
    let mainWrote = false;
    let releaseThread!: () => void;
    const threadMayCommit = new Promise<void>((resolve) => (releaseThread = resolve));
    const background = s.app.db.backgroundTransaction(async (tx) => {
      await tx.run('UPDATE files SET file_title = ? WHERE file_id = ?', ['From the thread', fileId]);
      await threadMayCommit;
      return tx.get<{ file_title: string }>('SELECT file_title FROM files WHERE file_id = ?', [fileId]);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await titleOf(fileId)).toBe(before); // not committed yet, and the loop answers
    const main = s.app.db.transaction(async (tx) => {
      mainWrote = true;
      await tx.run('UPDATE files SET file_title = ? WHERE file_id = ?', ['From the main connection', fileId]);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mainWrote).toBe(false); // in line behind the thread's transaction
    releaseThread();
    expect(await background).toEqual({ file_title: 'From the thread' });
    await main;
    expect(await titleOf(fileId)).toBe('From the main connection');
  });

  it('rolls back when its function throws, and answers SQLite errors with their codes', async () => {
    const [a, b] = await s.app.db.all<{ file_id: number; file_slug: string }>(
      'SELECT file_id, file_slug FROM files WHERE account_id = ? ORDER BY file_id',
      [accountId],
    );
    const rejected = s.app.db.backgroundTransaction(async (tx) => {
      await tx.run('UPDATE files SET file_title = ? WHERE file_id = ?', ['Rolled back', a!.file_id]);
      await tx.run('UPDATE files SET file_slug = ? WHERE file_id = ?', [b!.file_slug, a!.file_id]); // a taken slug
    });
    await expect(rejected).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(await titleOf(a!.file_id)).not.toBe('Rolled back');
    // The thread's connection is free again: the next transaction commits.
    await s.app.db.backgroundTransaction((tx) =>
      tx.run('UPDATE files SET file_title = ? WHERE file_id = ?', ['After the error', a!.file_id]),
    );
    expect(await titleOf(a!.file_id)).toBe('After the error');
  });
});

// A seed frees the lock for 10 ms between batches; a starved server's retry timer can miss that many
// times over, so the seed gives way while another process asks for a turn (write-turns.ts).
describe.runIf(ENGINE === 'sqlite')('a seed giving way to a waiting writer', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-write-turns-'));
  const database = path.join(dir, DB_FILE_NAME);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('waits while another live process waits, goes on once it is served, and ignores a turn left by an ended process', async () => {
    const other = spawn('sleep', ['60']);
    const turn = path.join(dir, `${DB_FILE_NAME}-waiting-${other.pid}`);
    try {
      fs.writeFileSync(turn, '');
      let gaveWay = false;
      const giving = new WriteTurns(database).giveWay(60_000).then(() => (gaveWay = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(gaveWay).toBe(false); // the other process still waits
      fs.rmSync(turn);
      await giving;

      fs.writeFileSync(turn, '');
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
      expect(new WriteTurns(database).othersWaiting()).toBe(false);
      expect(fs.existsSync(turn)).toBe(false); // cleared: no later seed waits for it
    } finally {
      other.kill();
    }
  });

  it("does not wait for this process's own turn, which stays until its last waiting connection is served", () => {
    const turns = new WriteTurns(database);
    const mine = path.join(dir, `${DB_FILE_NAME}-waiting-${process.pid}`);
    const first = turns.wait();
    const second = new WriteTurns(database).wait();
    expect(fs.existsSync(mine)).toBe(true);
    expect(turns.othersWaiting()).toBe(false);
    first();
    first();
    expect(fs.existsSync(mine)).toBe(true);
    second();
    expect(fs.existsSync(mine)).toBe(false);
  });

  it('gives way for at most the time it is given, so a seed beside a busy server still goes on', async () => {
    const other = spawn('sleep', ['60']);
    const turn = path.join(dir, `${DB_FILE_NAME}-waiting-${other.pid}`);
    try {
      fs.writeFileSync(turn, '');
      const started = performance.now();
      await new WriteTurns(database).giveWay(50);
      expect(performance.now() - started).toBeGreaterThanOrEqual(45);
      expect(fs.existsSync(turn)).toBe(true);
    } finally {
      fs.rmSync(turn, { force: true });
      other.kill();
    }
  });
});
