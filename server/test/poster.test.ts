import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestClip } from '../src/media/renditions';
import { ffmpegPath, ffprobePath, runTool } from '../src/media/ffmpeg';
import { startServer, type TestServer } from './helpers';
import { FAST_WORKER, videoForm, waitForStatus } from './pipeline-support';

/**
 * The poster the operator chooses (issue 43, decision D65): PUT /api/files/{id}/poster with `{ time }`
 * (a frame of the top rendition) or a multipart `image` (JPEG, PNG or WebP by its bytes, re-encoded),
 * DELETE back to the automatic one; versioned, logged, a file event, counted in the video storage.
 */

const MAX_POSTER_BYTES = 200_000;
let s: TestServer;
let key: string;
let fileId: number;
let slug: string;
let work: string;

/** An image made by ffmpeg's test pattern, in the format its name ends with. */
async function testImage(name: string, size = '320x180'): Promise<Buffer> {
  const file = path.join(work, name);
  await runTool(ffmpegPath(), ['-hide_banner', '-nostdin', '-y', '-f', 'lavfi', '-i', `testsrc=size=${size}`, '-frames:v', '1', file]);
  return fs.readFileSync(file);
}

/** A JPEG carrying an EXIF block (APP1) with a GPS-like note, right after its SOI marker. */
function withExif(jpeg: Buffer, note: string): Buffer {
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from(note, 'latin1')]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, payload, jpeg.subarray(2)]);
}

/** The frame at `time` of a rendition decoded from its start (output seeking), encoded as the poster is. */
async function decodedFrame(time: number): Promise<Buffer> {
  const row = await s.app.db.get<{ file_rendition: string }>('SELECT file_rendition FROM files WHERE file_id = ?', [fileId]);
  const rendition = row!.file_rendition;
  const out = path.join(work, `decoded-${time}.jpg`);
  const playlist = path.join(s.app.settings.mediaDir, rendition.replace(/master\.m3u8$/, 'v0/index.m3u8'));
  await runTool(ffmpegPath(), [
    ...['-hide_banner', '-nostdin', '-y', '-i', playlist, '-ss', String(time), '-frames:v', '1', '-map', '0:v:0', '-map_metadata', '-1'],
    ...[
      '-an',
      '-sn',
      '-dn',
      '-vf',
      "scale='min(1280,iw)':'min(720,ih)':force_original_aspect_ratio=decrease",
      '-q:v',
      '3',
      '-f',
      'mjpeg',
      out,
    ],
  ]);
  return fs.readFileSync(out);
}

function imageForm(bytes: Buffer, name: string, type: string): FormData {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

const file = async () => (await s.request('GET', `/api/files/${fileId}`, { key })).body.data;
const etag = async () => `"${(await file()).version}"`;
const imageKey = (image: string) => image.replace(/^media\//, '');
const usedBytes = async () =>
  Number(
    (
      await s.app.db.get<{ bytes: number }>(
        'SELECT bytes FROM account_video_bytes WHERE account_id = (SELECT account_id FROM files WHERE file_id = ?)',
        [fileId],
      )
    )?.bytes ?? 0,
  );
const imageEvents = async () =>
  (await s.app.db.all<{ changes: string }>("SELECT changes FROM file_events WHERE file_id = ? AND kind = 'changed' ORDER BY id", [fileId]))
    .map((row) => (typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes))
    .filter((changes) => 'file_image' in changes);

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-poster-test-'));
  const clip = path.join(work, 'clip.mp4');
  await makeTestClip(clip, { seconds: 6, width: 320, height: 180 });
  s = await startServer({ worker: FAST_WORKER, maxPosterBytes: MAX_POSTER_BYTES });
  await s.addAccount('framer', 'framer-password', 1);
  key = await s.login('framer', 'framer-password');
  const res = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Poster clip', content: fs.readFileSync(clip) }) });
  fileId = res.body.data.file.file_id;
  const done = await waitForStatus(s, key, fileId, [10, 4, 7], 60_000);
  expect(done.file_status).toBe(10);
  slug = done.file_slug;
}, 90_000);
afterAll(async () => {
  await s?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('PUT /api/files/{id}/poster { time }', () => {
  it('takes that frame of the video as a new JPEG, under a new key, and the player, the list and the log follow', async () => {
    const before = await file();
    const automatic = before.file_image as string;
    expect(automatic).toMatch(/\/thumb\.jpg$/);
    const bytesBefore = await usedBytes();
    const eventsBefore = (await imageEvents()).length;

    const res = await s.request('PUT', `/api/files/${fileId}/poster`, { key, json: { time: 4.2 }, headers: { 'if-match': await etag() } });
    expect(res.body.message).toBe('Poster changed');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      message: 'Poster changed',
      data: { file_id: fileId, version: before.version + 1 },
    });
    const image = res.body.data.file_image as string;
    expect(image).toMatch(new RegExp(`^media/files/${fileId}-[a-z0-9]+/poster\\.jpg$`));
    expect(res.headers.get('etag')).toBe(`"${before.version + 1}"`);

    const served = await fetch(`${s.base}/images/${image}`);
    expect(served.status).toBe(200);
    const jpeg = Buffer.from(await served.arrayBuffer());
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // The very frame a full decode of the top rendition finds at 4.2 s (ffmpeg decoding it from the start).
    expect(jpeg.equals(await decodedFrame(4.2))).toBe(true);
    expect(jpeg.equals(await decodedFrame(1))).toBe(false);

    const listed = (await s.request('GET', '/api/files/?limit=10', { key })).body.data.files.find(
      (f: { file_id: number }) => f.file_id === fileId,
    );
    expect(listed.file_image).toBe(image);
    expect(await (await fetch(`${s.base}/player/${slug}`)).text()).toContain(`poster="/images/${image}"`);

    const log = (await s.request('GET', `/api/files/${fileId}/activity`, { key })).body.data.activity;
    expect(log[0]).toMatchObject({ action: 'poster_set', detail: { from: 'time', time: 4.2 } });
    expect((await imageEvents()).slice(eventsBefore)).toEqual([expect.objectContaining({ file_image: image })]);
    expect(await usedBytes()).toBe(bytesBefore + jpeg.length);
  });

  it('refuses a time outside the video, a stale If-Match, and a file not processed yet, even once it has a rendition', async () => {
    for (const time of [6.5, 99, -1]) {
      const res = await s.request('PUT', `/api/files/${fileId}/poster`, { key, json: { time } });
      expect(res.status).toBe(400);
      expect(res.body.status).toBe('error');
    }
    const outside = await s.request('PUT', `/api/files/${fileId}/poster`, { key, json: { time: 99 } });
    expect(outside.body.message).toBe('The time must be within the video (0 to its duration, in seconds)');
    const current = await file();
    const stale = await s.request('PUT', `/api/files/${fileId}/poster`, {
      key,
      json: { time: 1 },
      headers: { 'if-match': `"${current.version - 1}"` },
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ status: 'error', data: { file_image: current.file_image, version: current.version } });
    const seeded = (await s.request('GET', '/api/files/?limit=10', { key })).body.data.files.find(
      (f: { file_id: number }) => f.file_id !== fileId,
    );
    // Downloaded (no rendition yet), then Uploaded and Indexed: the rendition is stored, but the pipeline has
    // still to write the file's image, and would replace the operator's (D65).
    for (const [status, rendition] of [
      [3, null],
      [6, 'files/0-test/master.m3u8'],
      [8, 'files/0-test/master.m3u8'],
    ] as const) {
      await s.app.db.run('UPDATE files SET file_status = ?, file_rendition = ?, file_duration = 6 WHERE file_id = ?', [
        status,
        rendition,
        seeded.file_id,
      ]);
      const byTime = await s.request('PUT', `/api/files/${seeded.file_id}/poster`, { key, json: { time: 0 } });
      const byImage = await s.request('PUT', `/api/files/${seeded.file_id}/poster`, {
        key,
        body: imageForm(await testImage('early.png'), 'early.png', 'image/png'),
      });
      for (const notReady of [byTime, byImage]) {
        expect([status, notReady.status]).toEqual([status, 409]);
        expect(notReady.body.message).toBe('A poster can be chosen once the video is processed');
      }
      expect((await s.request('GET', `/api/files/${seeded.file_id}`, { key })).body.data.file_image).toBe(seeded.file_image);
    }
    expect((await file()).file_image).toBe(current.file_image);
  });
});

describe('PUT /api/files/{id}/poster with an image', () => {
  it('re-encodes a PNG or WebP into the poster JPEG, and removes the previous poster of the operator once switched', async () => {
    const previous = (await file()).file_image as string;
    for (const [name, type] of [
      ['pattern.png', 'image/png'],
      ['pattern.webp', 'image/webp'],
    ] as const) {
      const res = await s.request('PUT', `/api/files/${fileId}/poster`, { key, body: imageForm(await testImage(name), name, type) });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Poster changed');
      const served = Buffer.from(await (await fetch(`${s.base}/images/${res.body.data.file_image}`)).arrayBuffer());
      expect(served.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
    expect(await s.app.media.size(imageKey(previous))).toBeNull();
    const log = (await s.request('GET', `/api/files/${fileId}/activity`, { key })).body.data.activity;
    expect(log[0]).toMatchObject({ action: 'poster_set', detail: { from: 'image', format: 'webp' } });
  });

  it('strips the metadata of an uploaded JPEG, and makes a large image no larger than 1280 × 720', async () => {
    const big = withExif(await testImage('big.jpg', '2560x1440'), 'GPS 48.8584 N 2.2945 E secret-camera-serial');
    const res = await s.request('PUT', `/api/files/${fileId}/poster`, { key, body: imageForm(big, 'big.jpg', 'image/jpeg') });
    expect(res.status).toBe(200);
    const served = Buffer.from(await (await fetch(`${s.base}/images/${res.body.data.file_image}`)).arrayBuffer());
    expect(served.includes(Buffer.from('secret-camera-serial'))).toBe(false);
    expect(served.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    const probed = path.join(work, 'probe.jpg');
    fs.writeFileSync(probed, served);
    const size = await runTool(ffprobePath(), ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', probed]);
    expect(size.trim()).toBe('1280,720');
  });

  it('refuses a file that is not an image by its bytes, whatever its name and type say, and one over VP_POSTER_MAX_BYTES', async () => {
    const before = (await file()).file_image as string;
    const servedBytes = async () => {
      const res = await fetch(`${s.base}/images/${before}`);
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const previous = await servedBytes();
    expect(previous.status).toBe(200);
    const disguised = [
      imageForm(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'poster.png', 'image/png'),
      imageForm(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'poster.jpg', 'image/jpeg'),
      imageForm(fs.readFileSync(path.join(work, 'clip.mp4')), 'poster.webp', 'image/webp'),
      imageForm(Buffer.alloc(0), 'empty.png', 'image/png'),
    ];
    for (const form of disguised) {
      const res = await s.request('PUT', `/api/files/${fileId}/poster`, { key, body: form });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 'error', message: 'The poster must be a JPEG, PNG or WebP image' });
    }
    // Begins like a PNG, is not one: the decoder refuses it, the poster stays.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 0x41)]);
    const broken = await s.request('PUT', `/api/files/${fileId}/poster`, { key, body: imageForm(fake, 'fake.png', 'image/png') });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('This image could not be read');

    const huge = Buffer.concat([await testImage('huge.png'), Buffer.alloc(MAX_POSTER_BYTES, 0)]);
    const tooLarge = await s.request('PUT', `/api/files/${fileId}/poster`, { key, body: imageForm(huge, 'huge.png', 'image/png') });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/^The image must be at most /);
    const none = await s.request('PUT', `/api/files/${fileId}/poster`, { key, body: new FormData() });
    expect(none.status).toBe(400);
    expect((await file()).file_image).toBe(before);
    // The previous poster is still served, byte for byte: a refused or unreadable image never touched it.
    expect(await servedBytes()).toEqual(previous);
  });
});

describe('DELETE /api/files/{id}/poster', () => {
  it('goes back to the automatic poster, removes the chosen one and frees its bytes; a second time changes nothing', async () => {
    const chosen = (await file()).file_image as string;
    const bytesBefore = await usedBytes();
    const chosenBytes = (await s.app.media.size(imageKey(chosen)))!;
    const res = await s.request('DELETE', `/api/files/${fileId}/poster`, { key, headers: { 'if-match': await etag() } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Automatic poster restored');
    expect(res.body.data.file_image).toMatch(/\/thumb\.jpg$/);
    expect(await s.app.media.size(imageKey(chosen))).toBeNull();
    expect(await usedBytes()).toBe(bytesBefore - chosenBytes);
    const log = (await s.request('GET', `/api/files/${fileId}/activity`, { key })).body.data.activity;
    expect(log[0]).toMatchObject({ action: 'poster_reset' });
    const again = await s.request('DELETE', `/api/files/${fileId}/poster`, { key });
    expect(again.body).toMatchObject({ status: 'warning', message: 'The automatic poster is already shown' });
  });

  it('refuses to go back to an automatic poster the store does not hold (409), and keeps the chosen one', async () => {
    const chosen = (await s.request('PUT', `/api/files/${fileId}/poster`, { key, json: { time: 3 } })).body.data.file_image as string;
    const row = await s.app.db.get<{ file_rendition: string }>('SELECT file_rendition FROM files WHERE file_id = ?', [fileId]);
    const thumb = row!.file_rendition.replace(/master\.m3u8$/, 'thumb.jpg');
    const kept = path.join(work, 'thumb-kept.jpg');
    await s.app.media.getFile(thumb, kept);
    await s.app.media.delete(thumb);
    try {
      const res = await s.request('DELETE', `/api/files/${fileId}/poster`, { key });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ status: 'error', message: 'This video has no automatic poster to go back to' });
      expect((await file()).file_image).toBe(chosen);
      expect(await s.app.media.size(imageKey(chosen))).toBeGreaterThan(0);
    } finally {
      await s.app.media.putFile(thumb, kept);
    }
    expect((await s.request('DELETE', `/api/files/${fileId}/poster`, { key })).status).toBe(200);
  });

  it('a purge removes a chosen poster with the file and frees its bytes', async () => {
    const res = await s.request('PUT', `/api/files/${fileId}/poster`, { key, json: { time: 2 } });
    const poster = imageKey(res.body.data.file_image);
    expect(await s.app.media.size(poster)).toBeGreaterThan(0);
    expect((await s.request('DELETE', `/api/files/${fileId}`, { key })).status).toBe(200);
    expect((await s.request('DELETE', `/api/files/${fileId}?permanent=1`, { key })).status).toBe(200);
    expect(await s.app.media.size(poster)).toBeNull();
    expect(await usedBytes()).toBe(0);
  });
});
