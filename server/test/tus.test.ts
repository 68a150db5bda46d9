import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';
import { FAST_WORKER, tinyClip, videoForm, waitForStatus } from './pipeline-support';
import { rawRequest } from './raw-http';
import { TOO_MANY_UPLOADS } from '../src/schemas/messages';

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

describe('tus: what an upload id tells, and uploads in flight', () => {
  let s: TestServer;
  let key: string;
  let clip: Buffer;
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const tus = (method: string, url: string, auth: string, headers: Record<string, string> = {}, body?: Uint8Array<ArrayBuffer>) =>
    fetch(s.base + url, { method, headers: { 'tus-resumable': '1.0.0', 'x-apikey': auth, ...headers }, body: body ?? null });
  const begin = async (title: string, length: number, auth = key) =>
    new URL(
      (
        await tus('POST', '/api/uploads/', auth, { 'upload-length': String(length), 'upload-metadata': `file_title ${b64(title)}` })
      ).headers.get('location')!,
    ).pathname;

  beforeAll(async () => {
    clip = await tinyClip();
    s = await startServer({ maxUploadsPerAccount: 2 });
    await s.addAccount('owner', 'owner-password', 0);
    key = await s.login('owner', 'owner-password');
  });
  afterAll(() => s.close());

  it("another account's upload id, a made-up one and a malformed one get the same status and body", async () => {
    await s.addAccount('stranger', 'stranger-password', 0);
    const strangers = await begin('Not yours', 100, await s.login('stranger', 'stranger-password'));
    const ids = { foreign: strangers, madeUp: `/api/uploads/${'0'.repeat(32)}`, malformed: '/api/uploads/..%2F..%2Fetc' };
    const answers: Record<string, unknown> = {};
    for (const [name, location] of Object.entries(ids)) {
      for (const method of ['HEAD', 'PATCH', 'DELETE']) {
        const headers: Record<string, string> =
          method === 'PATCH' ? { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' } : {};
        const res = await tus(method, location, key, headers, method === 'PATCH' ? new Uint8Array(8) : undefined);
        answers[`${name} ${method}`] = { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
      }
    }
    const notFound = JSON.stringify({ status: 'error', message: 'Upload not found' });
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      // HEAD answers carry no body on the wire.
      const expected = { status: 404, type: 'application/json; charset=utf-8', body: method === 'HEAD' ? '' : notFound };
      expect([answers[`foreign ${method}`], answers[`madeUp ${method}`], answers[`malformed ${method}`]]).toEqual([
        expected,
        expected,
        expected,
      ]);
    }
  });

  it("a PATCH in progress holds one of the account's upload slots: one past the limit gets 429, multipart ones count too", async () => {
    const accountId = (await s.app.accounts.findByUsername('owner'))!.account_id;
    const long = 4 * 1024 * 1024;
    const slow = await Promise.all([begin('Slow 1', long), begin('Slow 2', long)]);
    const trickles = slow.map((location) =>
      rawRequest(s.base, {
        method: 'PATCH',
        path: location,
        headers: { 'tus-resumable': '1.0.0', 'x-apikey': key, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: Buffer.alloc(long),
        trickle: { bytes: 1024, everyMs: 50 },
        timeoutMs: 2_000,
      }),
    );
    // Both PATCHes are in flight once the account has no free slot.
    const slotsFull = () => {
      const release = s.app.videoUploadSlots.take(accountId);
      release?.();
      return release === null;
    };
    await expect.poll(slotsFull, { timeout: 10_000, interval: 20 }).toBe(true);
    const third = await begin('Third', clip.length);
    const refused = await tus(
      'PATCH',
      third,
      key,
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      new Uint8Array(clip),
    );
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ status: 'error', message: TOO_MANY_UPLOADS });
    const multipart = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Also waits', content: clip }) });
    expect(multipart.status).toBe(429);
    // Creating an upload (no bytes yet) and asking where one stands need no slot.
    expect((await tus('HEAD', third, key)).status).toBe(200);

    await Promise.allSettled(trickles); // the slow clients give up: their slots free
    await expect.poll(slotsFull, { timeout: 10_000, interval: 20 }).toBe(false);
    const resumed = await tus(
      'PATCH',
      third,
      key,
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      new Uint8Array(clip),
    );
    expect(resumed.status).toBe(204);
    expect(Number(resumed.headers.get('x-file-id'))).toBeGreaterThan(0);
  });
});
