import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** A one-cue SubRip track that shows for the first 5 s. */
export const SRT = '1\n00:00:00,000 --> 00:00:05,000\nHello from the subtitles\n';
export const CUE_TEXT = 'Hello from the subtitles';

/** Adds SRT as the file's English track, through the API (the subtitle card is tested on its own). */
export async function addSubtitle(request: APIRequestContext, apiKey: string, fileId: number): Promise<void> {
  const sub = await request.post('/api/files/sub', {
    headers: { 'x-apikey': apiKey },
    multipart: {
      file_id: String(fileId),
      sub_lang: 'en',
      subtitle_file: { name: 'clip.en.srt', mimeType: 'text/plain', buffer: Buffer.from(SRT) },
    },
  });
  expect(sub.ok()).toBe(true);
}

/** On a player page (opened at `url` when given): captions on, play; time advances and the cue shows, without page errors. */
export async function expectPlaysWithCue(page: Page, url?: string): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  if (url) await page.goto(url);
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
    .toBe(CUE_TEXT);
  expect(errors).toEqual([]);
}
