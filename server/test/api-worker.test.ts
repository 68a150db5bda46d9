import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JOB_URL_EXPIRED, JOB_URL_INVALID } from '../src/pipeline/job-media-urls';
import { workerTokenCommand } from '../src/pipeline/worker-token-commands';
import { PIPELINE_TOKEN_NEEDED } from '../src/plugins/pipeline-auth';
import { jobNotHeld, NOT_THE_FILES_FOLDER, WORKER_TOKEN_NEEDED } from '../src/routes/pipeline-jobs';
import { S3MediaStore } from '../src/media/s3-media-store';
import { startServer, type TestServer } from './helpers';
import { startS3Server, type TestS3Server } from './s3-server';
import { spawnApiWorker, until, type SpawnedWorker } from './api-worker-support';
import { COMPLETED_PATH, recordStatuses, statusesOf, tinyClip, videoForm, waitForStatus } from './pipeline-support';

const URL_SECONDS = 60;
const SHARED_TOKEN = 'shared-token-of-this-test';

/** `worker-token create NAME` as the CLI runs it: the token it prints once (a retried test's first token goes first). */
async function createToken(s: TestServer, name: string): Promise<string> {
  await s.app.db.run('DELETE FROM worker_tokens WHERE name = ?', [name]);
  return (await workerTokenCommand(s.app.db, 'create', name, s.now.value))[1]!;
}

const jobCall = (s: TestServer, token: string, action: string, json: object) =>
  s.request('POST', `/api/pipeline/jobs${action}`, { json, headers: { 'x-pipeline-token': token } });

/** A test that spawns a worker process (tsx compiles the CLI) and waits for ffmpeg: ample on a busy machine. */
const SPAWNING = { timeout: 120_000 };

describe('a pipeline worker that reaches nothing but the API (folder store)', SPAWNING, () => {
  let s: TestServer; // VP_WORKER=0: no worker in the node
  let key: string;
  let clip: Buffer;
  let source: http.Server;
  let sourceBase: string;
  /** How the URL source answers: the whole clip, or half of it and then nothing (a worker killed meanwhile). */
  let stall = false;
  /** Else, while set, half of the clip and the rest once it resolves (a job that outlasts its lease). */
  let held: Promise<void> | undefined;
  const workers: SpawnedWorker[] = [];

  beforeAll(async () => {
    clip = await tinyClip();
    source = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length });
      if (stall || held) res.write(clip.subarray(0, clip.length >> 1));
      if (held) void held.then(() => res.end(clip.subarray(clip.length >> 1)));
      else if (!stall) res.end(clip);
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    sourceBase = `http://localhost:${(source.address() as AddressInfo).port}`;
    s = await startServer({
      worker: false,
      pipelineToken: SHARED_TOKEN,
      workerUrlSeconds: URL_SECONDS,
      ingestAllowHosts: [new URL(sourceBase).host],
    });
    await recordStatuses(s.app.db);
    await s.addAccount('maker', 'maker-password', 0);
    key = await s.login('maker', 'maker-password');
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) {
      w.child.kill('SIGKILL');
      await w.exited;
    }
  });
  afterAll(async () => {
    source.closeAllConnections();
    source.close();
    await s.close();
  });

  const upload = async (title: string) => {
    const res = await s.request('POST', '/api/files', { key, body: videoForm({ title, content: clip }) });
    expect(res.status).toBe(200);
    return res.body.data.file.file_id as number;
  };

  it('takes an upload to Completed through the API alone: every step, playable media, counted as done', async () => {
    const token = await createToken(s, 'remote-1');
    const fileId = await upload('Remote');
    const worker = spawnApiWorker(s.base, token, 'remote-box');
    workers.push(worker);

    const done = await waitForStatus(s, key, fileId, [10, 4, 7], 60_000).catch(worker.explain);
    expect(await statusesOf(s.app.db, fileId)).toEqual(COMPLETED_PATH);
    expect(done).toMatchObject({ file_status: 10, file_server: 'remote-box', file_width: 160, file_height: 90, file_reason: null });
    const image = await fetch(`${s.base}/images/${done.file_image}`);
    expect(image.status).toBe(200);
    expect([...new Uint8Array(await image.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8]);

    const row = await s.app.db.get<{ file_rendition: string }>('SELECT file_rendition FROM files WHERE file_id = ?', [fileId]);
    const master = await (await fetch(`${s.base}/media/${row!.file_rendition}`)).text();
    expect(master).toContain('#EXT-X-STREAM-INF');
    const variant = master.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const base = `${s.base}/media/${row!.file_rendition.replace(/[^/]+$/, '')}`;
    const playlist = await (await fetch(base + variant)).text();
    const segment = await fetch(base + variant.replace(/[^/]+$/, '') + playlist.split('\n').find((line) => line.endsWith('.ts'))!);
    expect(segment.status).toBe(200);
    expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(0);

    // The server made every database write: the folder counted at its stored bytes, nothing left journaled, the job and source gone.
    const folder = row!.file_rendition.replace(/[^/]+$/, '');
    const counted = await s.app.db.get<{ bytes: number }>('SELECT bytes FROM video_storage WHERE media_key = ?', [folder]);
    expect(Number(counted?.bytes)).toBe(await s.app.media.bytesUnder(folder));
    expect(await s.app.db.all('SELECT * FROM storage_journal')).toEqual([]);
    expect(await s.app.jobs.count('process-file')).toBe(0);
    expect(await s.app.media.bytesUnder('uploads/')).toBe(0);
    const listed = await s.request('GET', '/api/pipeline/workers', { headers: { 'x-pipeline-token': token } });
    expect(listed.body.data.workers).toContainEqual(expect.objectContaining({ name: 'remote-1', jobs_done: 1, jobs_failed: 0 }));
    expect(worker.stderr()).toBe('');
  });

  it('a worker killed mid-job leaves its job to the next claim when its lease ends, and that one completes it', async () => {
    const token = await createToken(s, 'remote-kill');
    stall = true; // the first download gets half the clip and then waits
    const res = await s.request('POST', '/api/files', { key, json: { source_url: `${sourceBase}/clip.mp4`, file_title: 'Killed' } });
    expect(res.status).toBe(200);
    const fileId = res.body.data.file.file_id as number;
    const first = spawnApiWorker(s.base, token, 'killed-box');
    workers.push(first);
    await waitForStatus(s, key, fileId, [2], 60_000); // Downloading, from the URL the API handed
    first.child.kill('SIGKILL');
    await first.exited;
    stall = false;

    workers.push(spawnApiWorker(s.base, token, 'second-box'));
    const done = await waitForStatus(s, key, fileId, [10, 4, 7], 60_000);
    expect(done).toMatchObject({ file_status: 10, file_server: 'second-box' });
    const attempts = await s.app.db.get<{ n: number }>(
      "SELECT count(*) AS n FROM file_activity WHERE file_id = ? AND action = 'complete'",
      [fileId],
    );
    expect(Number(attempts?.n)).toBe(1);
    // Ended by the call that completed it: the worker is killed at once, and nothing is left to claim again.
    await until('the job to end', async () => ((await s.app.jobs.count('process-file')) === 0 ? true : undefined), 10_000);
    workers.at(-1)!.child.kill('SIGKILL');
  });

  it('renews its lease over HTTP while its job outlasts it: another worker cannot claim the job, and the first completes it', async () => {
    const token = await createToken(s, 'remote-renew');
    const other = await createToken(s, 'remote-other');
    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    try {
      const res = await s.request('POST', '/api/files', { key, json: { source_url: `${sourceBase}/clip.mp4`, file_title: 'Renewed' } });
      expect(res.status).toBe(200);
      const fileId = res.body.data.file.file_id as number;
      const worker = spawnApiWorker(s.base, token, 'renew-box'); // its lease: 3 s, renewed every second
      workers.push(worker);
      await waitForStatus(s, key, fileId, [2], 60_000).catch(worker.explain); // Downloading: half the clip, then the source waits

      const lease = () =>
        s.app.db.get<{ run_at: number; attempts: number }>("SELECT run_at, attempts FROM jobs WHERE kind = 'process-file'");
      const seen = Number((await lease())!.run_at);
      await until('the lease seen to have ended, unless renewed', async () => (Date.now() > seen + 1000 ? true : undefined), 10_000);
      const now = await lease();
      expect(Number(now!.run_at)).toBeGreaterThan(Date.now()); // renewed through POST …/extend
      expect(Number(now!.attempts)).toBe(1);
      expect((await jobCall(s, other, '/claim', { lease_ms: 60_000 })).body.data).toEqual({ job: null });

      release();
      const done = await waitForStatus(s, key, fileId, [10, 4, 7], 60_000).catch(worker.explain);
      expect(done).toMatchObject({ file_status: 10, file_server: 'renew-box', file_reason: null });
      const completions = await s.app.db.get<{ n: number }>(
        "SELECT count(*) AS n FROM file_activity WHERE file_id = ? AND action = 'complete'",
        [fileId],
      );
      expect(Number(completions?.n)).toBe(1);
      expect(worker.stderr()).toBe('');
    } finally {
      release();
      held = undefined;
    }
  });

  it('a revoked token is refused (401) and its worker exits non-zero with one clear line', async () => {
    const token = await createToken(s, 'remote-revoked');
    const worker = spawnApiWorker(s.base, token, 'revoked-box');
    workers.push(worker);
    await until('the token to be used', async () => {
      const listed = await s.request('GET', '/api/pipeline/workers', { headers: { 'x-pipeline-token': token } });
      return listed.body.data.workers.find(
        (w: { name: string; last_seen_at: string | null }) => w.name === 'remote-revoked' && w.last_seen_at,
      )
        ? true
        : undefined;
    });
    await workerTokenCommand(s.app.db, 'revoke', 'remote-revoked', s.now.value);

    const refused = await jobCall(s, token, '/claim', {});
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ status: 'error', message: PIPELINE_TOKEN_NEEDED });
    const code = await worker.exited;
    expect({ code, stderr: worker.stderr() }).toMatchObject({ code: 1 });
    const lines = worker.stderr().trim().split('\n');
    expect(lines).toEqual([`pipeline worker: the API refused the worker token (revoked or unknown): ${PIPELINE_TOKEN_NEEDED}`]);
  });

  it("refuses another worker's job (403), a URL for another key (403), and a URL past its time (403)", async () => {
    const mine = await createToken(s, 'remote-a');
    const other = await createToken(s, 'remote-b');
    const fileId = await upload('Held');

    const shared = await s.request('POST', '/api/pipeline/jobs/claim', { json: {}, headers: { 'x-pipeline-token': 'x' } });
    expect(shared.status).toBe(401);
    const claimed = await jobCall(s, mine, '/claim', { lease_ms: 60_000 });
    expect(claimed.status).toBe(200);
    const job = claimed.body.data.job;
    expect(job).toMatchObject({ kind: 'process-file', attempts: 1, payload: { file_id: fileId } });
    expect(job).not.toHaveProperty('lease_token');
    const attempt = { attempt: 1 };

    const stolen = await jobCall(s, other, `/${job.job_id}/source`, attempt);
    expect(stolen.status).toBe(403);
    expect(stolen.body).toEqual({ status: 'error', message: jobNotHeld(job.job_id) });
    expect((await jobCall(s, mine, `/${job.job_id}/source`, { attempt: 2 })).status).toBe(403);
    expect((await jobCall(s, other, `/${job.job_id}/extend`, attempt)).body.data).toEqual({ mine: false });

    const given = await jobCall(s, mine, `/${job.job_id}/source`, attempt);
    expect(given.status).toBe(200);
    const sourceUrl = new URL(given.body.data.url, s.base);
    const read = await fetch(sourceUrl);
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer()).equals(clip)).toBe(true);

    // The same signature for another key, or for a PUT, is refused.
    const folder = (await jobCall(s, mine, `/${job.job_id}/folder`, attempt)).body.data.folder as string;
    expect(folder).toMatch(new RegExp(`^files/${fileId}-[a-z0-9]+/$`));
    const otherKey = new URL(sourceUrl);
    otherKey.searchParams.set('key', `${folder}master.m3u8`);
    const forged = await fetch(otherKey, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: 'x' });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ status: 'error', message: JOB_URL_INVALID });
    expect((await fetch(sourceUrl, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: 'x' })).status).toBe(
      403,
    );

    // URLs for another file's folder are not handed out.
    const elsewhere = await jobCall(s, mine, `/${job.job_id}/uploads`, { ...attempt, folder: 'files/999999-abc/', names: ['a.ts'] });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toEqual({ status: 'error', message: NOT_THE_FILES_FOLDER });
    const uploads = await jobCall(s, mine, `/${job.job_id}/uploads`, { ...attempt, folder, names: ['probe.txt'] });
    const putUrl = new URL(uploads.body.data.urls[0].url, s.base);
    const put = await fetch(putUrl, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: 'bytes' });
    expect(put.status).toBe(200);
    expect(await s.app.media.size(`${folder}probe.txt`)).toBe(5);

    // The folder is journaled for the worker, not for this node's process: a node restarting (its process gone)
    // while the worker still uploads must not have its crash recovery delete the folder; only staleness settles it.
    const entry = await s.app.db.get<{ owner: string }>('SELECT owner FROM storage_journal WHERE storage_name = ?', [`media:${folder}`]);
    expect(entry?.owner).toBe('api-worker remote-a');
    expect(await s.app.storageJournal.recover(Date.now())).toBe(0);
    expect(await s.app.media.size(`${folder}probe.txt`)).toBe(5);

    s.advance(URL_SECONDS * 1000 + 1);
    const late = await fetch(sourceUrl);
    expect(late.status).toBe(403);
    expect(await late.json()).toEqual({ status: 'error', message: JOB_URL_EXPIRED });

    // Nothing of the refused PUTs was stored (checked after later calls: a refused write must not run beside the 403).
    expect((await s.app.media.size(`${folder}master.m3u8`)) ?? null).toBeNull();
    expect(await s.app.media.bytesUnder(folder)).toBe(5);

    // Given back: the attempt's folder goes (and its journal entry), the job waits for its next claim.
    expect((await jobCall(s, mine, `/${job.job_id}/discard`, { ...attempt, folder, owned: false, gone: false })).status).toBe(200);
    expect(await s.app.media.size(`${folder}probe.txt`)).toBeNull();
    expect((await jobCall(s, mine, `/${job.job_id}/retry-later`, { ...attempt, reason: 'test', delay_ms: 0 })).status).toBe(200);
    expect((await jobCall(s, mine, `/${job.job_id}/source`, attempt)).status).toBe(403); // no longer held
    expect(await s.app.db.all('SELECT * FROM storage_journal')).toEqual([]);
    expect(await s.app.jobs.count('process-file')).toBe(1); // waiting for its next claim
    await s.app.db.run('DELETE FROM jobs WHERE job_id = ?', [job.job_id]);
  });

  it('the shared VP_PIPELINE_TOKEN may not claim: jobs are claimed under a worker token', async () => {
    const res = await jobCall(s, SHARED_TOKEN, '/claim', {});
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 'error', message: WORKER_TOKEN_NEEDED });
  });
});

describe('a pipeline worker that reaches nothing but the API (S3 store)', SPAWNING, () => {
  let s3: TestS3Server;
  let store: S3MediaStore;
  let s: TestServer;
  let key: string;
  let clip: Buffer;
  const workers: SpawnedWorker[] = [];

  beforeAll(async () => {
    clip = await tinyClip();
    s3 = await startS3Server();
    const media = s3.settings(await s3.bucket(), 'media/');
    store = new S3MediaStore(media);
    s = await startServer({ worker: false, s3: media });
    await s.addAccount('maker', 'maker-password', 0);
    key = await s.login('maker', 'maker-password');
  });
  afterAll(async () => {
    for (const w of workers.splice(0)) {
      w.child.kill('SIGKILL');
      await w.exited;
    }
    await s?.close();
    await s3?.close();
  });

  it('writes through presigned URLs of the bucket; a permanent delete leaves no object of the file', async () => {
    const token = await createToken(s, 'remote-s3');
    const res = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Bucket', content: clip }) });
    expect(res.status).toBe(200);
    const fileId = res.body.data.file.file_id as number;
    const worker = spawnApiWorker(s.base, token, 's3-box');
    workers.push(worker);
    expect(await waitForStatus(s, key, fileId, [10, 4, 7], 60_000).catch(worker.explain)).toMatchObject({
      file_status: 10,
      file_server: 's3-box',
    });
    workers.pop()!.child.kill('SIGTERM');

    const row = await s.app.db.get<{ file_rendition: string }>('SELECT file_rendition FROM files WHERE file_id = ?', [fileId]);
    const folder = row!.file_rendition.replace(/[^/]+$/, '');
    const master = await fetch(`${s.base}/media/${row!.file_rendition}`);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('#EXT-X-STREAM-INF');
    expect(await store.bytesUnder(folder)).toBeGreaterThan(0);
    expect(await store.bytesUnder('uploads/')).toBe(0);

    expect((await s.request('DELETE', `/api/files/${fileId}`, { key })).status).toBe(200);
    expect((await s.request('DELETE', `/api/files/${fileId}?permanent=1`, { key })).status).toBe(200);
    await until('the purge', async () => ((await store.bytesUnder(`files/${fileId}-`)) === 0 ? true : undefined), 10_000);
  });

  it("stores the downloads of a file that may be downloaded, as the server's own worker does (D67)", async () => {
    const token = await createToken(s, 'remote-s3-downloads');
    const owner = await s.addAccount('downloader', 'downloader-password', 0);
    const ownerKey = await s.login('downloader', 'downloader-password');
    expect((await s.request('PUT', '/api/config', { key: ownerKey, json: { downloads: { allowed: true } } })).status).toBe(200);
    const res = await s.request('POST', '/api/files', { key: ownerKey, body: videoForm({ title: 'Downloadable', content: clip }) });
    const fileId = res.body.data.file.file_id as number;
    const worker = spawnApiWorker(s.base, token, 's3-downloads');
    workers.push(worker);
    const done = await waitForStatus(s, ownerKey, fileId, [10, 4, 7], 60_000).catch(worker.explain);
    workers.pop()!.child.kill('SIGTERM');
    expect(done).toMatchObject({ file_status: 10, file_server: 's3-downloads' });
    const video = await fetch(`${s.base}/player/${done.file_slug}/download.mp4`);
    expect(video.status).toBe(200);
    expect(done.download_video.bytes).toBe((await video.arrayBuffer()).byteLength);
    expect(done.download_audio.bytes).toBeGreaterThan(0);
    const folder = (await s.app.db.get<{ f: string }>('SELECT file_rendition AS f FROM files WHERE file_id = ?', [fileId]))!.f.replace(
      /[^/]+$/,
      '',
    );
    expect(await s.app.videoStorage.usedBytes(owner)).toBe(await store.bytesUnder(folder));
  });

  it('hands URLs of the bucket itself, not of the node', async () => {
    const token = await createToken(s, 'remote-s3-urls');
    const res = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Presigned', content: clip }) });
    const fileId = res.body.data.file.file_id as number;
    const job = (await jobCall(s, token, '/claim', { lease_ms: 60_000 })).body.data.job;
    expect(job.payload.file_id).toBe(fileId);
    const attempt = { attempt: job.attempts };
    const source = (await jobCall(s, token, `/${job.job_id}/source`, attempt)).body.data.url as string;
    expect(source.startsWith(s3.endpoint)).toBe(true);
    expect(Buffer.from(await (await fetch(source)).arrayBuffer()).equals(clip)).toBe(true);
    const folder = (await jobCall(s, token, `/${job.job_id}/folder`, attempt)).body.data.folder as string;
    const { urls } = (await jobCall(s, token, `/${job.job_id}/uploads`, { ...attempt, folder, names: ['probe.txt'] })).body.data;
    expect(urls[0].url.startsWith(s3.endpoint)).toBe(true);
    const put = await fetch(urls[0].url, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: 'bytes' });
    expect(put.status).toBe(200);
    expect(await store.size(`${folder}probe.txt`)).toBe(5);
    expect((await jobCall(s, token, `/${job.job_id}/discard`, { ...attempt, folder, owned: false, gone: false })).status).toBe(200);
    expect(await store.bytesUnder(folder)).toBe(0);
  });
});
