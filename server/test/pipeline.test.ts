import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../src/config';
import { downloadTimeoutMessage } from '../src/pipeline/download';
import { NOT_PUBLIC } from '../src/lib/url-policy';
import { startServer, type TestServer } from './helpers';
import { COMPLETED_PATH, FAST_WORKER, recordStatuses, statusesOf, tinyClip, videoForm, waitForStatus } from './pipeline-support';

/** The whole download's deadline of this suite (VP_DOWNLOAD_TIMEOUT_SECONDS): ample for a clip over loopback. */
const DOWNLOAD_TIMEOUT_SECONDS = 3;

describe('adding a video and the pipeline', () => {
  let s: TestServer;
  let key: string;
  let clip: Buffer;
  let source: http.Server;
  let sourceBase: string;

  beforeAll(async () => {
    clip = await tinyClip();
    // A video source on this machine: /clip.mp4, /broken (500), /to-loopback (a redirect to 127.0.0.1),
    // /to-other-port (a redirect to the allowed host on a port it does not name), /trickle (the clip, a
    // byte every 200 ms: never idle long enough for a socket timeout).
    source = http.createServer((req, res) => {
      if (req.url === '/clip.mp4') res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length }).end(clip);
      else if (req.url === '/to-loopback') res.writeHead(302, { location: `http://127.0.0.1:${port()}/clip.mp4` }).end();
      else if (req.url === '/to-other-port') res.writeHead(302, { location: `http://localhost:${port() + 1}/clip.mp4` }).end();
      else if (req.url === '/trickle') {
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length });
        let sent = 0;
        const drip = setInterval(() => res.write(clip.subarray(sent, ++sent)), 200);
        res.on('close', () => clearInterval(drip));
      } else res.writeHead(500).end('down');
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    const port = () => (source.address() as AddressInfo).port;
    sourceBase = `http://localhost:${port()}`;
    s = await startServer({
      worker: FAST_WORKER,
      ingestAllowHosts: [`localhost:${port()}`],
      maxVideoBytes: 1_000_000,
      downloadTimeoutSeconds: DOWNLOAD_TIMEOUT_SECONDS,
    });
    await recordStatuses(s.app.db);
    await s.addAccount('maker', 'maker-password', 0);
    key = await s.login('maker', 'maker-password');
  });
  afterAll(async () => {
    source.close();
    await s.close();
  });

  it('uploads a video: Pending at once, then every status in order to Completed, with real media', async () => {
    const res = await s.request('POST', '/api/files', { key, body: videoForm({ title: "Søren's Astronomy Lecture #1", content: clip }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', data: { file: { file_status: 0, file_slug: 'sorens-astronomy-lecture-1' } } });
    const { file_id: fileId } = res.body.data.file;

    const done = await waitForStatus(s, key, fileId, [10, 4, 7]);
    expect(await statusesOf(s.app.db, fileId)).toEqual(COMPLETED_PATH);
    expect(done).toMatchObject({ file_status: 10, file_server: 'test-worker', file_width: 160, file_height: 90, file_reason: null });
    expect(done.file_duration).toBeCloseTo(1, 0);
    expect(done.file_image).toMatch(/^media\/files\/\d+-[a-z0-9]+\/thumb\.jpg$/);
    expect(done.file_slide).toMatch(/\/sprite\.jpg$/);

    const image = await fetch(`${s.base}/images/${done.file_image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect([...new Uint8Array(await image.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8]);
    // The storyboard comes out of the transcode's one run (one decode for the ladder and the sprite).
    const sprite = await fetch(`${s.base}/images/${done.file_slide}`);
    expect(sprite.status).toBe(200);
    expect([...new Uint8Array(await sprite.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8]);

    const row = await s.app.db.get<{ file_rendition: string }>('SELECT file_rendition FROM files WHERE file_id = ?', [fileId]);
    const master = await (await fetch(`${s.base}/media/${row!.file_rendition}`)).text();
    expect(master).toContain('#EXT-X-STREAM-INF');
    const variant = master.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const base = `${s.base}/media/${row!.file_rendition.replace(/[^/]+$/, '')}`;
    const playlist = await (await fetch(base + variant)).text();
    const segment = base + variant.replace(/[^/]+$/, '') + playlist.split('\n').find((line) => line.endsWith('.ts'))!;
    const part = await fetch(segment, { headers: { range: 'bytes=0-187' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(188);
    // The uploaded source is gone once cleaned, and the job with it: the worker ends the job once its
    // handler returns, a moment after the file shows Completed (a loaded machine saw the row still there).
    await expect
      .poll(() => s.app.db.get("SELECT 1 FROM jobs WHERE kind = 'process-file'"), { timeout: 10_000, interval: 20 })
      .toBeUndefined();
  });

  it('refuses what is no video at once, and fails a fake video with a reason', async () => {
    const text = await s.request('POST', '/api/files', {
      key,
      body: videoForm({ title: 'Notes', content: 'just some text\n'.repeat(50) }),
    });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ status: 'error', message: 'This file is not a video' });

    // Real ISO boxes (a file type, then padding), so the upload check passes it: the probe finds no video.
    const fake = Buffer.concat([Buffer.from('\0\0\0\x14ftypisom\0\0\0\0isom\0\0\x0f\xa8free', 'latin1'), Buffer.alloc(4000, 7)]);
    const res = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Fake', content: fake }) });
    expect(res.status).toBe(200);
    const failed = await waitForStatus(s, key, res.body.data.file.file_id, [4, 7, 10]);
    expect(failed).toMatchObject({ file_status: 4, file_reason: 'This file is not a video' });
  });

  it('checks the title, the slug and the size', async () => {
    const noTitle = await s.request('POST', '/api/files', { key, body: videoForm({ content: clip }) });
    expect(noTitle.body).toMatchObject({ status: 'error', message: 'File title is required' });
    // The same title rules as an edit: invisible-only is empty, bidi overrides are refused.
    const invisible = await s.request('POST', '/api/files', { key, body: videoForm({ title: '\u200b\u3164', content: clip }) });
    expect(invisible.body).toMatchObject({ status: 'error', message: 'File title is required' });
    const override = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Invoice \u202egpj.exe', content: clip }) });
    expect(override.body.message).toBe('File title must not contain bidirectional override characters');
    const badSlug = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'A', slug: 'no spaces', content: clip }) });
    expect(badSlug.status).toBe(400);
    const noFile = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'A' }) });
    expect(noFile.body.message).toBe('Please select a video file (video_file)');
    const big = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Big', content: Buffer.alloc(1_000_001, 0x47) }) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The video must be at most 976.6 KB');
    const unauthenticated = await s.request('POST', '/api/files', { body: videoForm({ title: 'A', content: clip }) });
    expect(unauthenticated.status).toBe(401);
    const taken = await s.request('POST', '/api/files', {
      key,
      body: videoForm({ title: 'B', slug: 'sorens-astronomy-lecture-1', content: clip }),
    });
    expect(taken).toMatchObject({ status: 409, body: { message: 'Slug already in use' } });
  });

  it('ingests a URL of a host:port VP_INGEST_ALLOW_HOSTS names, and refuses loopback and private addresses otherwise', async () => {
    const res = await s.request('POST', '/api/files', { key, json: { source_url: `${sourceBase}/clip.mp4`, file_title: 'From a URL' } });
    expect(res.status).toBe(200);
    const fileId = res.body.data.file.file_id;
    expect(await waitForStatus(s, key, fileId, [4, 7, 10])).toMatchObject({ file_status: 10, file_width: 160 });
    expect(await statusesOf(s.app.db, fileId)).toEqual(COMPLETED_PATH);

    for (const url of [
      'http://127.0.0.1:9/clip.mp4',
      'http://[::1]/x',
      'http://10.1.2.3/x',
      'http://169.254.169.254/latest',
      'http://192.168.0.1/',
      'http://[::7f00:1]/', // IPv4-compatible 127.0.0.1
      'http://[::ffff:7f00:1]/', // IPv4-mapped 127.0.0.1
      'http://[64:ff9b::a00:1]/', // NAT64 of 10.0.0.1
      'http://[2002:c0a8:1::1]/', // 6to4 of 192.168.0.1
      'http://[fd00::1]/',
      'http://localhost/x', // the allowed host, on a port it does not name
      `${sourceBase.replace(/:\d+$/, '')}:${Number(new URL(sourceBase).port) + 1}/clip.mp4`,
    ]) {
      const refused = await s.request('POST', '/api/files', { key, json: { source_url: url, file_title: 'Nope' } });
      expect(refused.status, url).toBe(400);
      expect(refused.body.message).toBe(NOT_PUBLIC);
    }
    for (const url of ['ftp://example.com/a.mp4', 'file:///etc/passwd', 'not a url']) {
      const refused = await s.request('POST', '/api/files', { key, json: { source_url: url, file_title: 'Nope' } });
      expect(refused.body).toMatchObject({ status: 'error', message: 'source_url must be an http(s) URL' });
    }
    // An allowed host that redirects to a loopback address it does not name: refused at the redirect.
    const redirected = await s.request('POST', '/api/files', { key, json: { source_url: `${sourceBase}/to-loopback`, file_title: 'Hop' } });
    expect(await waitForStatus(s, key, redirected.body.data.file.file_id, [4, 7, 10])).toMatchObject({
      file_status: 4,
      file_reason: NOT_PUBLIC,
    });
    // And one that redirects to itself on another port: refused there too.
    const otherPort = await s.request('POST', '/api/files', {
      key,
      json: { source_url: `${sourceBase}/to-other-port`, file_title: 'Hop' },
    });
    expect(await waitForStatus(s, key, otherPort.body.data.file.file_id, [4, 7, 10])).toMatchObject({
      file_status: 4,
      file_reason: NOT_PUBLIC,
    });
  });

  it('fails a source that trickles when the whole download outlasts VP_DOWNLOAD_TIMEOUT_SECONDS, without retrying it', async () => {
    const started = Date.now();
    const res = await s.request('POST', '/api/files', { key, json: { source_url: `${sourceBase}/trickle`, file_title: 'Trickle' } });
    const fileId = res.body.data.file.file_id;
    const failed = await waitForStatus(s, key, fileId, [4, 7, 10], 30_000);
    const elapsed = Date.now() - started;
    expect(failed).toMatchObject({ file_status: 4, file_reason: 'The download did not finish within 3 s' });
    expect(failed.file_reason).toBe(downloadTimeoutMessage(DOWNLOAD_TIMEOUT_SECONDS * 1000));
    expect(elapsed).toBeGreaterThanOrEqual(DOWNLOAD_TIMEOUT_SECONDS * 1000);
    expect(elapsed).toBeLessThan(DOWNLOAD_TIMEOUT_SECONDS * 1000 + 5000); // the deadline, a poll and a status write
    // One attempt: a retry would hold the worker for the deadline again.
    expect(await statusesOf(s.app.db, fileId)).toEqual([1, 2, 4]);
  });

  it('reads VP_DOWNLOAD_TIMEOUT_SECONDS: 30 minutes unless set, whole seconds above 0', () => {
    expect(readEnv({}).options.downloadTimeoutSeconds).toBe(1800);
    expect(readEnv({ VP_DOWNLOAD_TIMEOUT_SECONDS: '90' }).options.downloadTimeoutSeconds).toBe(90);
    for (const bad of ['0', '-5', '1.5', 'soon'])
      expect(() => readEnv({ VP_DOWNLOAD_TIMEOUT_SECONDS: bad })).toThrow(/VP_DOWNLOAD_TIMEOUT_SECONDS/);
  });

  it('retries a failing download with backoff, then fails with the reason', async () => {
    const res = await s.request('POST', '/api/files', { key, json: { source_url: `${sourceBase}/broken`, file_title: 'Broken' } });
    const fileId = res.body.data.file.file_id;
    const failed = await waitForStatus(s, key, fileId, [4, 7, 10]);
    expect(failed).toMatchObject({ file_status: 4, file_reason: 'The source answered HTTP 500' });
    // Three attempts: the first two end back at Pending with the reason of the retry.
    expect((await statusesOf(s.app.db, fileId)).filter((status) => status === 1)).toHaveLength(3);
  });
});
