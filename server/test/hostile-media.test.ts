import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addVideoFile } from '../src/ingest/new-file';
import { INCOMPLETE_VIDEO } from '../src/pipeline/process-file';
import { ffmpegPath, KILL_GRACE_MS, NotAVideoError, probe, runTool, type Probe } from '../src/media/ffmpeg';
import { transcodeHls } from '../src/media/renditions';
import { videoContainer, type VideoContainer } from '../src/media/video-signature';
import { startServer, type TestServer } from './helpers';
import { patternClip, processesNaming, waitUntil } from './hostile-media-support';
import { FAST_WORKER, tinyClip, videoForm, waitForStatus } from './pipeline-support';

const NOT_A_VIDEO = 'This file is not a video';
const b64 = (text: string) => Buffer.from(text).toString('base64');

// Every temp folder of this file's servers and jobs is under one folder of its own: what a job leaves
// behind is found there, and a job's ffmpeg is the process whose command line names it.
const outerTmp = process.env.TMPDIR;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-hostile-'));
process.env.TMPDIR = tmp;

/** What a job of a server left: its ffmpeg processes, work folders, rendition objects and uploaded sources. */
function leftovers(s: TestServer, fileId: number) {
  const media = s.app.settings.mediaDir;
  const filesBelow = (dir: string) =>
    fs.existsSync(path.join(media, dir))
      ? fs
          .readdirSync(path.join(media, dir), { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.relative(media, path.join(e.parentPath, e.name)))
      : [];
  return {
    processes: processesNaming(path.join(tmp, 'vp-job-')),
    workFolders: fs.readdirSync(tmp).filter((name) => name.startsWith('vp-job-')),
    renditions: filesBelow('files').filter((key) => key.startsWith(`files/${fileId}-`)),
    uploads: filesBelow('uploads'),
  };
}
const NOTHING = { processes: [], workFolders: [], renditions: [], uploads: [] };

/** A failed job's last steps (its work folder, its source) follow its status: waits for them, then asserts. */
async function expectNothingLeft(s: TestServer, fileId: number, what?: string): Promise<void> {
  const clean = () => JSON.stringify(leftovers(s, fileId)) === JSON.stringify(NOTHING);
  await waitUntil(clean, 5000, 'the job to leave nothing').catch(() => {});
  expect(leftovers(s, fileId), what).toEqual(NOTHING);
}

/**
 * Runs `test` with VP_FFMPEG naming a wrapper that runs ffmpeg as its child (as `nice`, a container or a
 * script may), reading its input at the input's own pace (`-re`): a 20 s clip takes 20 s on any machine,
 * and stopping the wrapper alone would leave the transcode running.
 */
async function withRealTimeFfmpeg(test: () => Promise<void>): Promise<void> {
  const wrapper = path.join(tmp, 'ffmpeg-wrapper.sh');
  fs.writeFileSync(wrapper, `#!/bin/sh\n"${ffmpegPath()}" -re "$@"\n`, { mode: 0o755 });
  const configured = process.env.VP_FFMPEG; // a run on another ffmpeg keeps it for the tests after this one
  process.env.VP_FFMPEG = wrapper;
  try {
    await test();
  } finally {
    if (configured === undefined) delete process.env.VP_FFMPEG;
    else process.env.VP_FFMPEG = configured;
  }
}

/** A few KB that claim 10:00:00: four frames at 25 a second, then one ten hours later (the bomb). */
const gapClip = (dir: string) =>
  patternClip(dir, 'gap.mp4', 'testsrc=size=160x90:rate=25:duration=0.2', [
    ...['-vf', 'setpts=if(eq(N\\,4)\\,36000/TB\\,PTS)'],
    ...['-vsync', 'vfr'], // as the frames are: MP4 at a constant rate would fill the gap
  ]);

describe('hostile media through the real pipeline', () => {
  /** Tight limits, so the bombs stay a few KB: at most 1 h, 320 pixels a side, 320 × 180 pixels, 200 frames. */
  let s: TestServer;
  /** Default limits but 24 h (the gap bomb's cost), and VP_MAX_JOB_SECONDS=1. */
  let roomy: TestServer;
  let hurried: TestServer;
  let key: string;
  let roomyKey: string;
  let hurriedKey: string;
  let accountId: number;
  let clip: Buffer;
  /** 20 s: with `realTimeFfmpeg`, a transcode of 20 s whatever the machine. */
  let slowClip: Buffer;
  /** A server that must never be asked anything: the address the manifests name. */
  let bait: http.Server;
  const baitRequests: string[] = [];
  /** A source host VP_INGEST_ALLOW_HOSTS names: serves a manifest for URL ingest. */
  let source: http.Server;
  let fifo: string;
  const manifests: Record<string, string> = {};

  beforeAll(async () => {
    clip = await tinyClip();
    slowClip = await patternClip(tmp, 'slow.mp4', 'testsrc=size=160x90:rate=25:duration=20');
    bait = http.createServer((req, res) => {
      baitRequests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'video/mp4' }).end(clip);
    });
    await new Promise<void>((resolve) => bait.listen(0, '127.0.0.1', resolve));
    const video = `http://127.0.0.1:${(bait.address() as AddressInfo).port}/video.mp4`;
    const localMp4 = path.join(tmp, 'local.mp4');
    fs.writeFileSync(localMp4, clip);
    fifo = path.join(tmp, 'pipe.mp4');
    execFileSync('mkfifo', [fifo]);
    const dash = (url: string) =>
      `<!--free-->\n<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" type="static" ` +
      `mediaPresentationDuration="PT1S" minBufferTime="PT1S"><Period><AdaptationSet mimeType="video/mp4">` +
      `<Representation id="1" bandwidth="1000" width="160" height="90" codecs="avc1.640014"><BaseURL>${url}</BaseURL>` +
      `</Representation></AdaptationSet></Period></MPD>\n`;
    Object.assign(manifests, {
      'DASH manifest of a loopback URL, as <!--free': dash(video),
      'DASH manifest of a local file:// MP4, as <!--free': dash(`file://${localMp4}`),
      'HLS playlist of a loopback URL': `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${video}\n#EXT-X-ENDLIST\n`,
      'HLS playlist of a FIFO': `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile://${fifo}\n#EXT-X-ENDLIST\n`,
      'ffconcat of a FIFO and a local MP4': `ffconcat version 1.0\nfile '${fifo}'\nfile '${localMp4}'\n`,
    });
    source = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/dash+xml' }).end(dash(video));
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));

    const limits = { maxSeconds: 3600, maxSide: 320, maxPixels: 320 * 180, maxFrames: 200 };
    const sourcePort = (source.address() as AddressInfo).port;
    s = await startServer({ worker: { ...FAST_WORKER, limits }, ingestAllowHosts: [`localhost:${sourcePort}`] });
    // The default lease (60 s): how soon a purge stops a transcode in production.
    roomy = await startServer({ worker: { ...FAST_WORKER, leaseMs: 60_000, limits: { maxSeconds: 86_400 } }, trashDays: 30 });
    hurried = await startServer({ worker: { ...FAST_WORKER, limits: { maxJobSeconds: 1 } } });
    accountId = await s.addAccount('hostile', 'hostile-password', 0);
    key = await s.login('hostile', 'hostile-password');
    await roomy.addAccount('roomy', 'roomy-password', 0);
    roomyKey = await roomy.login('roomy', 'roomy-password');
    await hurried.addAccount('hurried', 'hurried-password', 0);
    hurriedKey = await hurried.login('hurried', 'hurried-password');
  });
  afterAll(async () => {
    bait?.close();
    source?.close();
    await Promise.all([s?.close(), roomy?.close(), hurried?.close()]);
    // Unset stays unset: process.env turns an undefined into the text "undefined", a folder named so.
    if (outerTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outerTmp;
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Whether some process has the FIFO open for reading (a non-blocking writer can open it only then). */
  function fifoHasReader(): boolean {
    try {
      fs.closeSync(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENXIO') return false;
      throw err;
    }
  }

  it('refuses playlists and manifests at upload (multipart and tus) and after a URL download: nothing is fetched or opened', async () => {
    for (const [name, text] of Object.entries(manifests)) {
      const res = await s.request('POST', '/api/files', { key, body: videoForm({ title: name, content: text, name: 'video.mp4' }) });
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual({ status: 'error', message: NOT_A_VIDEO });
    }

    const dash = Buffer.from(manifests['DASH manifest of a loopback URL, as <!--free']!);
    const tus = (method: string, url: string, headers: Record<string, string>, body?: Buffer) =>
      fetch(s.base + url, {
        method,
        headers: { 'tus-resumable': '1.0.0', 'x-apikey': key, ...headers },
        body: body ? new Uint8Array(body) : null,
      });
    const created = await tus('POST', '/api/uploads/', {
      'upload-length': String(dash.length),
      'upload-metadata': `file_title ${b64('Tus')}`,
    });
    const location = new URL(created.headers.get('location')!).pathname;
    const patched = await tus('PATCH', location, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, dash);
    expect(patched.status).toBe(400);
    expect(await patched.json()).toEqual({ status: 'error', message: NOT_A_VIDEO });

    const url = `http://localhost:${(source.address() as AddressInfo).port}/video.mpd`;
    const fetched = await s.request('POST', '/api/files', { key, json: { source_url: url, file_title: 'Fetched manifest' } });
    expect(fetched.status).toBe(200);
    const fileId = fetched.body.data.file.file_id;
    expect(await waitForStatus(s, key, fileId, [4, 7, 10])).toMatchObject({ file_status: 4, file_reason: NOT_A_VIDEO });
    await expectNothingLeft(s, fileId);
    expect(baitRequests).toEqual([]);
  });

  it('fails a stored manifest that reached the worker (queued before the upload check), fetching and opening nothing', async () => {
    for (const [name, text] of Object.entries(manifests)) {
      const mediaKey = `uploads/${name.replace(/\W+/g, '-')}/source`;
      await s.app.media.putStream(mediaKey, Readable.from([Buffer.from(text)]));
      const outcome = await addVideoFile(
        s.app,
        { accountId, actor: 'test', source: 'api' },
        { title: name, slug: undefined, source: { media_key: mediaKey }, via: 'upload' },
      );
      const fileId = 'file' in outcome ? outcome.file.file_id : NaN;
      expect(await waitForStatus(s, key, fileId, [4, 7, 10]), name).toMatchObject({ file_status: 4, file_reason: NOT_A_VIDEO });
      await expectNothingLeft(s, fileId, name);
    }
    expect(baitRequests).toEqual([]);
    expect(fifoHasReader()).toBe(false);
  });

  it('reads a file only as the container its first bytes are: ffprobe and ffmpeg refuse a manifest read as any of them', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'manifests-'));
    const containers: VideoContainer[] = ['mov', 'matroska', 'mpegts', 'mpeg', 'mpegvideo'];
    for (const [name, text] of Object.entries(manifests)) {
      const file = path.join(dir, 'source');
      fs.writeFileSync(file, text);
      expect(videoContainer(Buffer.from(text), text.length), name).toBeNull();
      for (const container of containers) {
        await expect(probe(file, container), `${name} as ${container}`).rejects.toBeInstanceOf(NotAVideoError);
        const info: Probe = { container, duration: 1, width: 160, height: 90, frames: 25, hasAudio: false };
        await expect(transcodeHls(file, info, path.join(dir, 'out')), `${name} as ${container}`).rejects.toThrow();
      }
    }
    expect(baitRequests).toEqual([]);
    expect(fifoHasReader()).toBe(false);
    expect(processesNaming(dir)).toEqual([]);
  });

  it('fails a duration, picture size or frame count over its limit once probed, with the reason, leaving nothing', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'bombs-'));
    const gap = await gapClip(dir);
    expect(gap.length).toBeLessThan(8000);
    const cases: Array<[string, Buffer, string]> = [
      ['Ten hours', gap, 'The video is too long (10:00:00; at most 1:00:00)'],
      [
        'Wide',
        await patternClip(dir, 'wide.mp4', 'testsrc=size=400x100:rate=25:duration=0.2'),
        "The video's picture is too large (400×100; at most 320 pixels a side and 57,600 pixels)",
      ],
      [
        'Big',
        await patternClip(dir, 'big.mp4', 'testsrc=size=300x200:rate=25:duration=0.2'),
        "The video's picture is too large (300×200; at most 320 pixels a side and 57,600 pixels)",
      ],
      [
        'Many frames',
        await patternClip(dir, 'many.mp4', 'testsrc=size=160x90:rate=250:duration=1'),
        'The video has too many frames (250; at most 200)',
      ],
    ];
    for (const [title, content, reason] of cases) {
      const res = await s.request('POST', '/api/files', { key, body: videoForm({ title, content }) });
      expect(res.status, title).toBe(200);
      const fileId = res.body.data.file.file_id;
      expect(await waitForStatus(s, key, fileId, [4, 7, 10]), title).toMatchObject({ file_status: 4, file_reason: reason });
      await expectNothingLeft(s, fileId, title);
    }
  });

  it('fails a truncated MP4 whose header is whole (refused at upload when the cut shows in its first bytes), leaving nothing', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'truncated-'));
    // The movie header first (as phones and `-movflags +faststart` write it): ffmpeg would read the
    // first 60 % without an error and publish a shorter video than the header says.
    const whole = await patternClip(dir, 'fast.mp4', 'testsrc=size=160x90:rate=25:duration=10', ['-movflags', '+faststart']);
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    const res = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Cut short', content: cut }) });
    expect(res.status).toBe(200);
    const fileId = res.body.data.file.file_id;
    expect(await waitForStatus(s, key, fileId, [4, 7, 10])).toMatchObject({ file_status: 4, file_reason: INCOMPLETE_VIDEO });
    await expectNothingLeft(s, fileId);
    // The movie header last (ffmpeg's default): the media box runs past the end within the first bytes.
    const tail = slowClip.subarray(0, Math.floor(slowClip.length * 0.6));
    const refused = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Cut short too', content: tail }) });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ status: 'error', message: NOT_A_VIDEO });
  });

  it("transcodes frames ten hours apart in their frames' time, not the gap's, when the limits allow ten hours", async () => {
    const gap = await gapClip(fs.mkdtempSync(path.join(tmp, 'gap-')));
    const res = await roomy.request('POST', '/api/files', { key: roomyKey, body: videoForm({ title: 'Gap', content: gap }) });
    // At a constant 25 frames a second this was 900,000 frames per rung: minutes even at 160 × 90.
    const done = await waitForStatus(roomy, roomyKey, res.body.data.file.file_id, [4, 7, 10], 20_000);
    expect(done).toMatchObject({ file_status: 10, file_reason: null });
    expect(done.file_duration).toBeCloseTo(36_000, 0);
  });

  it('stops a job past VP_MAX_JOB_SECONDS: its ffmpeg is killed and the file fails with the reason, leaving nothing', () =>
    withRealTimeFfmpeg(async () => {
      const res = await hurried.request('POST', '/api/files', { key: hurriedKey, body: videoForm({ title: 'Slow', content: slowClip }) });
      const fileId = res.body.data.file.file_id;
      const failed = await waitForStatus(hurried, hurriedKey, fileId, [4, 7, 10]);
      expect(failed).toMatchObject({ file_reason: 'Processing took longer than 0:01, the limit' });
      expect(failed.file_status).toBe(7); // Upload Failed: the transcode was under way
      await expectNothingLeft(hurried, fileId);
    }));

  it('kills the ffmpeg of a file deleted for good while it transcodes, and removes its work folder and renditions', () =>
    withRealTimeFfmpeg(async () => {
      const res = await roomy.request('POST', '/api/files', { key: roomyKey, body: videoForm({ title: 'Purged', content: slowClip }) });
      const fileId = res.body.data.file.file_id;
      await waitForStatus(roomy, roomyKey, fileId, [5]);
      await waitUntil(() => leftovers(roomy, fileId).processes.length >= 2, 10_000, 'the wrapper and its ffmpeg to start');
      expect((await roomy.request('DELETE', `/api/files/${fileId}`, { key: roomyKey })).status).toBe(200);
      expect((await roomy.request('DELETE', `/api/files/${fileId}?permanent=1`, { key: roomyKey })).status).toBe(200);
      // The worker learns it at its next lease renewal (at most 5 s away), then SIGTERM, SIGKILL 2 s later.
      await waitUntil(() => leftovers(roomy, fileId).processes.length === 0, 10_000, 'its ffmpeg to end');
      await expectNothingLeft(roomy, fileId);
      expect((await roomy.request('GET', `/api/files/${fileId}`, { key: roomyKey })).status).toBe(404);
    }));

  it('kills a stopped tool with SIGKILL when SIGTERM is not enough, and settles only once it is gone', async () => {
    // Named after this process: the SQLite and PostgreSQL runs of this file may run side by side.
    const marker = `vp-hostile-${process.pid}-ignores-sigterm`;
    const seconds = `60.${process.pid}`;
    const stop = new AbortController();
    // A shell and its child that both ignore SIGTERM; $0 names the shell, the child's argument the child.
    const run = runTool('sh', ['-c', `trap '' TERM; sleep ${seconds} & wait`, marker], { signal: stop.signal });
    // The child's own command line (its arguments are NUL-separated; the shell's names "sleep 60.…" with a
    // space): it runs only once the shell ignores SIGTERM. Waiting for the shell alone could stop it before
    // its trap, when SIGTERM is enough.
    const child = `sleep\u0000${seconds}\u0000`;
    await waitUntil(() => processesNaming(marker).length > 0 && processesNaming(child).length > 0, 5000, 'the tool to ignore SIGTERM');
    const stoppedAt = Date.now();
    stop.abort();
    await expect(run).rejects.toThrow();
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(KILL_GRACE_MS - 100);
    expect(processesNaming(marker)).toEqual([]);
    await waitUntil(() => processesNaming(child).length === 0, 2000, 'its child to be killed too');
  });
});
