import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_STATUS, fileStatusLabel } from '../../src/contract/file-status';
import { PIPELINE_TOKEN_NEEDED } from '../src/plugins/pipeline-auth';
import { startServer, type TestServer } from './helpers';
import { tinyClip, videoForm } from './pipeline-support';

/** Every file below a folder of the media store (empty folders left aside). */
const filesBelow = (dir: string) => fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

const TOKEN = 'pipeline-token-for-tests-0123456789';

describe('the pipeline API', () => {
  let s: TestServer;
  let key: string;
  let fileId: number;
  const pipeline = (method: string, url: string, json?: unknown, token = TOKEN) =>
    s.request(method, `/api/pipeline${url}`, { json, headers: { 'x-pipeline-token': token } });

  beforeAll(async () => {
    s = await startServer({ pipelineToken: TOKEN }); // no worker: the external pipeline does the work
    await s.addAccount('operator', 'operator-password', 0);
    key = await s.login('operator', 'operator-password');
    const added = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'External', content: await tinyClip() }) });
    fileId = added.body.data.file.file_id;
  });
  afterAll(() => s.close());

  it("refuses an operator's key, a wrong token and no token", async () => {
    const attempts: Record<string, string>[] = [
      { 'x-apikey': key },
      { authorization: `Bearer ${key}` },
      { 'x-pipeline-token': 'wrong' },
      {},
    ];
    for (const headers of attempts) {
      const res = await s.request('GET', '/api/pipeline/files', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 'error', message: PIPELINE_TOKEN_NEEDED });
    }
    const off = await startServer();
    try {
      expect((await off.request('GET', '/api/pipeline/files', { headers: { 'x-pipeline-token': '' } })).status).toBe(401);
    } finally {
      await off.close();
    }
  });

  it('lists the waiting files with their source, and takes reports that the operator sees', async () => {
    const waiting = await pipeline('GET', '/files');
    expect(waiting.status).toBe(200);
    const file = waiting.body.data.files.find((f: { file_id: number }) => f.file_id === fileId);
    expect(file).toMatchObject({ file_status: 0, source: { url: `/api/pipeline/files/${fileId}/source` } });
    const source = await fetch(`${s.base}${file.source.url}`, { headers: { 'x-pipeline-token': TOKEN } });
    expect(source.status).toBe(200);
    expect(
      Buffer.from(await source.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp');

    const progress = await pipeline('PUT', `/files/${fileId}`, { file_status: 5, file_server: 'gpu-7.example', file_progress: 40 });
    expect(progress.body.data.file).toMatchObject({ file_status: 5, file_server: 'gpu-7.example', file_progress: 40 });
    const seen = (await s.request('GET', `/api/files/${fileId}`, { key })).body.data;
    expect(seen).toMatchObject({ file_status: 5, file_server: 'gpu-7.example', file_progress: 40 });

    const bad = await pipeline('PUT', `/files/${fileId}`, { file_image: '../../etc/passwd' });
    expect(bad.status).toBe(400);
    expect((await pipeline('PUT', `/files/${fileId}`, { file_status: 11 })).status).toBe(400);
    expect((await pipeline('PUT', '/files/999999', { file_status: 1 })).status).toBe(404);

    const done = await pipeline('PUT', `/files/${fileId}`, {
      file_status: 10,
      file_progress: null,
      file_rendition: 'files/ext-1/master.m3u8',
      file_image: 'files/ext-1/poster.jpg',
      file_duration: 12.5,
      file_width: 1280,
      file_height: 720,
    });
    expect(done.body.data.file).toMatchObject({
      file_status: 10,
      file_image: 'media/files/ext-1/poster.jpg',
      file_rendition: 'files/ext-1/master.m3u8',
      source: null,
    });
    expect(await s.app.jobs.count('process-file')).toBe(0); // the reference queue will not process it again
    expect(filesBelow(path.join(s.app.settings.mediaDir, 'uploads'))).toEqual([]); // nor will anyone need the upload
  });

  describe('the order of the steps', () => {
    const S = FILE_STATUS;
    const newFile = async (title: string): Promise<number> =>
      (await s.request('POST', '/api/files', { key, body: videoForm({ title, content: clip }) })).body.data.file.file_id;
    const report = (id: number, json: object) => pipeline('PUT', `/files/${id}`, json);
    const statusOf = async (id: number) => (await s.request('GET', `/api/files/${id}`, { key })).body.data.file_status;
    const refusal = (id: number, from: number, to: number) =>
      `File ${id} is ${fileStatusLabel(from)}: it cannot go to ${fileStatusLabel(to)} ` +
      '(a status moves forward, to a failure, or back to Pending or Received for a new attempt; Completed and the failures are final)';
    let clip: Buffer;
    beforeAll(async () => {
      clip = await tinyClip();
    });

    it('takes moves forward (skipping steps), back to Pending or Received for a new attempt, and to a failure', async () => {
      const id = await newFile('Forward');
      for (const [file_status, extra] of [
        [S.received, {}],
        [S.downloaded, {}], // a step skipped
        [S.downloaded, { file_progress: 50 }], // the same status: only the fields change
        [S.pending, { file_reason: 'Attempt 1 failed: retrying' }], // the retry path
        [S.uploading, {}],
        [S.received, {}], // a worker takes it again after its worker died
        [S.uploadFailed, { file_reason: 'out of disk' }],
      ] as const) {
        const reply = await report(id, { file_status, ...extra });
        expect([reply.status, reply.body.data?.file.file_status]).toEqual([200, file_status]);
      }
    });

    it('refuses with 409 and the reason a move backwards, and any move out of Completed or a failure', async () => {
      const moving = await newFile('Moving');
      expect((await report(moving, { file_status: S.uploaded })).status).toBe(200);
      const failed = await newFile('Failed');
      expect((await report(failed, { file_status: S.downloadFailed })).status).toBe(200);
      const done = await newFile('Done');
      expect((await report(done, { file_status: S.completed })).status).toBe(200);

      const refused: [number, number, number][] = [
        [moving, S.uploaded, S.downloading],
        [moving, S.uploaded, S.downloaded],
        [moving, S.uploaded, S.uploading],
        [failed, S.downloadFailed, S.pending],
        [failed, S.downloadFailed, S.received],
        [failed, S.downloadFailed, S.uploadFailed],
        [failed, S.downloadFailed, S.completed],
        [done, S.completed, S.pending],
        [done, S.completed, S.received],
        [done, S.completed, S.cleaned],
        [done, S.completed, S.uploadFailed],
      ];
      for (const [id, from, to] of refused) {
        const reply = await report(id, { file_status: to, file_progress: 10 });
        expect([reply.status, reply.body]).toEqual([409, { status: 'error', message: refusal(id, from, to) }]);
        expect(await statusOf(id)).toBe(from); // nothing of the report was written
      }
      // A final file still takes reports that keep its status (a later image, say).
      const image = await report(done, { file_status: S.completed, file_image: 'files/late-1/poster.jpg' });
      expect(image.body.data.file).toMatchObject({ file_status: S.completed, file_image: 'media/files/late-1/poster.jpg' });
    });

    it('refuses any report on a file in the trash, takes them again once restored, and answers 404 once purged', async () => {
      const id = await newFile('Binned');
      expect((await s.request('DELETE', `/api/files/${id}`, { key })).status).toBe(200);
      for (const json of [{ file_status: S.received }, { file_progress: 30 }, { file_rendition: 'files/x-1/master.m3u8' }]) {
        const reply = await report(id, json);
        expect([reply.status, reply.body]).toEqual([409, { status: 'error', message: `File ${id} is in the trash: it cannot be changed` }]);
      }
      const trashed = (await s.request('GET', '/api/files/?trashed=1&limit=100', { key })).body.data.files.find(
        (f: { file_id: number }) => f.file_id === id,
      );
      expect(trashed).toMatchObject({ file_status: S.pending, file_progress: null });
      const waiting = async () => (await pipeline('GET', '/files?limit=100')).body.data.files.map((f: { file_id: number }) => f.file_id);
      expect(await waiting()).not.toContain(id); // not offered to the pipeline while it is in the trash

      expect((await s.request('POST', `/api/files/${id}/restore`, { key })).status).toBe(200);
      expect(await waiting()).toContain(id);
      expect((await report(id, { file_status: S.received })).status).toBe(200);
      expect((await s.request('DELETE', `/api/files/${id}`, { key })).status).toBe(200);
      expect((await s.request('DELETE', `/api/files/${id}?permanent=1`, { key })).status).toBe(200);
      expect((await report(id, { file_status: S.downloading })).status).toBe(404);
    });
  });

  it('is documented under the tag pipeline', async () => {
    const doc = (await s.request('GET', '/api/openapi.json')).body;
    expect(doc.tags).toContainEqual(expect.objectContaining({ name: 'pipeline' }));
    expect(doc.paths['/api/pipeline/files/{id}'].put.tags).toEqual(['pipeline']);
    expect(doc.paths['/api/pipeline/files/{id}'].put.security).toEqual([{ pipelineToken: [] }]);
  });
});
