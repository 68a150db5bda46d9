import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIPELINE_TOKEN_NEEDED } from '../src/routes/pipeline';
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

  it('is documented under the tag pipeline', async () => {
    const doc = (await s.request('GET', '/api/openapi.json')).body;
    expect(doc.tags).toContainEqual(expect.objectContaining({ name: 'pipeline' }));
    expect(doc.paths['/api/pipeline/files/{id}'].put.tags).toEqual(['pipeline']);
    expect(doc.paths['/api/pipeline/files/{id}'].put.security).toEqual([{ pipelineToken: [] }]);
  });
});
