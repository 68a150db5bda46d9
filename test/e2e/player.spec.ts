import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeTestClip } from '../../server/src/media/renditions';
import { apiAs, createAccount, expect, test } from './fixtures';

const SRT = '1\n00:00:00,000 --> 00:00:05,000\nHello from the subtitles\n';

test('a Completed file plays in its player page: time advances and a subtitle cue shows', async ({ page, request }) => {
  const account = createAccount(0);
  const api = await apiAs(request, account);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-e2e-clip-'));
  const clip = path.join(dir, 'clip.mp4');
  await makeTestClip(clip, { seconds: 4, width: 320, height: 180 });
  const headers = { 'x-apikey': api.apiKey };
  const added = await (
    await request.post('/api/files', {
      headers,
      multipart: { file_title: 'Player test clip', video_file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(clip) } },
    })
  ).json();
  fs.rmSync(dir, { recursive: true, force: true });
  const { file_id: fileId, file_slug: slug } = added.data.file;
  await expect.poll(async () => (await api.get(`/files/${fileId}`)).data.file_status, { timeout: 30_000 }).toBe(10);
  const sub = await request.post('/api/files/sub', {
    headers,
    multipart: {
      file_id: String(fileId),
      sub_lang: 'en',
      subtitle_file: { name: 'clip.en.srt', mimeType: 'text/plain', buffer: Buffer.from(SRT) },
    },
  });
  expect(sub.ok()).toBe(true);

  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto(`/player/${slug}`);
  await page.locator('media-captions-button').click();
  await page.locator('media-play-button').click();
  const video = page.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await expect
    .poll(() =>
      video.evaluate((v: HTMLVideoElement) => {
        const track = [...v.textTracks].find((t) => t.kind === 'subtitles' && t.mode === 'showing');
        return track?.activeCues?.[0] ? (track.activeCues[0] as VTTCue).text : null;
      }),
    )
    .toBe('Hello from the subtitles');
  expect(errors).toEqual([]);
});
