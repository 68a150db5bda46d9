import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';
import { FAST_WORKER, tinyClip, waitForStatus } from './pipeline-support';

const b64 = (text: string) => Buffer.from(text).toString('base64');
const HOUR = 3_600_000;

describe('tus resumable uploads', () => {
  let s: TestServer;
  let key: string;
  let clip: Buffer;
  const tus = (method: string, url: string, headers: Record<string, string>, body?: Uint8Array<ArrayBuffer>) =>
    fetch(s.base + url, { method, headers: { 'tus-resumable': '1.0.0', ...headers }, body: body ?? null });

  beforeAll(async () => {
    clip = await tinyClip();
    s = await startServer({ worker: FAST_WORKER, corsOrigins: ['https://cms.example'] });
    await s.addAccount('resumer', 'resumer-password', 0);
    key = await s.login('resumer', 'resumer-password');
  });
  afterAll(() => s.close());

  const create = (metadata: string, auth = key, length = clip.length) =>
    tus('POST', '/api/uploads/', { 'x-apikey': auth, 'upload-length': String(length), 'upload-metadata': metadata });

  it('takes a video in two resumed chunks, creates the file and names it in X-File-Id', async () => {
    const created = await create(`filename ${b64('clip.mp4')},file_title ${b64('Resumed lecture')}`);
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location')!).pathname;
    const half = Math.floor(clip.length / 2);
    const patch = (offset: number, bytes: Buffer) =>
      tus(
        'PATCH',
        location,
        { 'x-apikey': key, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        new Uint8Array(bytes),
      );
    const first = await patch(0, clip.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('x-file-id')).toBeNull();
    // A client that lost its connection asks where to resume.
    const head = await tus('HEAD', location, { 'x-apikey': key });
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const last = await patch(half, clip.subarray(half));
    expect(last.status).toBe(204);
    const fileId = Number(last.headers.get('x-file-id'));
    expect(fileId).toBeGreaterThan(0);
    expect((await s.request('GET', `/api/files/${fileId}`, { key })).body.data).toMatchObject({
      file_title: 'Resumed lecture',
      file_slug: 'resumed-lecture',
    });
    expect(await waitForStatus(s, key, fileId, [4, 7, 10])).toMatchObject({ file_status: 10, file_width: 160 });
  });

  it("refuses no key, another account's upload, a missing title and what is no video, as envelopes", async () => {
    expect((await create(`file_title ${b64('x')}`, 'not-a-key')).status).toBe(401);
    const noTitle = await create(`filename ${b64('a.mp4')}`);
    expect(noTitle.status).toBe(400);
    expect(await noTitle.json()).toEqual({ status: 'error', message: 'File title is required' });

    const text = Buffer.from('not a video at all '.repeat(20));
    const created = await create(`file_title ${b64('Text')}`, key, text.length);
    const location = new URL(created.headers.get('location')!).pathname;
    await s.addAccount('intruder', 'intruder-password', 0);
    const intruder = await s.login('intruder', 'intruder-password');
    const foreign = await tus('HEAD', location, { 'x-apikey': intruder });
    expect(foreign.status).toBe(404);
    const done = await tus(
      'PATCH',
      location,
      { 'x-apikey': key, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      new Uint8Array(text),
    );
    expect(done.status).toBe(400);
    expect(await done.json()).toEqual({ status: 'error', message: 'This file is not a video' });
  });

  it('answers CORS preflights of an allowed origin and exposes X-File-Id', async () => {
    const res = await fetch(`${s.base}/api/uploads/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://cms.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-apikey, tus-resumable',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://cms.example');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-apikey');
    const created = await tus('POST', '/api/uploads/', {
      origin: 'https://cms.example',
      'x-apikey': key,
      'upload-length': '10',
      'upload-metadata': `file_title ${b64('CORS')}`,
    });
    expect(created.headers.get('access-control-expose-headers')).toContain('X-File-Id');
  });

  it('removes an upload left unfinished past its TTL (24 h), bytes and record, and keeps a finished one its job waits for', async () => {
    await s.app.worker!.stop(); // the finished upload's file stays Pending, its job holding the upload
    const tusDir = path.join(s.app.settings.mediaDir, 'uploads/tus');
    const begin = async (title: string) => new URL((await create(`file_title ${b64(title)}`)).headers.get('location')!).pathname;
    const send = (location: string, bytes: Buffer) =>
      tus(
        'PATCH',
        location,
        { 'x-apikey': key, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        new Uint8Array(bytes),
      );
    const abandoned = await begin('Abandoned half-way');
    expect((await send(abandoned, clip.subarray(0, 100))).status).toBe(204);
    const finished = await begin('Finished, waiting');
    expect((await send(finished, clip)).headers.get('x-file-id')).toBeTruthy();
    const stored = (location: string) => ['', '.json'].map((ext) => fs.existsSync(path.join(tusDir, path.basename(location) + ext)));

    s.advance(23 * HOUR);
    await s.app.sweepAbandonedUploads();
    expect(stored(abandoned)).toEqual([true, true]);
    expect((await tus('HEAD', abandoned, { 'x-apikey': key })).headers.get('upload-offset')).toBe('100');

    s.advance(2 * HOUR);
    expect(await s.app.sweepAbandonedUploads()).toBeGreaterThanOrEqual(1);
    expect(stored(abandoned)).toEqual([false, false]);
    expect((await tus('HEAD', abandoned, { 'x-apikey': key })).status).toBe(404);
    expect(stored(finished)).toEqual([true, true]);
  });
});
