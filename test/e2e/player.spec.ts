import { addPlayableClip } from './clips';
import { apiAs, createAccount, expect, test } from './fixtures';

const SRT = '1\n00:00:00,000 --> 00:00:05,000\nHello from the subtitles\n';

test('a Completed file plays in its player page: time advances and a subtitle cue shows', async ({ page, request }) => {
  const api = await apiAs(request, createAccount(0));
  const { slug } = await addPlayableClip(request, api.apiKey, { title: 'Player test clip', subtitles: { en: SRT } });

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
