import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3MediaStore } from '../src/media/s3-media-store';
import { startServer, type TestServer } from './helpers';
import { startS3Server, type TestS3Server } from './s3-server';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const HOUR = 3_600_000;
const MB = 1024 * 1024;

/** tus resumable uploads with the media store in a bucket (@tus/s3-store under the store's prefix). */
describe('tus uploads on an S3-compatible store', () => {
  let s3: TestS3Server;
  let store: S3MediaStore;
  let s: TestServer;
  let key: string;
  let openUploads: () => number;

  const tus = (method: string, url: string, headers: Record<string, string>, body?: Buffer) =>
    fetch(s.base + url, {
      method,
      headers: { 'tus-resumable': '1.0.0', 'x-apikey': key, ...headers },
      body: body ? new Uint8Array(body) : null,
    });
  const create = async (length: number, title = 'Big notes') => {
    const created = await tus('POST', '/api/uploads/', { 'upload-length': String(length), 'upload-metadata': `file_title ${b64(title)}` });
    expect(created.status).toBe(201);
    return new URL(created.headers.get('location')!).pathname;
  };
  const patch = (location: string, offset: number, bytes: Buffer) =>
    tus('PATCH', location, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, bytes);
  const reserved = async () => (await s.app.db.all<{ media_key: string }>('SELECT media_key FROM video_storage')).map((r) => r.media_key);

  beforeAll(async () => {
    s3 = await startS3Server();
    const bucket = await s3.bucket();
    store = new S3MediaStore(s3.settings(bucket, 'tenant/'));
    openUploads = () => s3.openUploads(bucket);
    s = await startServer({ s3: s3.settings(bucket, 'tenant/') });
    await s.addAccount('resumer', 'resumer-password', 0);
    key = await s.login('resumer', 'resumer-password');
  });
  afterAll(async () => {
    await s?.close();
    await s3?.close();
  });

  it('resumes across parts (an unfinished part, then whole parts), checks the result, and removes a refused one entirely', async () => {
    // Not a video: the upload completes in the bucket, then the check refuses it and it is removed.
    const data = Buffer.alloc(11 * MB, 0x41);
    const location = await create(data.length);
    const id = location.split('/').pop()!;
    expect(await store.size(`uploads/tus/${id}.json`)).toBeGreaterThan(0); // the description, in the bucket under the prefix
    const first = await patch(location, 0, data.subarray(0, 3 * MB)); // less than a part: kept as an unfinished part
    expect(first.status).toBe(204);
    expect((await tus('HEAD', location, {})).headers.get('upload-offset')).toBe(String(3 * MB));
    const second = await patch(location, 3 * MB, data.subarray(3 * MB, 9 * MB)); // completes the first part
    expect(second.status).toBe(204);
    expect((await tus('HEAD', location, {})).headers.get('upload-offset')).toBe(String(9 * MB));
    const last = await patch(location, 9 * MB, data.subarray(9 * MB));
    expect(last.status).toBe(400);
    expect(await last.json()).toEqual({ status: 'error', message: 'This file is not a video' });
    expect(await store.bytesUnder('uploads/')).toBe(0);
    expect(await reserved()).toEqual([]);
  });

  it("a client's DELETE removes the upload and frees its reservation before tus answers", async () => {
    const location = await create(6 * MB);
    const id = location.split('/').pop()!;
    expect(await reserved()).toEqual([`uploads/tus/${id}`]);
    expect((await patch(location, 0, Buffer.alloc(MB, 1))).status).toBe(204);
    const removed = await tus('DELETE', location, {});
    expect(removed.status).toBe(204);
    expect(await reserved()).toEqual([]);
    expect(await store.bytesUnder('uploads/')).toBe(0);
    expect(openUploads()).toBe(0); // the multipart upload is aborted, not left holding parts
    expect((await tus('HEAD', location, {})).status).toBe(404);
  });

  it('the sweep removes an upload left unfinished past its TTL, with its reservation', async () => {
    const location = await create(2 * MB);
    expect((await patch(location, 0, Buffer.alloc(MB, 2))).status).toBe(204);
    s.advance(23 * HOUR);
    expect(await s.app.sweepAbandonedUploads()).toBe(0);
    expect(await store.bytesUnder('uploads/')).toBeGreaterThan(0);
    s.advance(2 * HOUR);
    expect(await s.app.sweepAbandonedUploads()).toBe(1);
    expect(await store.bytesUnder('uploads/')).toBe(0);
    expect(openUploads()).toBe(0);
    expect(await reserved()).toEqual([]);
  });
});
