import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookMessages } from '../src/db/webhook-events';
import { ffprobePath } from '../src/media/ffmpeg';
import { openEventStream } from './event-stream';
import { startServer, type TestServer } from './helpers';
import { FAST_WORKER, tinyClip, videoForm, waitForStatus } from './pipeline-support';
import { startS3Server, type TestS3Server } from './s3-server';

const run = promisify(execFile);

/** The stream types of a media file, as ffprobe reads them, and its top-level MP4 boxes in order. */
async function inspect(bytes: Buffer): Promise<{ streams: string[]; boxes: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-download-'));
  try {
    const file = path.join(dir, 'download');
    fs.writeFileSync(file, bytes);
    const { stdout } = await run(ffprobePath(), ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name', '-of', 'csv=p=0', file]);
    const boxes: string[] = [];
    for (let at = 0; at + 8 <= bytes.length;) {
      const size = bytes.readUInt32BE(at);
      boxes.push(bytes.toString('latin1', at + 4, at + 8));
      if (size < 8) break;
      at += size;
    }
    return { streams: stdout.trim().split('\n').sort(), boxes };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits until the file reply satisfies `done` (a downloads job runs on the node's background worker). */
async function waitForFile(s: TestServer, key: string, fileId: number, done: (file: Record<string, unknown>) => boolean) {
  const until = Date.now() + 30_000;
  for (;;) {
    const file = (await s.request('GET', `/api/files/${fileId}`, { key })).body.data;
    if (done(file)) return file;
    if (Date.now() > until) throw new Error(`file ${fileId} stayed at ${JSON.stringify(file)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A download, read whole: an unread body would hold its connection, and the test server's stop, for a minute. */
async function download(s: TestServer, slug: string, kind: 'mp4' | 'm4a', headers: Record<string, string> = {}) {
  const res = await fetch(`${s.base}/player/${slug}/download.${kind}`, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

for (const store of ['folder', 'bucket'] as const) {
  describe(`downloads (${store} store)`, () => {
    let s3: TestS3Server | undefined;
    let s: TestServer;
    let clip: Buffer;

    beforeAll(async () => {
      clip = await tinyClip();
      if (store === 'bucket') s3 = await startS3Server();
      // The downloads jobs run on the node's background worker: polled and retried quickly, so that a failing job fails for good in a second.
      s = await startServer({
        worker: FAST_WORKER,
        bulkWorker: { pollMs: 50, backoffMs: 50 },
        ...(s3 ? { s3: s3.settings(await s3.bucket(), 'vp/') } : {}),
      });
    });
    afterAll(async () => {
      await s?.close();
      await s3?.close();
    });

    /** A new account (signed in) with one Completed file of the clip. */
    async function accountWithFile(name: string, config?: object) {
      const accountId = await s.addAccount(name, `${name}-password`, 0);
      const key = await s.login(name, `${name}-password`);
      if (config) expect((await s.request('PUT', '/api/config', { key, json: config })).body.message).toMatch(/saved/);
      const res = await s.request('POST', '/api/files', { key, body: videoForm({ title: `${name} clip`, content: clip }) });
      const file = await waitForStatus(s, key, res.body.data.file.file_id, [4, 7, 10]);
      expect(file.file_status).toBe(10);
      const folder = (await s.app.db.get<{ f: string }>('SELECT file_rendition AS f FROM files WHERE file_id = ?', [
        file.file_id,
      ]))!.f.replace(/[^/]+$/, '');
      return { accountId, key, file, folder };
    }

    it('not allowed (the default): no MP4 or M4A is made, the File names none, the routes answer 404 and the page has no button', async () => {
      const { key, file, folder } = await accountWithFile(`off${store}`);
      expect((await s.request('GET', '/api/config', { key })).body.data.downloads).toBeUndefined();
      expect(file).not.toHaveProperty('download_video');
      expect(file).not.toHaveProperty('downloads');
      expect(await s.app.media.size(`${folder}downloads/video.mp4`)).toBeNull();
      for (const kind of ['mp4', 'm4a'] as const) {
        const res = await download(s, file.file_slug, kind);
        expect(res.status).toBe(404);
        expect(JSON.parse(res.body.toString())).toEqual({ status: 'error', message: 'This video cannot be downloaded' });
      }
      // A setting of another type is refused, as any field of the wrong type.
      expect((await s.request('PUT', `/api/files/${file.file_id}`, { key, json: { downloads: 'yes' } })).status).toBe(400);
      expect((await s.request('PUT', '/api/config', { key, json: { downloads: { allowed: 'no' } } })).status).toBe(400);
      expect((await s.request('PUT', '/api/config', { key, json: { downloads: {} } })).status).toBe(400);
      const page = await (await fetch(`${s.base}/player/${file.file_slug}`)).text();
      expect(page).toContain('<media-control-bar>');
      expect(page).not.toContain('class="download"');
    });

    it('allowed by the account: the pipeline stores a faststart MP4 and an M4A, counted in the quota, served as attachments with ranges, and the page offers the button', async () => {
      const { accountId, key, file, folder } = await accountWithFile(`on${store}`, { downloads: { allowed: true } });
      expect((await s.request('GET', '/api/config', { key })).body.data.downloads).toEqual({ allowed: true });
      const video = await download(s, file.file_slug, 'mp4');
      expect(video.status).toBe(200);
      expect(video.headers.get('content-disposition')).toBe(`attachment; filename="${file.file_slug}.mp4"`);
      expect(video.headers.get('content-type')).toMatch(/^video\/mp4/);
      const videoBytes = video.body;
      expect(file.download_video).toEqual({ url: `${file.file_slug}/download.mp4`, bytes: videoBytes.length });
      const mp4 = await inspect(videoBytes);
      expect(mp4.streams).toEqual(['aac,audio', 'h264,video']);
      expect(mp4.boxes.indexOf('moov')).toBeGreaterThan(-1);
      expect(mp4.boxes.indexOf('moov')).toBeLessThan(mp4.boxes.indexOf('mdat')); // +faststart

      const audio = await download(s, file.file_slug, 'm4a');
      expect(audio.headers.get('content-disposition')).toBe(`attachment; filename="${file.file_slug}.m4a"`);
      expect(audio.headers.get('content-type')).toMatch(/^audio\/mp4/);
      const audioBytes = audio.body;
      expect(file.download_audio).toEqual({ url: `${file.file_slug}/download.m4a`, bytes: audioBytes.length });
      expect((await inspect(audioBytes)).streams).toEqual(['aac,audio']);

      const range = await download(s, file.file_slug, 'mp4', { range: 'bytes=0-99' });
      expect(range.status).toBe(206);
      expect(range.body).toEqual(videoBytes.subarray(0, 100));

      // The quota counts the folder with its downloads.
      expect(await s.app.videoStorage.usedBytes(accountId)).toBe(await s.app.media.bytesUnder(folder));
      expect(await s.app.media.size(`${folder}downloads/video.mp4`)).toBe(videoBytes.length);
      // Only the checked route serves them, never /media/.
      expect((await fetch(`${s.base}/media/${folder}downloads/video.mp4`)).status).toBe(404);
      const page = await (await fetch(`${s.base}/player/${file.file_slug}`)).text();
      expect(page).toContain(`<a class="download" href="/player/${file.file_slug}/download.mp4" download aria-label="Download video"`);
    });

    it("a file processed before they were allowed gets them by a job; disallowed, they are removed and uncounted; the file's own setting wins over its account's", async () => {
      const { accountId, key, file, folder } = await accountWithFile(`later${store}`);
      const before = await s.app.videoStorage.usedBytes(accountId);
      // The panel's open editors hear of the setting and of each download made or removed, as of any edit.
      const stream = await openEventStream(s.base, { key });
      await stream.waitFor((f) => f.event === 'ready');
      const changeOf = (test: (changes: Record<string, unknown>) => boolean) =>
        stream.waitFor(
          (f) => f.event === 'file' && JSON.parse(f.data!).file_id === file.file_id && test(JSON.parse(f.data!).changes ?? {}),
        );
      const allowed = await s.request('PUT', `/api/files/${file.file_id}`, { key, json: { downloads: true } });
      expect(allowed.status).toBe(200);
      expect(allowed.body.data.downloads).toBe(true);
      await changeOf((c) => c.downloads === true);
      const made = await waitForFile(s, key, file.file_id, (f) => f.download_video !== undefined);
      const { bytes } = made.download_video as { bytes: number };
      await changeOf((c) => JSON.stringify(c.download_video) === JSON.stringify(made.download_video));
      expect((await download(s, file.file_slug, 'mp4')).status).toBe(200);
      expect(await s.app.videoStorage.usedBytes(accountId)).toBe(before + bytes + (made.download_audio as { bytes: number }).bytes);

      // The account allows downloads; the file's own "no" still holds.
      await s.request('PUT', `/api/files/${file.file_id}`, { key, json: { downloads: false } });
      expect((await s.request('PUT', '/api/config', { key, json: { downloads: { allowed: true } } })).status).toBe(200);
      const removed = await waitForFile(s, key, file.file_id, (f) => f.download_video === undefined);
      expect(removed.downloads).toBe(false);
      await changeOf((c) => c.download_video === null && c.download_audio === null);
      stream.close();
      // Each change is a file.updated for the webhooks: the log's events carry the columns.
      const logged = await s.app.db.all<{ changes: string | Record<string, unknown> }>(
        "SELECT changes FROM file_events WHERE file_id = ? AND kind = 'changed' ORDER BY id",
        [file.file_id],
      );
      const downloadChanges = logged
        .map((e) => (typeof e.changes === 'string' ? (JSON.parse(e.changes) as Record<string, unknown>) : e.changes))
        .filter((changes) => ['downloads', 'download_video_bytes', 'download_audio_bytes'].some((column) => column in changes));
      expect(downloadChanges.flatMap((changes) => Object.keys(changes))).toEqual(
        expect.arrayContaining(['downloads', 'download_video_bytes', 'download_audio_bytes']),
      );
      for (const changes of downloadChanges) {
        const event = { id: 1, account_id: accountId, file_id: file.file_id, kind: 'changed' as const, changes };
        expect(webhookMessages(event, false).map((m) => m.type)).toContain('file.updated');
      }
      expect((await download(s, file.file_slug, 'mp4')).status).toBe(404);
      expect(await s.app.media.size(`${folder}downloads/video.mp4`)).toBeNull();
      expect(await s.app.videoStorage.usedBytes(accountId)).toBe(before);
      const log = (await s.request('GET', `/api/files/${file.file_id}/activity`, { key })).body.data;
      expect(JSON.stringify(log)).toContain('"downloads":{"before":true,"after":false}');

      // Back to the account's setting (allowed): made again.
      await s.request('PUT', `/api/files/${file.file_id}`, { key, json: { downloads: null } });
      const again = await waitForFile(s, key, file.file_id, (f) => f.download_video !== undefined);
      expect(again).not.toHaveProperty('downloads');
      // Purged: the folder goes with its downloads, and nothing stays counted.
      await s.request('DELETE', `/api/files/${file.file_id}`, { key });
      expect((await download(s, file.file_slug, 'mp4')).status).toBe(404);
      expect((await s.request('DELETE', `/api/files/${file.file_id}?permanent=1`, { key })).status).toBe(200);
      expect(await s.app.media.bytesUnder(folder)).toBe(0);
      expect(await s.app.videoStorage.usedBytes(accountId)).toBe(0);
    });

    it("downloads that cannot be made: the account's job still makes the other files' ones, the failing file's activity says why after its retries, nothing of it is stored or counted", async () => {
      const { accountId, key, file: broken, folder } = await accountWithFile(`broken${store}`);
      const second = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'second clip', content: clip }) });
      const other = await waitForStatus(s, key, second.body.data.file.file_id, [4, 7, 10]);
      expect(broken.file_id).toBeLessThan(other.file_id); // the account's job meets the broken file first
      // Its top rung is absent from the store: there is nothing to remux.
      await s.app.media.delete(`${folder}v0/`);
      const before = await s.app.videoStorage.usedBytes(accountId);
      expect((await s.request('PUT', '/api/config', { key, json: { downloads: { allowed: true } } })).status).toBe(200);

      const made = await waitForFile(s, key, other.file_id, (f) => f.download_video !== undefined);
      const activity = async () =>
        ((await s.request('GET', `/api/files/${broken.file_id}/activity`, { key })).body.data.activity as Record<string, unknown>[]).filter(
          (e) => e.action === 'downloads_fail',
        );
      const until = Date.now() + 20_000;
      while (!(await activity()).length && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      const [entry, ...more] = await activity();
      expect(more).toEqual([]); // once, when the retries are used up
      expect(entry).toMatchObject({ actor: 'pipeline', source: 'pipeline', action: 'downloads_fail' });
      expect((entry!.detail as { reason: string }).reason).toBe('The top rendition (v0/index.m3u8) is missing from the media store');
      // Its own job ran out of attempts and is gone: nothing runs it again. The worker ends the job once
      // its failure is recorded, a moment after the activity line.
      await expect
        .poll(() => s.app.db.all("SELECT job_id FROM jobs WHERE kind = 'file-downloads' AND account_id = ?", [accountId]), {
          timeout: 10_000,
          interval: 20,
        })
        .toEqual([]);

      const file = (await s.request('GET', `/api/files/${broken.file_id}`, { key })).body.data;
      expect(file).not.toHaveProperty('download_video');
      expect(file).not.toHaveProperty('download_audio');
      expect((await download(s, broken.file_slug, 'mp4')).status).toBe(404);
      expect(await s.app.media.size(`${folder}downloads/video.mp4`)).toBeNull();
      // Only the other file's downloads are counted.
      const { bytes: video } = made.download_video as { bytes: number };
      const { bytes: audio } = made.download_audio as { bytes: number };
      expect(await s.app.videoStorage.usedBytes(accountId)).toBe(before + video + audio);
    });

    it('an M4A the store refuses after the MP4 was stored: the MP4 goes too, nothing is left uncounted, the activity says why', async () => {
      const { accountId, key, file, folder } = await accountWithFile(`halfway${store}`);
      const before = await s.app.videoStorage.usedBytes(accountId);
      const putFile = s.app.media.putFile.bind(s.app.media);
      s.app.media.putFile = async (name: string, local: string) => {
        if (name.startsWith(folder) && name.endsWith('.m4a')) throw new Error('the store refused the M4A');
        return putFile(name, local);
      };
      try {
        expect((await s.request('PUT', `/api/files/${file.file_id}`, { key, json: { downloads: true } })).status).toBe(200);
        const failed = async () =>
          ((await s.request('GET', `/api/files/${file.file_id}/activity`, { key })).body.data.activity as { action: string }[]).some(
            (e) => e.action === 'downloads_fail',
          );
        const until = Date.now() + 20_000;
        while (!(await failed()) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
        expect(await failed()).toBe(true);
      } finally {
        s.app.media.putFile = putFile;
      }
      expect(await s.app.media.size(`${folder}downloads/video.mp4`)).toBeNull();
      expect(await s.app.media.size(`${folder}downloads/audio.m4a`)).toBeNull();
      expect(await s.app.videoStorage.usedBytes(accountId)).toBe(before);
    });

    it("the player's access rules apply to downloads: a site the file may not play on is refused", async () => {
      const access = { embed: 'sites', sites: ['good.example'], signed: false, allow_no_referrer: true };
      const { file } = await accountWithFile(`sites${store}`, { downloads: { allowed: true }, player: { access } });
      expect((await download(s, file.file_slug, 'mp4', { referer: 'https://good.example/page' })).status).toBe(200);
      const refused = await download(s, file.file_slug, 'mp4', { referer: 'https://evil.example/page' });
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body.toString()).status).toBe('error');
    });
  });
}

describe("a file's downloads setting and its job", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ bulkWorker: false }); // no worker: the queued job stays to be read
  });
  afterAll(async () => {
    await s?.close();
  });

  it('commit together: a job that cannot be queued leaves the setting as it was, and a saved setting has its job', async () => {
    const accountId = await s.addAccount('atomic', 'atomic-password', 1);
    const key = await s.login('atomic', 'atomic-password');
    const [file] = (await s.request('GET', '/api/files', { key })).body.data.files as Array<{ file_id: number; version: number }>;
    const queued = () =>
      s.app.db.all<{ payload: string }>("SELECT payload FROM jobs WHERE kind = 'file-downloads' AND account_id = ?", [accountId]);
    const enqueue = s.app.jobs.enqueue.bind(s.app.jobs);
    s.app.jobs.enqueue = () => Promise.reject(new Error('the jobs table is out of reach'));
    try {
      const failed = await s.request('PUT', `/api/files/${file!.file_id}`, { key, json: { downloads: true } });
      expect(failed.status).toBe(500);
    } finally {
      s.app.jobs.enqueue = enqueue;
    }
    const unchanged = (await s.request('GET', `/api/files/${file!.file_id}`, { key })).body.data;
    expect(unchanged).not.toHaveProperty('downloads');
    expect(unchanged.version).toBe(file!.version);
    expect(await queued()).toEqual([]);

    const saved = await s.request('PUT', `/api/files/${file!.file_id}`, { key, json: { downloads: true } });
    expect(saved.body.data.downloads).toBe(true);
    expect((await queued()).map((job) => JSON.parse(job.payload))).toEqual([{ file_id: file!.file_id }]);
  });
});
