import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgDb } from '../src/db/postgres/connection';
import { S3MediaStore } from '../src/media/s3-media-store';
import { spawnWorker, type SpawnedWorker } from './api-worker-support';
import { startServer, type TestServer } from './helpers';
import { COMPLETED_PATH, recordStatuses, statusesOf, tinyClip, videoForm, waitForStatus } from './pipeline-support';
import { startS3Server, type TestS3Server } from './s3-server';

/**
 * `npm run server -- worker` (no --api): the database worker, on the server's database and its bucket,
 * as an operator runs it on another machine beside API nodes whose own worker is off (VP_WORKER=0).
 */
describe('a database worker (npm run server -- worker) on a bucket', { timeout: 120_000 }, () => {
  let s3: TestS3Server;
  let bucket: string;
  let store: S3MediaStore;
  let s: TestServer;
  let key: string;
  let worker: SpawnedWorker | undefined;

  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = await s3.bucket();
    const media = s3.settings(bucket, 'media/');
    store = new S3MediaStore(media);
    s = await startServer({ worker: false, s3: media });
    await recordStatuses(s.app.db);
    await s.addAccount('maker', 'maker-password', 0);
    key = await s.login('maker', 'maker-password');
  });
  afterAll(async () => {
    if (worker?.child.exitCode === null) {
      worker.child.kill('SIGKILL');
      await worker.exited;
    }
    await s?.close();
    await s3?.close();
  });

  it('takes an upload to Completed with its media in the bucket, and stops on SIGTERM with exit status 0', async () => {
    const res = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Database worker', content: await tinyClip() }) });
    expect(res.status).toBe(200);
    const fileId = res.body.data.file.file_id as number;
    // Its own data folder: the database is reached by DATABASE_URL on PostgreSQL, by the node's VP_DATA_DIR on SQLite.
    const database: Record<string, string> & { VP_DATA_DIR: string } =
      s.app.db instanceof PgDb
        ? { DATABASE_URL: s.app.db.pool.options.connectionString!, VP_DATA_DIR: fs.mkdtempSync(path.join(s.dataDir, 'worker-')) }
        : { VP_DATA_DIR: s.dataDir };
    // NODE_NO_WARNINGS: the SDK's notice of Node versions, on stderr, is not the worker's.
    worker = spawnWorker([], { ...database, ...s3.environment(bucket, 'media'), NODE_NO_WARNINGS: '1' }, 'db-box');

    const done = await waitForStatus(s, key, fileId, [10, 4, 7], 60_000).catch(worker.explain);
    expect(done).toMatchObject({ file_status: 10, file_server: 'db-box', file_width: 160, file_height: 90, file_reason: null });
    expect(await statusesOf(s.app.db, fileId)).toEqual(COMPLETED_PATH);
    const row = await s.app.db.get<{ file_rendition: string }>('SELECT file_rendition FROM files WHERE file_id = ?', [fileId]);
    const folder = row!.file_rendition.replace(/[^/]+$/, '');
    expect(await store.bytesUnder(folder)).toBeGreaterThan(0);
    expect(await store.bytesUnder('uploads/')).toBe(0);
    const master = await fetch(`${s.base}/media/${row!.file_rendition}`);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('#EXT-X-STREAM-INF');
    // Nothing in a media folder: neither the node's nor, on PostgreSQL, the worker's own.
    const mediaFiles = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }) : []);
    expect(mediaFiles(path.join(database.VP_DATA_DIR, 'media'))).toEqual([]);

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.stdout()).toContain('SIGTERM received, stopping the worker…');
    expect(worker.stderr()).toBe('');
  });
});
