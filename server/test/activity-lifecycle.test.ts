import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';
import { FAST_WORKER, tinyClip, videoForm, waitForStatus } from './pipeline-support';

/** A file's whole life is in its log (issue 37): how it was added, by whom, and how its processing ended. */

const b64 = (text: string) => Buffer.from(text).toString('base64');
const entries = async (s: TestServer, key: string, fileId: number) =>
  (await s.request('GET', `/api/files/${fileId}/activity`, { key })).body.data.activity.map(
    ({ actor, source, action, detail }: Record<string, unknown>) => ({ actor, source, action, detail }),
  );

describe('the log of a new video, processed by the reference worker', () => {
  let s: TestServer;
  let key: string;
  let clip: Buffer;
  let source: http.Server;

  beforeAll(async () => {
    clip = await tinyClip();
    source = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length }).end(clip));
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    s = await startServer({ worker: FAST_WORKER, ingestAllowHosts: [`localhost:${(source.address() as AddressInfo).port}`] });
    await s.addAccount('demo', 'demo-password', 0);
    key = await s.login('demo', 'demo-password');
  });
  afterAll(async () => {
    source.close();
    await s.close();
  });

  it('an upload from the panel: added by its account (upload), then processing completed by the worker', async () => {
    const res = await s.request('POST', '/api/files', {
      key,
      body: videoForm({ title: 'Lecture one', content: clip }),
      headers: { 'x-vp-source': 'panel' },
    });
    const fileId = res.body.data.file.file_id;
    // At once, before any processing: the file's first entry.
    expect((await entries(s, key, fileId)).at(-1)).toEqual({
      actor: 'demo',
      source: 'panel',
      action: 'create',
      detail: { via: 'upload', file_title: 'Lecture one', file_slug: 'lecture-one' },
    });
    expect(await waitForStatus(s, key, fileId, [4, 7, 10])).toMatchObject({ file_status: 10 });
    expect(await entries(s, key, fileId)).toEqual([
      { actor: 'test-worker', source: 'pipeline', action: 'complete', detail: {} },
      { actor: 'demo', source: 'panel', action: 'create', detail: { via: 'upload', file_title: 'Lecture one', file_slug: 'lecture-one' } },
    ]);
  });

  it('a URL and a resumable upload say how the video came', async () => {
    const port = (source.address() as AddressInfo).port;
    const byUrl = await s.request('POST', '/api/files', {
      key,
      json: { source_url: `http://localhost:${port}/clip.mp4`, file_title: 'By URL' },
    });
    const urlFile = byUrl.body.data.file.file_id;

    const tus = (method: string, url: string, headers: Record<string, string>, body?: Uint8Array<ArrayBuffer>) =>
      fetch(s.base + url, { method, headers: { 'tus-resumable': '1.0.0', 'x-apikey': key, ...headers }, body: body ?? null });
    const created = await tus('POST', '/api/uploads/', {
      'upload-length': String(clip.length),
      'upload-metadata': `filename ${b64('clip.mp4')},file_title ${b64('Resumed')}`,
    });
    const location = new URL(created.headers.get('location')!).pathname;
    const last = await tus(
      'PATCH',
      location,
      { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'x-vp-source': 'panel' },
      new Uint8Array(clip),
    );
    const tusFile = Number(last.headers.get('x-file-id'));

    for (const fileId of [urlFile, tusFile]) await waitForStatus(s, key, fileId, [4, 7, 10]);
    expect(await entries(s, key, urlFile)).toEqual([
      { actor: 'test-worker', source: 'pipeline', action: 'complete', detail: {} },
      { actor: 'demo', source: 'api', action: 'create', detail: { via: 'url', file_title: 'By URL', file_slug: 'by-url' } },
    ]);
    expect(await entries(s, key, tusFile)).toEqual([
      { actor: 'test-worker', source: 'pipeline', action: 'complete', detail: {} },
      { actor: 'demo', source: 'panel', action: 'create', detail: { via: 'tus', file_title: 'Resumed', file_slug: 'resumed' } },
    ]);
  });

  it('a video that cannot be processed: processing failed, with the reason', async () => {
    // Boxes the upload's signature check accepts (an ftyp with its brands, then an mdat of the rest),
    // with no movie inside: only ffprobe can tell, so the worker fails it.
    const box = (type: string, body: Buffer) =>
      Buffer.concat([Buffer.from([0, 0, (body.length + 8) >> 8, (body.length + 8) & 255]), Buffer.from(type), body]);
    const fake = Buffer.concat([box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2', 'latin1')), box('mdat', Buffer.alloc(4000, 7))]);
    const res = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Fake', content: fake }) });
    const fileId = res.body.data.file.file_id;
    expect(await waitForStatus(s, key, fileId, [4, 7, 10])).toMatchObject({ file_status: 4 });
    expect(await entries(s, key, fileId)).toEqual([
      { actor: 'test-worker', source: 'pipeline', action: 'fail', detail: { reason: 'This file is not a video' } },
      { actor: 'demo', source: 'api', action: 'create', detail: { via: 'upload', file_title: 'Fake', file_slug: 'fake' } },
    ]);
  });

  it('a refused upload adds no file and no entry', async () => {
    const refused = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Taken', slug: 'lecture-one', content: clip }) });
    expect(refused.status).toBe(409);
    const logged = await s.app.db.get<{ n: number }>("SELECT count(*) AS n FROM file_activity WHERE action = 'create'");
    expect(Number(logged!.n)).toBe(4);
  });
});

describe('the log of a video processed through the pipeline API', () => {
  const TOKEN = 'pipeline-token-for-lifecycle-tests';
  let s: TestServer;
  let key: string;
  const report = (fileId: number, json: unknown) =>
    s.request('PUT', `/api/pipeline/files/${fileId}`, { json, headers: { 'x-pipeline-token': TOKEN } });
  const add = async (title: string) =>
    (await s.request('POST', '/api/files', { key, body: videoForm({ title, content: await tinyClip() }) })).body.data.file.file_id;

  beforeAll(async () => {
    s = await startServer({ pipelineToken: TOKEN }); // no worker: the external pipeline reports
    await s.addAccount('operator', 'operator-password', 0);
    key = await s.login('operator', 'operator-password');
  });
  afterAll(() => s.close());

  it('the end of processing is logged once, named after the pipeline that reported it', async () => {
    const done = await add('Encoded elsewhere');
    expect((await report(done, { file_status: 2, file_server: 'encoder-7' })).status).toBe(200);
    expect((await report(done, { file_status: 10 })).status).toBe(200);
    expect((await report(done, { file_status: 10, file_progress: null })).status).toBe(200); // said twice: still one entry
    expect((await entries(s, key, done)).map((e: { action: string }) => e.action)).toEqual(['complete', 'create']);
    expect((await entries(s, key, done))[0]).toEqual({ actor: 'encoder-7', source: 'pipeline', action: 'complete', detail: {} });

    const failed = await add('Broken elsewhere');
    expect((await report(failed, { file_status: 7, file_reason: 'The encoder ran out of disk' })).status).toBe(200);
    expect((await entries(s, key, failed))[0]).toEqual({
      actor: 'pipeline',
      source: 'pipeline',
      action: 'fail',
      detail: { reason: 'The encoder ran out of disk' },
    });
  });

  it('a report on a trashed file is refused and logs nothing', async () => {
    const fileId = await add('Trashed while encoding');
    await s.request('DELETE', `/api/files/${fileId}`, { key });
    expect((await report(fileId, { file_status: 10 })).status).toBe(409);
    expect((await entries(s, key, fileId)).map((e: { action: string }) => e.action)).toEqual(['trash', 'create']);
  });
});
