import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoQuotaMessage } from '../src/lib/video-quota';
import { startServer, type TestServer } from './helpers';
import { FAST_WORKER, tinyClip, videoForm, waitForStatus } from './pipeline-support';
import { multipartBody, rawRequest } from './raw-http';

/** Every stored object under a folder of the media store, as relative paths with their sizes. */
function objectsUnder(s: TestServer, folder: string): Record<string, number> {
  const root = path.join(s.app.settings.mediaDir, folder);
  if (!fs.existsSync(root)) return {};
  const found: Record<string, number> = {};
  for (const name of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const stat = fs.statSync(path.join(root, name));
    if (stat.isFile()) found[name] = stat.size;
  }
  return found;
}

const sum = (sizes: Record<string, number>): number => Object.values(sizes).reduce((a, b) => a + b, 0);

/** What the storage journal and the account's counter hold: after any refusal, nothing of the upload. */
async function ledger(s: TestServer, accountId: number) {
  return {
    usedBytes: await s.app.videoStorage.usedBytes(accountId),
    journal: (await s.app.db.all('SELECT storage_name FROM storage_journal')).length,
  };
}

describe('video storage quota: multipart uploads', () => {
  let s: TestServer;
  let clip: Buffer;
  let key: string;
  let accountId: number;
  /** Room for two clips and a little more, never a third. */
  let quota: number;
  const upload = (title: string, k = key) => s.request('POST', '/api/files', { key: k, body: videoForm({ title, content: clip }) });

  beforeAll(async () => {
    clip = await tinyClip();
    quota = 2 * clip.length + 500;
    s = await startServer({ accountVideoQuotaBytes: quota }); // no worker: sources wait for processing
    accountId = await s.addAccount('uploader', 'uploader-password', 0);
    key = await s.login('uploader', 'uploader-password');
  });
  afterAll(() => s.close());

  it('counts each waiting source to the byte, then refuses the upload that does not fit with 413 before reading its body', async () => {
    expect((await upload('First')).status).toBe(200);
    expect(await ledger(s, accountId)).toEqual({ usedBytes: clip.length, journal: 0 });
    expect((await upload('Second')).status).toBe(200);
    expect(await ledger(s, accountId)).toEqual({ usedBytes: 2 * clip.length, journal: 0 });
    const sources = objectsUnder(s, 'uploads');

    const third = await upload('Third');
    expect(third.status).toBe(413);
    expect(third.body).toEqual({ status: 'error', message: videoQuotaMessage(2 * clip.length, quota) });
    expect(third.body.message).toMatch(/^Video storage quota exceeded \(used .+ of .+, counting uploads in progress/);

    // A body announced at 50 MB that trickles in one byte a second is answered at once: the server read none of it.
    const { body, contentType } = multipartBody([
      { name: 'file_title', content: 'Huge' },
      { name: 'video_file', filename: 'huge.mp4', content: Buffer.alloc(50 * 1024 * 1024) },
    ]);
    const huge = await rawRequest(s.base, {
      method: 'POST',
      path: '/api/files',
      headers: { 'x-apikey': key, 'content-type': contentType },
      body,
      trickle: { bytes: 1, everyMs: 1000 },
      timeoutMs: 20_000,
    });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body)).toEqual({ status: 'error', message: videoQuotaMessage(2 * clip.length, quota) });
    expect(objectsUnder(s, 'uploads')).toEqual(sources);
    expect(await ledger(s, accountId)).toEqual({ usedBytes: 2 * clip.length, journal: 0 });
  });

  it('without a Content-Length, stops the stream at the room left and removes what was written', async () => {
    const sources = objectsUnder(s, 'uploads');
    const { body, contentType } = multipartBody([
      { name: 'file_title', content: 'Chunked' },
      { name: 'video_file', filename: 'c.mp4', content: clip },
    ]);
    // A stream body goes out chunked: the server learns the size only as the bytes arrive.
    const res = await fetch(`${s.base}/api/files`, {
      method: 'POST',
      headers: { 'x-apikey': key, 'content-type': contentType },
      body: new Blob([new Uint8Array(body)]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: 'error', message: videoQuotaMessage(2 * clip.length, quota) });
    expect(objectsUnder(s, 'uploads')).toEqual(sources);
    expect(await ledger(s, accountId)).toEqual({ usedBytes: 2 * clip.length, journal: 0 });
  });

  it('the trash keeps counting; deleting for good frees the source, and the same upload then fits', async () => {
    const files = (await s.request('GET', '/api/files/', { key })).body.data.files as { file_id: number }[];
    const fileId = files[0]!.file_id;
    expect((await s.request('DELETE', `/api/files/${fileId}`, { key })).status).toBe(200);
    expect((await upload('Still full')).status).toBe(413);
    expect((await s.request('DELETE', `/api/files/${fileId}?permanent=1`, { key })).status).toBe(200);
    expect(await ledger(s, accountId)).toEqual({ usedBytes: clip.length, journal: 0 });
    expect(Object.keys(objectsUnder(s, 'uploads'))).toHaveLength(1);
    expect((await upload('Fits again')).status).toBe(200);
  });

  it('parallel uploads of one account cannot overshoot the quota together', async () => {
    // Room for two clips with their form fields, never three.
    const s2 = await startServer({ accountVideoQuotaBytes: 2 * clip.length + 2000 });
    try {
      const racerId = await s2.addAccount('racer', 'racer-password', 0);
      const racer = await s2.login('racer', 'racer-password');
      const results = await Promise.all(
        ['A', 'B', 'C', 'D'].map((t) =>
          s2.request('POST', '/api/files', { key: racer, body: videoForm({ title: `Race ${t}`, content: clip }) }),
        ),
      );
      // The slots let 4 in at once; each reserved its Content-Length first, so two fit and two are refused.
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 413, 413]);
      expect(await ledger(s2, racerId)).toEqual({ usedBytes: 2 * clip.length, journal: 0 });
      expect(Object.keys(objectsUnder(s2, 'uploads'))).toHaveLength(2);
    } finally {
      await s2.close();
    }
  });
});

describe('video storage quota: published media and URL ingest', () => {
  let s: TestServer;
  let clip: Buffer;
  let source: http.Server;
  let sourceBase: string;

  beforeAll(async () => {
    clip = await tinyClip();
    source = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length }).end(clip);
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    const host = `localhost:${(source.address() as AddressInfo).port}`;
    sourceBase = `http://${host}`;
    s = await startServer({ worker: FAST_WORKER, ingestAllowHosts: [host], accountVideoQuotaBytes: 10 * clip.length });
  });
  afterAll(async () => {
    source.close();
    await s.close();
  });

  it('once processed, the account counts the rendition folder (ladder, thumbnail, storyboard), not the removed source', async () => {
    const accountId = await s.addAccount('publisher', 'publisher-password', 0);
    const key = await s.login('publisher', 'publisher-password');
    const res = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Published', content: clip }) });
    const done = await waitForStatus(s, key, res.body.data.file.file_id, [4, 7, 10]);
    expect(done.file_status).toBe(10);
    const folder = /^media\/(files\/[^/]+\/)/.exec(done.file_image)![1]!;
    const published = objectsUnder(s, folder);
    expect(Object.keys(published)).toEqual(expect.arrayContaining(['master.m3u8', 'thumb.jpg', 'sprite.jpg']));
    expect(objectsUnder(s, 'uploads')).toEqual({});
    expect(await ledger(s, accountId)).toEqual({ usedBytes: sum(published), journal: 0 });
  });

  it('a URL whose video passes the room left fails the file with the quota as its reason', async () => {
    const accountId = await s.addAccount('fetcher', 'fetcher-password', 0);
    const key = await s.login('fetcher', 'fetcher-password');
    // Fill the account to a few bytes below its quota with a reservation (an upload in progress).
    const filled = 10 * clip.length - clip.length + 1;
    await s.app.db.transaction((tx) =>
      s.app.videoStorage.reserve(tx, 'uploads/tus/0123456789abcdef0123456789abcdef', accountId, filled, s.now.value, Infinity),
    );
    const res = await s.request('POST', '/api/files', {
      key,
      json: { source_url: `${sourceBase}/clip.mp4`, file_title: 'Too big for what is left' },
    });
    expect(res.status).toBe(200);
    const failed = await waitForStatus(s, key, res.body.data.file.file_id, [4, 7, 10]);
    expect(failed).toMatchObject({ file_status: 4, file_reason: videoQuotaMessage(filled, 10 * clip.length) });
    expect(await ledger(s, accountId)).toEqual({ usedBytes: filled, journal: 0 });
  });
});

describe('video storage quota: tus uploads', () => {
  let s: TestServer;
  let clip: Buffer;
  let key: string;
  let accountId: number;
  let quota: number;
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const tus = (method: string, url: string, headers: Record<string, string>, body?: Uint8Array<ArrayBuffer>) =>
    fetch(s.base + url, { method, headers: { 'tus-resumable': '1.0.0', 'x-apikey': key, ...headers }, body: body ?? null });
  const create = (length: number, title = 'Resumable') =>
    tus('POST', '/api/uploads/', { 'upload-length': String(length), 'upload-metadata': `file_title ${b64(title)}` });
  const locationOf = (res: Response) => new URL(res.headers.get('location')!).pathname;

  beforeAll(async () => {
    clip = await tinyClip();
    quota = 3 * clip.length;
    s = await startServer({ accountVideoQuotaBytes: quota });
    accountId = await s.addAccount('resumer', 'resumer-password', 0);
    key = await s.login('resumer', 'resumer-password');
  });
  afterAll(() => s.close());

  it('reserves the declared Upload-Length at creation and refuses one past the room left with 413, in tus and in our envelope', async () => {
    const tooLong = await create(quota + 1);
    expect(tooLong.status).toBe(413);
    expect(tooLong.headers.get('tus-resumable')).toBe('1.0.0');
    expect(await tooLong.json()).toEqual({ status: 'error', message: videoQuotaMessage(0, quota) });

    const first = await create(2 * clip.length);
    expect(first.status).toBe(201);
    expect(await ledger(s, accountId)).toEqual({ usedBytes: 2 * clip.length, journal: 0 });
    // The reservation counts for every way in: a second tus upload and a multipart one find the room taken.
    const second = await create(clip.length + 1);
    expect(second.status).toBe(413);
    expect(await second.json()).toEqual({ status: 'error', message: videoQuotaMessage(2 * clip.length, quota) });
    const multipart = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'No room', content: clip }) });
    expect(multipart.status).toBe(413);
    // The upload ended by its client (DELETE) frees what it reserved.
    expect((await tus('DELETE', locationOf(first), {})).status).toBe(204);
    expect(await ledger(s, accountId)).toEqual({ usedBytes: 0, journal: 0 });
    // A deferred length could not be checked: refused.
    const deferred = await tus('POST', '/api/uploads/', { 'upload-defer-length': '1', 'upload-metadata': `file_title ${b64('Later')}` });
    expect(deferred.status).toBe(400);
    expect(await ledger(s, accountId)).toEqual({ usedBytes: 0, journal: 0 });
  });

  it('a finished upload is counted at its size; one abandoned past its TTL is swept with its reservation', async () => {
    const done = await create(clip.length, 'Finished');
    const finish = await tus(
      'PATCH',
      locationOf(done),
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      new Uint8Array(clip),
    );
    expect(Number(finish.headers.get('x-file-id'))).toBeGreaterThan(0);
    // A finished upload is its file's source: its client can no longer delete it.
    expect((await tus('DELETE', locationOf(done), {})).status).toBe(400);
    const abandoned = await create(clip.length, 'Abandoned');
    expect(await ledger(s, accountId)).toEqual({ usedBytes: 2 * clip.length, journal: 0 });

    s.advance(25 * 3_600_000);
    expect(await s.app.sweepAbandonedUploads()).toBe(1);
    expect(await ledger(s, accountId)).toEqual({ usedBytes: clip.length, journal: 0 });
    key = await s.login('resumer', 'resumer-password'); // a day later: a new session
    expect((await tus('HEAD', locationOf(abandoned), {})).status).toBe(404);
  });
});

describe('video storage quota: an external pipeline', () => {
  let s: TestServer;
  let clip: Buffer;
  const TOKEN = 'external-pipeline-token';
  const report = (fileId: number, json: Record<string, unknown>) =>
    s.request('PUT', `/api/pipeline/files/${fileId}`, { json, headers: { 'x-pipeline-token': TOKEN } });

  beforeAll(async () => {
    clip = await tinyClip();
    s = await startServer({ pipelineToken: TOKEN }); // no worker: the external pipeline does the work
  });
  afterAll(() => s.close());

  it("counts the file's own folder it reports, at its size each time, frees the source it ends, and a purge frees the folder", async () => {
    const accountId = await s.addAccount('outsourced', 'outsourced-password', 0);
    const key = await s.login('outsourced', 'outsourced-password');
    const fileId = (await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Elsewhere', content: clip }) })).body.data.file
      .file_id as number;
    const folder = `files/${fileId}-ext/`;
    const write = (name: string, bytes: number) => {
      fs.mkdirSync(path.join(s.app.settings.mediaDir, folder), { recursive: true });
      fs.writeFileSync(path.join(s.app.settings.mediaDir, folder, name), Buffer.alloc(bytes));
    };
    write('master.m3u8', 1000);
    expect((await report(fileId, { file_status: 6, file_rendition: `${folder}master.m3u8` })).status).toBe(200);
    expect(await ledger(s, accountId)).toEqual({ usedBytes: clip.length + 1000, journal: 0 });
    write('poster.jpg', 500);
    expect((await report(fileId, { file_status: 10, file_image: `${folder}poster.jpg` })).status).toBe(200);
    expect(await ledger(s, accountId)).toEqual({ usedBytes: 1500, journal: 0 }); // the source went with the final status

    expect((await s.request('DELETE', `/api/files/${fileId}`, { key })).status).toBe(200);
    expect(await ledger(s, accountId)).toEqual({ usedBytes: 1500, journal: 0 });
    expect((await s.request('DELETE', `/api/files/${fileId}?permanent=1`, { key })).status).toBe(200);
    expect(await ledger(s, accountId)).toEqual({ usedBytes: 0, journal: 0 });
  });
});
