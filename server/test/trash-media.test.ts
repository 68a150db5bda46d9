import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../src/config';
import { startServer, type TestServer } from './helpers';

/**
 * A trashed file's own media (`files/<file_id>-…/`: HLS playlists, segments, thumbnail, storyboard) is
 * not served: 410 as its player page, until it is restored; shared media (the demo's video) plays on.
 * Every node learns of a trash from the file events it reads (docs/api.md, The trash).
 */

const LONG_SESSIONS = { sessionIdleSeconds: 1e9, sessionMaxSeconds: 1e9 };

/** A processed file's media as the worker writes it, under the file's own folder (or a shared one). */
async function putMedia(s: TestServer, folder: string): Promise<Record<'playlist' | 'segment' | 'thumb' | 'sprite', string>> {
  const urls = {
    playlist: `/media/${folder}master.m3u8`,
    segment: `/media/${folder}v0/seg_000.ts`,
    thumb: `/images/media/${folder}thumb.jpg`,
    sprite: `/images/media/${folder}sprite.jpg`,
  };
  for (const key of [`${folder}master.m3u8`, `${folder}v0/seg_000.ts`, `${folder}thumb.jpg`, `${folder}sprite.jpg`])
    await s.app.media.putFile(key, import.meta.filename);
  return urls;
}

/** Each URL's status on a node. */
async function statuses(s: TestServer, urls: Record<string, string>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, url] of Object.entries(urls)) out[name] = (await fetch(s.base + url)).status;
  return out;
}
const everyOne = (urls: Record<string, string>, status: number) => Object.fromEntries(Object.keys(urls).map((name) => [name, status]));

/** Polls until every URL answers `status` on the node; resolves to the milliseconds it took. */
async function untilAll(s: TestServer, urls: Record<string, string>, status: number, withinMs: number): Promise<number> {
  const start = performance.now();
  for (;;) {
    const now = await statuses(s, urls);
    if (Object.values(now).every((code) => code === status)) return performance.now() - start;
    if (performance.now() - start > withinMs) expect(now).toEqual(everyOne(urls, status));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("a trashed file's media", () => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    s = await startServer({ trashDays: 30, ...LONG_SESSIONS });
    await s.addAccount('binner', 'binner-password', 6);
    key = await s.login('binner', 'binner-password');
  });
  afterAll(() => s.close());

  const fileIds = async (): Promise<number[]> =>
    (await s.request('GET', '/api/files/?limit=10&sort_by=file_id&order=asc', { key })).body.data.files.map(
      (f: { file_id: number }) => f.file_id,
    );

  it('answers 410 (never cached) while the file is in the trash, 200 again once restored, 404 once purged', async () => {
    const [fileId] = await fileIds();
    const urls = await putMedia(s, `files/${fileId}-ab12cd/`);
    expect(await statuses(s, urls)).toEqual(everyOne(urls, 200));

    expect((await s.request('DELETE', `/api/files/${fileId}`, { key })).status).toBe(200);
    await untilAll(s, urls, 410, 5_000);
    const gone = await fetch(s.base + urls.segment);
    expect(await gone.json()).toEqual({ status: 'error', message: 'This video has been deleted' });
    expect(gone.headers.get('cache-control')).toBe('no-store');

    expect((await s.request('POST', `/api/files/${fileId}/restore`, { key })).status).toBe(200);
    await untilAll(s, urls, 200, 5_000);

    expect((await s.request('DELETE', `/api/files/${fileId}`, { key })).status).toBe(200);
    expect((await s.request('DELETE', `/api/files/${fileId}?permanent=1`, { key })).status).toBe(200);
    await untilAll(s, urls, 404, 5_000);
  });

  it('keeps serving shared media (the demo video) while a file pointing at it is in the trash', async () => {
    const [, fileId, other] = await fileIds();
    const urls = await putMedia(s, 'files/demo-ef34gh/');
    await s.app.db.run('UPDATE files SET file_rendition = ? WHERE file_id IN (?, ?)', ['files/demo-ef34gh/master.m3u8', fileId!, other!]);
    expect((await s.request('DELETE', `/api/files/${fileId}`, { key })).status).toBe(200);
    const own = await putMedia(s, `files/${fileId}-ij56kl/`);
    await untilAll(s, own, 410, 5_000);
    expect(await statuses(s, urls)).toEqual(everyOne(urls, 200));
  });

  it('answers 404 for the folder of a file that does not exist, and never a 500 for an id no database holds', async () => {
    const missing = 'files/987654-zz99/seg.ts';
    // Longer than any file id: no file's own folder, so served as any other key (nobody writes there).
    const huge = 'files/99999999999999999999-zz99/seg.ts';
    for (const key of [missing, huge]) await s.app.media.putFile(key, import.meta.filename);
    expect((await fetch(`${s.base}/media/${missing}`)).status).toBe(404);
    expect((await fetch(`${s.base}/media/${huge}`)).status).toBe(200);
  });

  it('reads the database once per file, not once per segment: a known state is answered at once', async () => {
    const [, , fileId] = await fileIds();
    const urls = await putMedia(s, `files/${fileId}-mn78op/`);
    const files = s.app.files;
    const read = files.servingState.bind(files);
    let reads = 0;
    files.servingState = (id) => {
      reads++;
      return read(id);
    };
    try {
      for (let i = 0; i < 20; i++) expect((await fetch(s.base + urls.segment)).status).toBe(200);
      expect(reads).toBe(1);
      expect(typeof s.app.servingState(fileId!)).toBe('string'); // no promise: no I/O on the way
    } finally {
      files.servingState = read;
    }
  });
});

describe("a trashed file's media on two nodes", () => {
  let a: TestServer;
  let b: TestServer;
  let key: string;
  beforeAll(async () => {
    a = await startServer(LONG_SESSIONS);
    // Node B trusts what it read for an hour: only the file events can tell it of the trash.
    b = await startServer({ ...LONG_SESSIONS, mediaStateSeconds: 3_600 }, a.dataDir);
    await a.addAccount('shared', 'shared-password', 3);
    key = await a.login('shared', 'shared-password');
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('node B stops serving soon after a trash on node A (through the file events), and serves again after a restore there', async () => {
    const [file] = (await a.request('GET', '/api/files/?limit=1', { key })).body.data.files;
    const urls = await putMedia(a, `files/${file.file_id}-qr90st/`);
    expect(await statuses(b, urls)).toEqual(everyOne(urls, 200)); // B now knows the file as live

    expect((await a.request('DELETE', `/api/files/${file.file_id}`, { key })).status).toBe(200);
    // The bound docs/api.md states: an event reaches a node within a second (SQLite polls every
    // 200 ms, PostgreSQL notifies); the margin is for a busy machine.
    expect(await untilAll(b, urls, 410, 3_000)).toBeLessThan(3_000);
    expect((await a.request('POST', `/api/files/${file.file_id}/restore`, { key })).status).toBe(200);
    expect(await untilAll(b, urls, 200, 3_000)).toBeLessThan(3_000);
  });
});

describe('a node that misses the file events', () => {
  let a: TestServer;
  let b: TestServer;
  let key: string;
  beforeAll(async () => {
    a = await startServer(LONG_SESSIONS);
    b = await startServer({ ...LONG_SESSIONS, mediaStateSeconds: 1 }, a.dataDir);
    await a.addAccount('shared', 'shared-password', 1);
    key = await a.login('shared', 'shared-password');
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('still stops serving once VP_MEDIA_STATE_SECONDS has passed', async () => {
    const [file] = (await a.request('GET', '/api/files/?limit=1', { key })).body.data.files;
    const urls = await putMedia(a, `files/${file.file_id}-uv12wx/`);
    expect(await statuses(b, urls)).toEqual(everyOne(urls, 200));
    b.app.fileEvents.close(); // B reads no more events: only the TTL is left
    expect((await a.request('DELETE', `/api/files/${file.file_id}`, { key })).status).toBe(200);
    const took = await untilAll(b, urls, 410, 4_000);
    expect(took).toBeLessThan(4_000);
  });
});

describe('VP_MEDIA_STATE_SECONDS', () => {
  it('is 10 s by default, and a positive whole number of seconds', () => {
    expect(readEnv({}).options.mediaStateSeconds).toBe(10);
    expect(readEnv({ VP_MEDIA_STATE_SECONDS: '3' }).options.mediaStateSeconds).toBe(3);
    expect(() => readEnv({ VP_MEDIA_STATE_SECONDS: '0' })).toThrow(/VP_MEDIA_STATE_SECONDS/);
  });
});
