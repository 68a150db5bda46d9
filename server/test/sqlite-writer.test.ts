import BetterSqlite3 from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
