import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3MediaStore } from '../src/media/s3-media-store';
import { mediaStoreUnavailable } from '../src/schemas/messages';
import { startServer, type TestServer } from './helpers';
import { FAST_WORKER, tinyClip, videoForm, waitForStatus } from './pipeline-support';
import { startS3Server, type TestS3Server } from './s3-server';

/** The headers a player's cache and range logic read. */
const SERVED = ['content-type', 'cache-control', 'accept-ranges', 'content-range', 'content-length', 'access-control-allow-origin'];
const headersOf = (res: Response) => Object.fromEntries(SERVED.map((name) => [name, res.headers.get(name)]));

interface Published {
  master: string;
  segment: string;
  image: string;
  fileId: number;
}

/** Uploads the clip (multipart), waits for Completed, and finds its master playlist, a segment and its thumbnail. */
async function publish(s: TestServer, key: string, clip: Buffer): Promise<Published> {
  const res = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Stored lecture', content: clip }) });
  expect(res.status).toBe(200);
  const fileId = res.body.data.file.file_id as number;
  const done = await waitForStatus(s, key, fileId, [4, 7, 10]);
  expect(done.file_status).toBe(10);
  const row = await s.app.db.get<{ file_rendition: string }>('SELECT file_rendition FROM files WHERE file_id = ?', [fileId]);
  const master = `/media/${row!.file_rendition}`;
  const variant = (await (await fetch(s.base + master)).text()).split('\n').find((line) => line.endsWith('.m3u8'))!;
  const folder = master.replace(/[^/]+$/, '');
  const playlist = await (await fetch(s.base + folder + variant)).text();
  const segment = folder + variant.replace(/[^/]+$/, '') + playlist.split('\n').find((line) => line.endsWith('.ts'))!;
  return { master, segment, image: `/images/${done.file_image}`, fileId };
}

/** A GET's status, its body read to the end (a body left unread would hold the node's reply, and its close). */
const statusOf = async (url: string, init?: RequestInit): Promise<number> => {
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return res.status;
};

describe('media on an S3-compatible store', () => {
  let s3: TestS3Server;
  let bucket: string;
  let folder: TestServer;
  let stored: TestServer;
  let clip: Buffer;
  let onFolder: Published;
  let onStore: Published;
  let storedKey: string;
  /** The objects read from the bucket (GET, path only), in order. */
  const bucketReads: string[] = [];

  beforeAll(async () => {
    clip = await tinyClip();
    s3 = await startS3Server({ onReply: (method, url) => method === 'GET' && bucketReads.push(url.split('?')[0]!) });
    bucket = await s3.bucket();
    folder = await startServer({ worker: FAST_WORKER });
    stored = await startServer({ worker: FAST_WORKER, s3: s3.settings(bucket, 'vp/') });
    for (const s of [folder, stored]) await s.addAccount('keeper', 'keeper-password', 0);
    const folderKey = await folder.login('keeper', 'keeper-password');
    storedKey = await stored.login('keeper', 'keeper-password');
    onFolder = await publish(folder, folderKey, clip);
    onStore = await publish(stored, storedKey, clip);
  });
  afterAll(async () => {
    await folder?.close();
    await stored?.close();
    await s3?.close();
  });

  it('keeps the upload, the renditions and the images in the bucket, under its prefix, and nothing in the folder', async () => {
    const store = new S3MediaStore(s3.settings(bucket, 'vp/'));
    const folderKey = onStore.master.replace(/^\/media\//, '').replace(/[^/]+$/, '');
    expect(await store.bytesUnder(folderKey)).toBeGreaterThan(clip.length / 4);
    expect(await store.size(onStore.master.replace(/^\/media\//, ''))).toBeGreaterThan(0);
    const outside = new S3MediaStore(s3.settings(bucket, ''));
    expect(await outside.bytesUnder('files/')).toBe(0); // everything is under vp/
    // The node's media folder (VP_MEDIA_DIR's default) holds no file: neither the upload nor the pipeline's outputs.
    const mediaDir = stored.app.settings.mediaDir;
    const files = fs.existsSync(mediaDir)
      ? fs.readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
      : [];
    expect(files.map((e) => e.name)).toEqual([]);
    // …while the folder node's own holds the same file's media: the check looks where the media would be.
    expect(fs.readdirSync(folder.app.settings.mediaDir, { recursive: true })).toContain('files');
  });

  it('serves playlists, segments and images from the store with the same headers as the folder store', async () => {
    for (const [ofFolder, ofStore, range] of [
      [onFolder.master, onStore.master, undefined],
      [onFolder.segment, onStore.segment, undefined],
      [onFolder.segment, onStore.segment, 'bytes=0-187'],
      [onFolder.segment, onStore.segment, 'bytes=-100'],
      [onFolder.segment, onStore.segment, 'bytes=376-'],
      [onFolder.image, onStore.image, undefined],
    ] as const) {
      const headers = range ? { range } : undefined;
      const a = await fetch(folder.base + ofFolder, { headers });
      const b = await fetch(stored.base + ofStore, { headers });
      expect(b.status, `${ofStore} ${range}`).toBe(a.status);
      const [bytesA, bytesB] = [Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())];
      if (!ofFolder.endsWith('.m3u8')) expect(headersOf(b), `${ofStore} ${range}`).toEqual(headersOf(a));
      else expect({ ...headersOf(b), 'content-length': null }).toEqual({ ...headersOf(a), 'content-length': null });
      if (range) expect(b.status).toBe(206);
      expect(bytesB.length).toBe(Number(b.headers.get('content-length')));
      if (!ofFolder.endsWith('.m3u8')) expect(bytesB.length).toBe(bytesA.length);
    }
  });

  it('answers 416 with the size past the end, 304 for a held ETag, and 404 for a missing object', async () => {
    const past = await fetch(stored.base + onStore.segment, { headers: { range: 'bytes=99999999-' } });
    const pastFolder = await fetch(folder.base + onFolder.segment, { headers: { range: 'bytes=99999999-' } });
    expect(past.status).toBe(416);
    expect(past.status).toBe(pastFolder.status);
    const size = Number((await fetch(stored.base + onStore.segment, { method: 'HEAD' })).headers.get('content-length'));
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    const etag = (await fetch(stored.base + onStore.segment)).headers.get('etag')!;
    expect((await fetch(stored.base + onStore.segment, { headers: { 'if-none-match': etag } })).status).toBe(304);

    const [inStore, inFolder] = [onStore.master, onFolder.master].map((url) => url.replace(/master\.m3u8$/, 'nothing.m3u8'));
    const missing = await stored.request('GET', inStore!);
    const missingFolder = await folder.request('GET', inFolder!);
    expect(missing.status).toBe(404);
    expect(missing.status).toBe(missingFolder.status);
    expect(missing.body.message.replace(inStore, '…')).toBe(missingFolder.body.message.replace(inFolder, '…'));
  });

  it("keeps a copy of each whole object it streamed: the next whole read comes from the node's disk, not the bucket", async () => {
    const segmentKey = onStore.segment.replace(/^\/media\//, '');
    const fromBucket = () => bucketReads.filter((url) => url.endsWith(segmentKey)).length;
    const first = Buffer.from(await (await fetch(stored.base + onStore.segment)).arrayBuffer()); // read before this test, or now
    await expect.poll(() => stored.app.mediaCache?.has(segmentKey), { timeout: 5_000, interval: 25 }).toBe(true);
    const before = fromBucket();
    const again = await fetch(stored.base + onStore.segment);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(first);
    expect(fromBucket()).toBe(before);
  });

  it('keeps no copy of a range it was asked for, nor a partial one of a read cut midway; a whole read is kept', async () => {
    const key = onStore.master.replace(/^\/media\//, '').replace(/master\.m3u8$/, 'extra-segment.ts');
    const bytes = 4 * 1024 * 1024;
    await new S3MediaStore(s3.settings(bucket, 'vp/')).putStream(key, Readable.from([Buffer.alloc(bytes, 7)]));
    const url = `${stored.base}/media/${key}`;
    const copy = path.join(stored.app.mediaCache!.dir, key);
    expect(await statusOf(url, { headers: { range: 'bytes=0-99' } })).toBe(206);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stored.app.mediaCache?.has(key)).toBe(false);
    // A reader that leaves: the node may have read the whole object from the bucket by then (a whole copy
    // is right to keep), never a part of it.
    const cut = await fetch(url);
    await cut.body!.getReader().cancel();
    const incoming = path.join(stored.app.mediaCache!.dir, '.incoming');
    await expect.poll(() => fs.readdirSync(incoming).length, { timeout: 5_000, interval: 25 }).toBe(0);
    if (stored.app.mediaCache?.has(key)) expect(fs.statSync(copy).size).toBe(bytes);
    else expect(fs.existsSync(copy)).toBe(false);
    expect(await statusOf(url)).toBe(200);
    await expect.poll(() => stored.app.mediaCache?.has(key), { timeout: 5_000, interval: 25 }).toBe(true);
    expect(fs.statSync(copy).size).toBe(bytes);
  });

  it("drops a file's copies when it goes to the trash; restored, its media are read from the bucket again", async () => {
    const segmentKey = onStore.segment.replace(/^\/media\//, '');
    // (Polled: on a retry, the last try's restore may still be on its way to this node's serving state.)
    await expect.poll(() => statusOf(stored.base + onStore.segment), { timeout: 5_000, interval: 25 }).toBe(200);
    await expect.poll(() => stored.app.mediaCache?.has(segmentKey), { timeout: 5_000, interval: 25 }).toBe(true);
    expect((await stored.request('DELETE', `/api/files/${onStore.fileId}`, { key: storedKey })).status).toBe(200);
    try {
      await expect.poll(() => statusOf(stored.base + onStore.segment), { timeout: 5_000, interval: 25 }).toBe(410);
      // The refusal comes first (the right to serve is asked before the copy); the copy goes as the event is handled.
      await expect.poll(() => stored.app.mediaCache?.has(segmentKey), { timeout: 5_000, interval: 25 }).toBe(false);
      // The entry goes first, then its bytes on disk (an unlink of its own).
      await expect
        .poll(() => fs.existsSync(path.join(stored.app.mediaCache!.dir, segmentKey)), { timeout: 5_000, interval: 25 })
        .toBe(false);
    } finally {
      expect((await stored.request('POST', `/api/files/${onStore.fileId}/restore`, { key: storedKey })).status).toBe(200);
    }
    await expect.poll(() => statusOf(stored.base + onStore.segment), { timeout: 5_000, interval: 25 }).toBe(200);
    expect(bucketReads.at(-1)).toMatch(new RegExp(`${segmentKey.replace(/[.]/g, '\\.')}$`));
  });

  it('streams a segment without holding it whole: a reader that stops early gets its first bytes', async () => {
    const res = await fetch(stored.base + onStore.segment);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.value!.length).toBeGreaterThan(0);
    await reader.cancel();
    expect((await fetch(stored.base + onStore.master)).status).toBe(200); // the node is fine after a cut reader
  });

  it('with VP_MEDIA_PUBLIC_URL, the player page and the media routes point at that base', async () => {
    const cdn = await startServer({ s3: s3.settings(bucket, 'vp/'), mediaPublicUrl: 'https://cdn.example/vp/', databaseUrl: undefined });
    try {
      // Media of no one file (as the demo's shared video): this node has none of the test's files.
      const redirected = await fetch(`${cdn.base}/media/files/demo-abc/master.m3u8`, { redirect: 'manual' });
      expect(redirected.status).toBe(302);
      expect(redirected.headers.get('location')).toBe('https://cdn.example/vp/files/demo-abc/master.m3u8');
      const image = await fetch(`${cdn.base}/images/media/files/demo-abc/thumb.jpg`, { redirect: 'manual' });
      expect(image.headers.get('location')).toBe('https://cdn.example/vp/files/demo-abc/thumb.jpg');
      expect(redirected.headers.get('cache-control')).toBe('no-store');
    } finally {
      await cdn.close();
    }
    const row = await stored.app.db.get<{ file_slug: string }>('SELECT file_slug FROM files WHERE file_id = ?', [onStore.fileId]);
    stored.app.settings.mediaPublicUrl = 'https://cdn.example/vp';
    try {
      const page = await stored.request('GET', `/player/${row!.file_slug}`);
      expect(page.text).toContain(`data-hls="https://cdn.example/vp/${onStore.master.replace(/^\/media\//, '')}"`);
      expect(page.text).toContain(`poster="https://cdn.example/vp/${onStore.image.replace(/^\/images\/media\//, '')}"`);
      const vtt = await stored.request('GET', `/player/${row!.file_slug}/storyboard.vtt`);
      expect(vtt.text).toContain('https://cdn.example/vp/files/');
    } finally {
      stored.app.settings.mediaPublicUrl = undefined;
    }
  });

  it('with VP_MEDIA_PUBLIC_URL, a file in the trash is refused as without it (410, no redirect), and redirected again once restored', async () => {
    const segment = () => fetch(stored.base + onStore.segment, { redirect: 'manual' });
    expect((await stored.request('DELETE', `/api/files/${onStore.fileId}`, { key: storedKey })).status).toBe(200);
    try {
      // The node without the CDN (it learns of the trash from the file events, within moments).
      await expect.poll(async () => (await segment()).status, { timeout: 5_000, interval: 25 }).toBe(410);
      stored.app.settings.mediaPublicUrl = 'https://cdn.example/vp';
      const viaCdn = await segment();
      expect(viaCdn.status).toBe(410);
      expect(viaCdn.headers.get('location')).toBeNull();
      expect(viaCdn.headers.get('cache-control')).toBe('no-store');
    } finally {
      expect((await stored.request('POST', `/api/files/${onStore.fileId}/restore`, { key: storedKey })).status).toBe(200);
    }
    try {
      await expect.poll(async () => (await segment()).status, { timeout: 5_000, interval: 25 }).toBe(302);
      const restored = await segment();
      expect(restored.headers.get('location')).toBe(`https://cdn.example/vp/${onStore.segment.replace(/^\/media\//, '')}`);
    } finally {
      stored.app.settings.mediaPublicUrl = undefined;
    }
  });
});

describe('the pipeline API on an S3 store', () => {
  it("hands an external pipeline a waiting file's source from the bucket, with ranges and no cache", async () => {
    const s3 = await startS3Server();
    const s = await startServer({ s3: s3.settings(await s3.bucket()), pipelineToken: 'pipeline-secret' }); // no worker
    try {
      await s.addAccount('sender', 'sender-password', 0);
      const key = await s.login('sender', 'sender-password');
      const clip = await tinyClip();
      const added = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Waiting', content: clip }) });
      const url = `${s.base}/api/pipeline/files/${added.body.data.file.file_id}/source`;
      const whole = await fetch(url, { headers: { 'x-pipeline-token': 'pipeline-secret' } });
      expect(whole.status).toBe(200);
      expect(whole.headers.get('cache-control')).toBe('no-store');
      expect(whole.headers.get('content-type')).toBe('application/octet-stream');
      expect(Buffer.from(await whole.arrayBuffer()).equals(clip)).toBe(true);
      const part = await fetch(url, { headers: { 'x-pipeline-token': 'pipeline-secret', range: 'bytes=4-11' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(clip.subarray(4, 12));
    } finally {
      await s.close();
      await s3.close();
    }
  });
});

describe('a media store that is down', () => {
  let down: TestServer;
  let key: string;
  let silent: http.Server;

  beforeAll(async () => {
    silent = http.createServer(); // accepts, then the test closes it: nothing listens on its port
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    down = await startServer({
      s3: {
        bucket: 'gone',
        prefix: '',
        endpoint: `http://127.0.0.1:${port}`,
        forcePathStyle: true,
        credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
        timeoutMs: 1000,
      },
    });
    await down.addAccount('waiter', 'waiter-password', 0);
    key = await down.login('waiter', 'waiter-password');
  });
  afterAll(() => down?.close());

  it('answers an upload and a media request 503 with the reason; the upload stays journaled for the sweep', async () => {
    const upload = await down.request('POST', '/api/files', { key, body: videoForm({ title: 'Lost', content: Buffer.alloc(5000, 1) }) });
    expect(upload.status).toBe(503);
    expect(upload.body).toEqual({ status: 'error', message: mediaStoreUnavailable('it refused the connection') });
    expect(upload.headers.get('retry-after')).toBe('5');
    const media = await down.request('GET', '/media/files/demo-abc/master.m3u8');
    expect(media.status).toBe(503);
    expect(media.body.message).toBe(mediaStoreUnavailable('it refused the connection'));
    // Its folder could not be deleted either: the journal keeps it (and its reservation) until the store is back.
    const [reserved] = await down.app.db.all<{ media_key: string }>('SELECT media_key FROM video_storage');
    const journaled = await down.app.db.all<{ storage_name: string }>('SELECT storage_name FROM storage_journal');
    expect(journaled).toEqual([{ storage_name: `media:${reserved!.media_key.replace(/source$/, '')}` }]);
  });
});
