import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** A one-cue SubRip track that shows for the first 5 s. */
export const SRT = '1\n00:00:00,000 --> 00:00:05,000\nHello from the subtitles\n';
export const CUE_TEXT = 'Hello from the subtitles';

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
