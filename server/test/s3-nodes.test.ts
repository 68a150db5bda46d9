import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3MediaStore } from '../src/media/s3-media-store';
import { createTestDatabase, dropTestDatabase, ENGINE, startServer, type TestServer } from './helpers';
import { workerTokenCommand } from '../src/pipeline/worker-token-commands';
import { spawnApiWorker, type SpawnedWorker } from './api-worker-support';
import { tinyClip, waitForStatus } from './pipeline-support';
import { startS3Server, type TestS3Server } from './s3-server';

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** Polls until `check` holds (or the time is up): the purge's deletes run beside the reply. */
async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Two API nodes with a data folder each (no shared disk), one PostgreSQL database, one bucket: the
// media is nowhere but in the bucket. (SQLite is one data folder, so one machine: PostgreSQL only.)
// Spawns a worker process and waits for its ffmpeg: an ample budget on a busy machine.
describe.skipIf(ENGINE !== 'postgres')(
  'two nodes without a shared disk, on one bucket, and a worker on nothing but the API',
  { timeout: 120_000 },
  () => {
    let s3: TestS3Server;
    let store: S3MediaStore;
    let databaseUrl: string;
    let a: TestServer;
    let b: TestServer;
    let key: string;
    let clip: Buffer;
    let worker: SpawnedWorker | undefined;

    beforeAll(async () => {
      clip = await tinyClip();
      s3 = await startS3Server();
      const bucket = await s3.bucket();
      const media = s3.settings(bucket, 'shared/');
      store = new S3MediaStore(media);
      databaseUrl = await createTestDatabase();
      a = await startServer({ databaseUrl, s3: media });
      b = await startServer({ databaseUrl, s3: media }); // neither node runs a worker: one that reaches nothing but B's API does
      expect(b.dataDir).not.toBe(a.dataDir);
      await a.addAccount('traveller', 'traveller-password', 0);
      key = await a.login('traveller', 'traveller-password');
    });
    afterAll(async () => {
      worker?.child.kill('SIGKILL');
      await worker?.exited;
      await a?.close();
      await b?.close();
      if (databaseUrl) await dropTestDatabase(databaseUrl);
      await s3?.close();
    });

    it('takes a tus upload begun on A and finished on B to Completed by an API-only worker, serves it from A, and purges every object', async () => {
      const token = (await workerTokenCommand(a.app.db, 'create', 'far-away', a.now.value))[1]!;
      worker = spawnApiWorker(b.base, token, 'far-away-box'); // no DATABASE_URL, no data folder, no bucket credentials
      const tus = (node: TestServer, method: string, url: string, headers: Record<string, string>, body?: Buffer) =>
        fetch(node.base + url, {
          method,
          headers: { 'tus-resumable': '1.0.0', 'x-apikey': key, ...headers },
          body: body ? new Uint8Array(body) : null,
        });
      const created = await tus(a, 'POST', '/api/uploads/', {
        'upload-length': String(clip.length),
        'upload-metadata': `filename ${b64('clip.mp4')},file_title ${b64('Travelling lecture')}`,
      });
      expect(created.status).toBe(201);
      const location = new URL(created.headers.get('location')!).pathname;
      const half = Math.floor(clip.length / 2);
      const patch = (node: TestServer, offset: number, bytes: Buffer) =>
        tus(node, 'PATCH', location, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, bytes);
      expect((await patch(a, 0, clip.subarray(0, half))).status).toBe(204);

      // Node B has never seen this upload: it finds it, and where to resume, in the bucket.
      expect((await tus(b, 'HEAD', location, {})).headers.get('upload-offset')).toBe(String(half));
      const last = await patch(b, half, clip.subarray(half));
      expect(last.status).toBe(204);
      const fileId = Number(last.headers.get('x-file-id'));
      expect(fileId).toBeGreaterThan(0);
      expect(await waitForStatus(a, key, fileId, [4, 7, 10], 60_000)).toMatchObject({
        file_status: 10,
        file_width: 160,
        file_server: 'far-away-box',
      });

      // Node A (which ran no worker and holds no media) serves the master playlist and a segment.
      const row = await a.app.db.get<{ file_rendition: string }>('SELECT file_rendition FROM files WHERE file_id = ?', [fileId]);
      const master = await fetch(`${a.base}/media/${row!.file_rendition}`);
      expect(master.status).toBe(200);
      const variant = (await master.text()).split('\n').find((line) => line.endsWith('.m3u8'))!;
      const folderUrl = `${a.base}/media/${row!.file_rendition.replace(/[^/]+$/, '')}`;
      const playlist = await (await fetch(folderUrl + variant)).text();
      const segment = folderUrl + variant.replace(/[^/]+$/, '') + playlist.split('\n').find((line) => line.endsWith('.ts'))!;
      const part = await fetch(segment, { headers: { range: 'bytes=0-187' } });
      expect(part.status).toBe(206);
      expect((await part.arrayBuffer()).byteLength).toBe(188);

      // The source left the bucket once processed; a permanent delete leaves no object of the file.
      const ownFolder = row!.file_rendition.replace(/[^/]+$/, '');
      expect(await store.bytesUnder('uploads/')).toBe(0);
      expect(await store.bytesUnder(ownFolder)).toBeGreaterThan(0);
      expect((await a.request('DELETE', `/api/files/${fileId}`, { key })).status).toBe(200);
      expect((await a.request('DELETE', `/api/files/${fileId}?permanent=1`, { key })).status).toBe(200);
      await until(async () => (await store.bytesUnder(ownFolder)) === 0);
      expect(await store.bytesUnder(`files/${fileId}-`)).toBe(0);
      expect((await fetch(segment)).status).toBe(404);
    });
  },
);
