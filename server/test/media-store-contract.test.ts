import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderMediaStore, MediaTooLargeError, type MediaStore } from '../src/media/media-store';
import { MediaStoreUnavailableError, S3MediaStore } from '../src/media/s3-media-store';
import { mediaPublicUrlFromEnv, s3StoreFromEnv } from '../src/media/media-store-env';
import { startS3Server, type TestS3Server } from './s3-server';

/** Bytes that tell their own position apart (a shifted or truncated copy differs). */
const bytes = (n: number): Buffer => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + (i >> 8)) % 251));
/** A source that sends `data` in small chunks, as a request body does. */
const chunked = (data: Buffer, chunk = 64 * 1024): Readable =>
  Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += chunk) yield data.subarray(i, i + chunk);
    })(),
  );

let s3: TestS3Server;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-store-contract-'));
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

let stores = 0;
const makers: [string, () => Promise<MediaStore>][] = [
  ['folder', async () => new FolderMediaStore(path.join(tmp, `folder-${++stores}`))],
  ['S3 (s3rver on loopback)', async () => new S3MediaStore(s3.settings(await s3.bucket(), 'media/'))],
];

describe.each(makers)('MediaStore contract: %s', (_name, make) => {
  let store: MediaStore;
  beforeAll(async () => {
    store = await make();
  });

  it('stores a stream and answers its size, first bytes and a local copy', async () => {
    const data = bytes(200_000);
    expect(await store.putStream('files/1-abc/source', chunked(data))).toBe(data.length);
    expect(await store.size('files/1-abc/source')).toBe(data.length);
    expect(await store.head('files/1-abc/source', 12)).toEqual(data.subarray(0, 12));
    expect(await store.head('files/1-abc/source', 500_000)).toEqual(data); // asking for more gives what there is
    const copy = path.join(tmp, `copy-${Date.now()}`);
    await store.getFile('files/1-abc/source', copy);
    expect(fs.readFileSync(copy)).toEqual(data);
  });

  it('streams an object larger than one multipart part whole', async () => {
    const data = bytes(11 * 1024 * 1024 + 17);
    expect(await store.putStream('files/2-big/source', chunked(data))).toBe(data.length);
    expect(await store.size('files/2-big/source')).toBe(data.length);
    const copy = path.join(tmp, `big-${Date.now()}`);
    await store.getFile('files/2-big/source', copy);
    expect(fs.readFileSync(copy).equals(data)).toBe(true);
  });

  it('copies a local file in (putFile), an empty one too', async () => {
    const local = path.join(tmp, `local-${Date.now()}`);
    fs.writeFileSync(local, bytes(3000));
    await store.putFile('files/3-put/seg_0.ts', local);
    expect(await store.size('files/3-put/seg_0.ts')).toBe(3000);
    fs.writeFileSync(local, '');
    await store.putFile('files/3-put/empty', local);
    expect(await store.size('files/3-put/empty')).toBe(0);
    expect(await store.head('files/3-put/empty', 16)).toEqual(Buffer.alloc(0));
  });

  it('refuses a stream past maxBytes with MediaTooLargeError and keeps nothing of it, in one part or several', async () => {
    await expect(store.putStream('uploads/small/source', chunked(bytes(100_000)), 99_999)).rejects.toBeInstanceOf(MediaTooLargeError);
    expect(await store.size('uploads/small/source')).toBeNull();
    const over = store.putStream('uploads/large/source', chunked(bytes(12 * 1024 * 1024)), 6 * 1024 * 1024);
    await expect(over).rejects.toBeInstanceOf(MediaTooLargeError);
    expect(await store.size('uploads/large/source')).toBeNull();
    expect(await store.bytesUnder('uploads/')).toBe(0);
    // Exactly the limit is allowed.
    expect(await store.putStream('uploads/exact/source', chunked(bytes(5000)), 5000)).toBe(5000);
    await store.delete('uploads/exact/');
  });

  it('keeps nothing of a stream whose source fails midway', async () => {
    const failing = Readable.from(
      (async function* () {
        yield bytes(70_000);
        throw new Error('client went away');
      })(),
    );
    await expect(store.putStream('uploads/cut/source', failing)).rejects.toThrow('client went away');
    expect(await store.size('uploads/cut/source')).toBeNull();
  });

  it('counts the bytes under a folder, and only under it', async () => {
    await store.putStream('files/4-a/x/one', chunked(bytes(100)));
    await store.putStream('files/4-a/two', chunked(bytes(250)));
    await store.putStream('files/4-ab/other', chunked(bytes(999)));
    expect(await store.bytesUnder('files/4-a/')).toBe(350);
    expect(await store.bytesUnder('files/4-none/')).toBe(0);
  });

  it('deletes an object, and every object under a prefix, leaving its neighbours', async () => {
    await store.putStream('files/5-p/master.m3u8', chunked(bytes(10)));
    await store.putStream('files/5-p/720p/seg_0.ts', chunked(bytes(10)));
    await store.putStream('files/5-p/720p/seg_1.ts', chunked(bytes(10)));
    await store.putStream('files/5-pq/keep', chunked(bytes(10)));
    await store.delete('files/5-p/master.m3u8');
    expect(await store.size('files/5-p/master.m3u8')).toBeNull();
    expect(await store.size('files/5-p/720p/seg_0.ts')).toBe(10);
    await store.delete('files/5-p/');
    expect(await store.bytesUnder('files/5-p/')).toBe(0);
    expect(await store.size('files/5-p/720p/seg_1.ts')).toBeNull();
    expect(await store.size('files/5-pq/keep')).toBe(10);
  });

  it('answers missing objects: size null, delete a no-op, head and getFile reject', async () => {
    expect(await store.size('files/6-none/x')).toBeNull();
    await store.delete('files/6-none/x');
    await store.delete('files/6-none/');
    await expect(store.head('files/6-none/x', 4)).rejects.toThrow();
    await expect(store.getFile('files/6-none/x', path.join(tmp, 'never'))).rejects.toThrow();
    expect(fs.existsSync(path.join(tmp, 'never')) && fs.statSync(path.join(tmp, 'never')).size > 0).toBe(false);
  });

  it('refuses keys that are not media keys', async () => {
    for (const key of ['../escape', '/absolute', '.hidden', 'files/../x', 'files/a b', 'files//x']) {
      await expect(store.size(key), key).rejects.toThrow('Not a media key');
      await expect(store.putStream(key, chunked(bytes(1))), key).rejects.toThrow('Not a media key');
    }
  });

  it('reads an object as a stream (getStream), larger than one part whole; a missing one rejects', async () => {
    const data = bytes(6 * 1024 * 1024 + 3);
    await store.putStream('files/8-s/source', chunked(data));
    const chunks: Buffer[] = [];
    for await (const chunk of await store.getStream('files/8-s/source')) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(1); // streamed, not read whole
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    await expect(store.getStream('files/8-none/source')).rejects.toThrow();
  });

  it('lists the objects under a folder with their sizes, in key order, and the whole store', async () => {
    await store.putStream('files/9-l/master.m3u8', chunked(bytes(12)));
    await store.putStream('files/9-l/720p/seg_1.ts', chunked(bytes(300)));
    await store.putStream('files/9-l/720p/seg_0.ts', chunked(bytes(200)));
    await store.putStream('files/9-lm/other', chunked(bytes(5)));
    const listed = async (folder: string) => {
      const objects = [];
      for await (const object of store.list(folder)) objects.push(object);
      return objects;
    };
    expect(await listed('files/9-l/')).toEqual([
      { key: 'files/9-l/720p/seg_0.ts', size: 200 },
      { key: 'files/9-l/720p/seg_1.ts', size: 300 },
      { key: 'files/9-l/master.m3u8', size: 12 },
    ]);
    expect(await listed('files/9-none/')).toEqual([]);
    const whole = await listed('');
    expect(whole).toContainEqual({ key: 'files/9-lm/other', size: 5 });
    expect(whole).toContainEqual({ key: 'files/9-l/master.m3u8', size: 12 });
    expect(whole.map((o) => o.key)).toEqual(whole.map((o) => o.key).sort());
    expect(whole.reduce((sum, o) => sum + o.size, 0)).toBe((await store.bytesUnder('files/')) + (await store.bytesUnder('uploads/')));
  });

  it('replaces an object written again under the same key', async () => {
    await store.putStream('files/7-r/image.jpg', chunked(bytes(40)));
    await store.putStream('files/7-r/image.jpg', chunked(bytes(25)));
    expect(await store.size('files/7-r/image.jpg')).toBe(25);
  });
});

describe('S3MediaStore: a store that is down or silent', () => {
  it('names the cause (refused) instead of hanging', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const store = new S3MediaStore({ ...s3.settings('gone'), endpoint: `http://127.0.0.1:${port}`, timeoutMs: 1000 });
    const error = await store.size('files/1-a/x').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(MediaStoreUnavailableError);
    expect((error as MediaStoreUnavailableError).reason).toBe('it refused the connection');
  });

  it('gives up on a store that accepts and never answers, within its timeout', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const silent = http.createServer(() => {}); // never answers
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const store = new S3MediaStore({ ...s3.settings('silent'), endpoint: `http://127.0.0.1:${port}`, timeoutMs: 300 });
      const started = Date.now();
      const error = await store.putStream('uploads/x/source', chunked(bytes(1000))).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(MediaStoreUnavailableError);
      expect((error as MediaStoreUnavailableError).reason).toBe('it did not answer in time');
      expect(Date.now() - started).toBeLessThan(20_000); // three attempts of 300 ms and the SDK's backoff
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('VP_MEDIA_URL and its variables', () => {
  it('selects a bucket and prefix with the AWS variables, and refuses what it cannot read with one line', () => {
    expect(s3StoreFromEnv({})).toBeUndefined();
    expect(
      s3StoreFromEnv({
        VP_MEDIA_URL: 's3://videos/vp/media/',
        AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000',
        AWS_REGION: 'auto',
        VP_S3_FORCE_PATH_STYLE: '1',
      }),
    ).toEqual({
      bucket: 'videos',
      prefix: 'vp/media/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      forcePathStyle: true,
      timeoutMs: 30_000,
    });
    expect(s3StoreFromEnv({ VP_MEDIA_URL: 's3://videos', VP_S3_TIMEOUT_SECONDS: '5' })).toMatchObject({ prefix: '', timeoutMs: 5000 });
    expect(() => s3StoreFromEnv({ VP_MEDIA_URL: 'https://videos' })).toThrow('VP_MEDIA_URL must be s3://bucket or s3://bucket/prefix');
    expect(() => s3StoreFromEnv({ VP_MEDIA_URL: 's3://videos/../x' })).toThrow('VP_MEDIA_URL: the prefix must be a path of safe names');
    expect(() => s3StoreFromEnv({ VP_MEDIA_URL: 's3://videos', VP_S3_TIMEOUT_SECONDS: '0' })).toThrow(
      'VP_S3_TIMEOUT_SECONDS must be a positive',
    );
    expect(mediaPublicUrlFromEnv({ VP_MEDIA_PUBLIC_URL: 'https://cdn.example/vp/' })).toBe('https://cdn.example/vp');
    expect(() => mediaPublicUrlFromEnv({ VP_MEDIA_PUBLIC_URL: 'cdn.example' })).toThrow('VP_MEDIA_PUBLIC_URL must be an http(s) URL');
  });
});
